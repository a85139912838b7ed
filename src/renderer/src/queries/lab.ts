import { useQuery } from '@tanstack/react-query';
import type { ClockMove } from '../../../shared/lab';
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
