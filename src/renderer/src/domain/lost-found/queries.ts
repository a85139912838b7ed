import { useQuery } from '@tanstack/react-query';
import type { ConfirmInput, ReportInput, ReportQuery } from '../../../../shared/lost-found';
import { useAction } from '../../client/action';
import { useEnvironment } from '../../client/EnvironmentProvider';
import { SHOWN_IN_PLACE } from '../../client/errors';
import { call } from '../../client/transport';
import { windowI18n } from '../../i18n/i18n';

/** Reports, newest first; the `lost-found` topic fires with every report, intake and profile edit. */
export function useReports(query: ReportQuery) {
  const environment = useEnvironment();
  return useQuery({
    queryKey: [environment, 'lost-found', 'list', query],
    queryFn: () => call('lostFound.list', { environment, query }),
  });
}

export function useReport(reportId: number | null) {
  const environment = useEnvironment();
  return useQuery({
    queryKey: [environment, 'lost-found', 'get', reportId],
    queryFn: () => call('lostFound.get', { environment, reportId: reportId ?? 0 }),
    enabled: reportId !== null,
  });
}

/** The open lost reports a stray in care may be: its record's card. */
export function usePetMatches(petId: number) {
  const environment = useEnvironment();
  return useQuery({
    queryKey: [environment, 'lost-found', 'pet', petId],
    queryFn: () => call('lostFound.ofPet', { environment, petId }),
  });
}

export function useMatchesWaiting() {
  const environment = useEnvironment();
  return useQuery({
    queryKey: [environment, 'lost-found', 'waiting'],
    queryFn: () => call('lostFound.waiting', { environment }),
  });
}

export function useAddReport() {
  return useAction({
    run: (report: ReportInput, environment) => call('lostFound.add', { environment, report }),
    progress: windowI18n.t('lostFound:actions.adding'),
    success: ({ matches }) => windowI18n.t('lostFound:actions.added', { count: matches.length }),
    shownInPlace: SHOWN_IN_PLACE.always,
    invalidates: ['lost-found'],
  });
}

export function useConfirmMatch() {
  return useAction({
    run: (confirm: ConfirmInput, environment) => call('lostFound.confirm', { environment, confirm }),
    progress: windowI18n.t('lostFound:actions.confirming'),
    success: () => windowI18n.t('lostFound:actions.confirmed'),
    invalidates: ['lost-found', 'movements', 'pets'],
  });
}

export function useCloseReport() {
  return useAction({
    run: (reportId: number, environment) => call('lostFound.close', { environment, reportId }),
    progress: windowI18n.t('lostFound:actions.closing'),
    success: () => windowI18n.t('lostFound:actions.closed'),
    invalidates: ['lost-found'],
  });
}
