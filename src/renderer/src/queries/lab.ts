import { useQuery } from '@tanstack/react-query';
import type { ClockMove, RequestFilter } from '../../../shared/lab';
import { describeOffset } from '../../../shared/lab';
import { call } from '../api/transport';
import { useEnvironment } from '../environment';
import { useAction } from './action';

/** The lab clock of the environment shown; polled, since the CLI may move it from another process. */
export function useLabClock() {
  const environment = useEnvironment();
  return useQuery({
    queryKey: [environment, 'lab', 'clock'],
    queryFn: () => call('lab.clock', { environment }),
    refetchInterval: 2_000,
    staleTime: 0,
  });
}

const MOVE_WORDS: Record<ClockMove, string> = {
  on: 'Turning the lab clock on…',
  'next-minute': 'Jumping to the next minute window…',
  'next-day': 'Jumping to the next day window…',
  reset: 'Going back to real time…',
};

export function useMoveClock() {
  return useAction({
    run: (move: ClockMove, environment) => call('lab.moveClock', { environment, move }),
    progress: (move) => MOVE_WORDS[move],
    success: (state) => (state.on ? `Lab clock: ${new Date(state.now).toISOString()} (${describeOffset(state.offsetMs)}).` : 'The API runs on real time again.'),
    invalidates: ['lab', 'usage'],
  });
}

export function useAdvanceClock() {
  return useAction({
    run: (duration: string, environment) => call('lab.advanceClock', { environment, duration }),
    progress: (duration) => `Moving the lab clock ${duration} forward…`,
    success: (state) => `Lab clock: ${new Date(state.now).toISOString()} (${describeOffset(state.offsetMs)}).`,
    shownInPlace: () => true,
    invalidates: ['lab', 'usage'],
  });
}

/** The request log, newest first; live (polled) unless paused. */
export function useRequestLog(filter: RequestFilter, live: boolean) {
  const environment = useEnvironment();
  return useQuery({
    queryKey: [environment, 'lab', 'requests', filter],
    queryFn: () => call('lab.requests', { environment, filter: { limit: 500, ...filter } }),
    refetchInterval: live ? 1_000 : false,
    staleTime: 0,
    placeholderData: (previous) => previous,
  });
}

/** A key's compliance report; refreshed while traffic may still arrive. */
export function useComplianceReport(keyId: number | null, range: { from?: number; to?: number }) {
  const environment = useEnvironment();
  return useQuery({
    queryKey: [environment, 'lab', 'report', keyId, range],
    queryFn: () => call('lab.report', { environment, keyId: keyId ?? 0, ...range }),
    enabled: keyId !== null,
    refetchInterval: 2_000,
    staleTime: 0,
    placeholderData: (previous) => previous,
  });
}
