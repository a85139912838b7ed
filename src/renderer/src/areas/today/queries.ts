import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEnvironment } from '../../client/EnvironmentProvider';
import { call } from '../../client/transport';

/**
 * The shelter's day in one read. Its clock is the engine's real one (the quota lab never moves
 * records), and its day is this computer's: midnight to midnight at the window's own UTC offset.
 * Polled each minute, so the day turns over and new arrivals show without a reload.
 */
export function useToday(waitingDays: number) {
  const environment = useEnvironment();
  const utcOffsetMinutes = -new Date().getTimezoneOffset();
  return useQuery({
    queryKey: [environment, 'movements', 'today', { waitingDays, utcOffsetMinutes }],
    queryFn: () => call('movements.today', { environment, query: { waitingDays, utcOffsetMinutes, longest: 10 } }),
    placeholderData: keepPreviousData,
    refetchInterval: 60_000,
  });
}
