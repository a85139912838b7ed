import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEnvironment } from '../../client/EnvironmentProvider';
import { call } from '../../client/transport';

/**
 * The shelter's day in one read. Its clock is the engine's real one (the quota lab never moves
 * records), and its day is this computer's: midnight to midnight at the window's own UTC offset.
 * A new arrival comes with the `movements` topic.
 */
export function useToday(waitingDays: number) {
  const environment = useEnvironment();
  const utcOffsetMinutes = -new Date().getTimezoneOffset();
  return useQuery({
    queryKey: [environment, 'movements', 'today', { waitingDays, utcOffsetMinutes }],
    queryFn: () => call('movements.today', { environment, query: { waitingDays, utcOffsetMinutes, longest: 10 } }),
    placeholderData: keepPreviousData,
    // Kept: the day turns over and the days waited grow as time passes, with no write to tell of it.
    refetchInterval: 60_000,
  });
}
