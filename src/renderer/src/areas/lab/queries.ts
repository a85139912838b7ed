import { useQuery } from '@tanstack/react-query';
import type { HeaderProfile } from '../../../../shared/header-profiles';
import type { ClockMove, Scenario } from '../../../../shared/lab';
import { describeOffset } from '../../../../shared/lab';
import { call } from '../../client/transport';
import { useEnvironment } from '../../client/EnvironmentProvider';
import { useAction } from '../../client/action';
import { SHOWN_IN_PLACE } from '../../client/errors';

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
    success: (state) =>
      state.on
        ? `Lab clock: ${new Date(state.now).toISOString()} (${describeOffset(state.offsetMs)}).`
        : 'The API runs on real time again.',
    invalidates: ['lab', 'usage'],
  });
}

export function useAdvanceClock() {
  return useAction({
    run: (duration: string, environment) => call('lab.advanceClock', { environment, duration }),
    progress: (duration) => `Moving the lab clock ${duration} forward…`,
    success: (state) => `Lab clock: ${new Date(state.now).toISOString()} (${describeOffset(state.offsetMs)}).`,
    shownInPlace: SHOWN_IN_PLACE.always,
    invalidates: ['lab', 'usage'],
  });
}

/** A key's compliance report; refreshed while traffic may still arrive. */
export function useComplianceReport(keyId: number | null, range: { from?: number; to?: number }) {
  const environment = useEnvironment();
  return useQuery({
    queryKey: [environment, 'lab', 'report', keyId, range],
    queryFn: () => call('lab.report', { environment, keyId: keyId ?? 0, ...range }),
    enabled: keyId !== null,
    // Kept: it reads the request log, which grows with API traffic, not with a change topic.
    refetchInterval: 2_000,
    staleTime: 0,
    placeholderData: (previous) => previous,
  });
}

/** Scenario runs of this environment; polled quickly while one is running. */
export function useScenarioRuns() {
  const environment = useEnvironment();
  return useQuery({
    queryKey: [environment, 'lab', 'scenarios'],
    queryFn: () => call('lab.scenarios', { environment }),
    // Kept: runs live in the serving process's memory, not the database, so no change topic tells of them.
    refetchInterval: (query) => (query.state.data?.some((run) => run.state === 'running') ? 500 : 3_000),
    staleTime: 0,
  });
}

export function useStartScenario() {
  return useAction({
    run: (scenario: Scenario, environment) => call('lab.scenarioStart', { environment, scenario }),
    progress: (scenario) => `Starting the ${scenario.kind} scenario…`,
    success: (run) => `Scenario ${run.kind} started: ${run.planned} request(s) planned.`,
    shownInPlace: SHOWN_IN_PLACE.always,
    // Its key may have been issued since the key picker last read the list: the picker then shows it.
    invalidates: ['lab', 'keys'],
  });
}

export function useCancelScenario() {
  return useAction({
    run: (id: number, environment) => call('lab.scenarioCancel', { environment, id }),
    progress: 'Cancelling the scenario…',
    success: (run) => `Scenario ${run.kind} cancelled after ${run.sent} request(s).`,
    invalidates: ['lab'],
  });
}

/** The environment's header profile; set elsewhere (the CLI, another desk), the `lab` topic refreshes it. */
export function useHeaderProfile() {
  const environment = useEnvironment();
  return useQuery({
    queryKey: [environment, 'lab', 'header-profile'],
    queryFn: () => call('lab.headerProfile', { environment }),
  });
}

export function useSetHeaderProfile() {
  return useAction({
    run: (profile: HeaderProfile, environment) => call('lab.setHeaderProfile', { environment, profile }),
    progress: (profile) => `Switching to the ${profile} header profile…`,
    success: ({ profile }) => `The API now answers with the ${profile} header profile.`,
    invalidates: ['lab'],
  });
}
