import { useQuery } from '@tanstack/react-query';
import type { HeaderProfile } from '../../../../shared/header-profiles';
import type { ClockMove, Scenario } from '../../../../shared/lab';
import { describeOffset } from '../../../../shared/lab';
import { call } from '../../client/transport';
import { useEnvironment } from '../../client/EnvironmentProvider';
import { useAction } from '../../client/action';
import { SHOWN_IN_PLACE } from '../../client/errors';
import { windowI18n } from '../../i18n/i18n';

/** The lab clock's offset as the window says it: "+1h 30m", or the words for none. */
export const offsetWords = (ms: number): string => (ms === 0 ? windowI18n.t('lab:clock.noOffset') : describeOffset(ms));

const movedWords = (state: { now: number; offsetMs: number }): string =>
  windowI18n.t('lab:clock.moved', { now: new Date(state.now).toISOString(), offset: offsetWords(state.offsetMs) });

/** A scenario kind's name in the window's words. */
export const kindName = (kind: Scenario['kind']): string => windowI18n.t(`lab:scenarios.kinds.${kind}`);

export function useMoveClock() {
  return useAction({
    run: (move: ClockMove, environment) => call('lab.moveClock', { environment, move }),
    progress: (move) => windowI18n.t(`lab:clock.moves.${move}`),
    success: (state) => (state.on ? movedWords(state) : windowI18n.t('lab:clock.realAgain')),
    invalidates: ['lab', 'usage'],
  });
}

export function useAdvanceClock() {
  return useAction({
    run: (duration: string, environment) => call('lab.advanceClock', { environment, duration }),
    progress: (duration) => windowI18n.t('lab:clock.advancing', { duration }),
    success: movedWords,
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
    progress: (scenario) => windowI18n.t('lab:scenarios.starting', { kind: kindName(scenario.kind) }),
    success: (run) => windowI18n.t('lab:scenarios.started', { kind: kindName(run.kind), count: run.planned }),
    shownInPlace: SHOWN_IN_PLACE.always,
    // Its key may have been issued since the key picker last read the list: the picker then shows it.
    invalidates: ['lab', 'keys'],
  });
}

export function useCancelScenario() {
  return useAction({
    run: (id: number, environment) => call('lab.scenarioCancel', { environment, id }),
    progress: () => windowI18n.t('lab:scenarios.cancelling'),
    success: (run) => windowI18n.t('lab:scenarios.cancelled', { kind: kindName(run.kind), count: run.sent }),
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
    progress: (profile) => windowI18n.t('lab:headers.switching', { profile }),
    success: ({ profile }) => windowI18n.t('lab:headers.switched', { profile }),
    invalidates: ['lab'],
  });
}
