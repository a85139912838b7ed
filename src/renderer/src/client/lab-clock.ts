import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useEnvironment } from './EnvironmentProvider';
import { call } from './transport';

/** The lab clock of the environment shown; a move anywhere (the CLI, another desk) comes with the `lab` topic. */
export function useLabClock() {
  const environment = useEnvironment();
  return useQuery({
    queryKey: [environment, 'lab', 'clock'],
    queryFn: () => call('lab.clock', { environment }),
    // Kept: the clock runs, and the time shown (the banner, the lab's card) moves with it.
    refetchInterval: 2_000,
    staleTime: 0,
  });
}

/** Answers computed from the engine's clock that no other poll refreshes: the 30-minute re-verify flag of certificates, the submissions past their retention. */
const FOLLOWS_THE_CLOCK = new Set(['sites', 'certificates', 'applications']);

/**
 * When the lab clock moves (here or from the CLI), what was computed at the old time is refetched,
 * so a certificate past the 30-minute rule shows its re-verify prompt at once.
 */
export function useRefreshOnClockMove(): void {
  const environment = useEnvironment();
  const queryClient = useQueryClient();
  const clock = useLabClock();
  const offset = clock.data ? (clock.data.on ? clock.data.offsetMs : null) : undefined;
  const seen = useRef<{ environment: string; offset: number | null } | undefined>(undefined);
  useEffect(() => {
    if (offset === undefined) return;
    const before = seen.current;
    seen.current = { environment, offset };
    if (before?.environment !== environment || before.offset === offset) return;
    void queryClient.invalidateQueries({
      predicate: (query) => query.queryKey[0] === environment && FOLLOWS_THE_CLOCK.has(String(query.queryKey[1])),
    });
  }, [environment, offset, queryClient]);
}
