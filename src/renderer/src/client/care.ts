import { useQuery } from '@tanstack/react-query';
import type { DoseChange, GiveInput, ScheduleInput, SkipInput, TreatmentInput } from '../../../shared/care';
import { call } from './transport';
import { useEnvironment } from './EnvironmentProvider';
import { topicsOf, useAction } from './action';
import { SHOWN_IN_PLACE } from './errors';
import { windowI18n } from '../i18n/i18n';

/** The window's own offset: the due list's "today" is the day staff see on their clock. */
const utcOffsetMinutes = () => -new Date().getTimezoneOffset();

export function useCareRecord(petId: number) {
  const environment = useEnvironment();
  return useQuery({
    queryKey: [environment, 'care', 'record', petId],
    queryFn: () => call('care.record', { environment, petId }),
  });
}

export function useDueList(days: number) {
  const environment = useEnvironment();
  return useQuery({
    queryKey: [environment, 'care', 'due', days],
    queryFn: () => call('care.due', { environment, query: { days, utcOffsetMinutes: utcOffsetMinutes() } }),
  });
}

/** Vets from the people register, for the vet field; not asked for by a role without the people (`enabled`). */
export function useVets(enabled = true) {
  const environment = useEnvironment();
  return useQuery({
    queryKey: [environment, 'people', 'vets'],
    queryFn: () => call('people.list', { environment, query: { role: 'vet', limit: 500 } }),
    enabled,
  });
}

export function useGive() {
  return useAction({
    run: (round: GiveInput, environment) => call('care.give', { environment, round }),
    progress: (round) => windowI18n.t('care:toast.giving', { count: round.doses.length }),
    success: ({ doses }) => windowI18n.t('care:toast.given', { count: doses.length }),
    shownInPlace: SHOWN_IN_PLACE.always,
    invalidates: topicsOf('care.give'),
  });
}

export function useSchedule() {
  return useAction({
    run: (dose: ScheduleInput, environment) => call('care.schedule', { environment, dose }),
    progress: () => windowI18n.t('care:toast.scheduling'),
    success: (dose) => windowI18n.t('care:toast.scheduled', { vaccine: dose.vaccine, date: dose.dueDate ?? '' }),
    shownInPlace: SHOWN_IN_PLACE.always,
    invalidates: topicsOf('care.schedule'),
  });
}

export function useEditDose() {
  return useAction({
    run: ({ doseId, changes }: { doseId: number; changes: DoseChange }, environment) =>
      call('care.editDose', { environment, doseId, changes }),
    progress: () => windowI18n.t('care:toast.saving'),
    success: () => windowI18n.t('care:toast.saved'),
    shownInPlace: SHOWN_IN_PLACE.always,
    invalidates: topicsOf('care.editDose'),
  });
}

export function useSkip() {
  return useAction({
    run: (skip: SkipInput, environment) => call('care.skip', { environment, skip }),
    progress: () => windowI18n.t('care:toast.skipping'),
    success: (dose) => windowI18n.t('care:toast.skipped', { vaccine: dose.vaccine }),
    shownInPlace: SHOWN_IN_PLACE.always,
    invalidates: topicsOf('care.skip'),
  });
}

export function useAddTreatment() {
  return useAction({
    run: (treatment: TreatmentInput, environment) => call('care.addTreatment', { environment, treatment }),
    progress: () => windowI18n.t('care:toast.recording'),
    success: () => windowI18n.t('care:toast.recorded'),
    shownInPlace: SHOWN_IN_PLACE.always,
    invalidates: topicsOf('care.addTreatment'),
  });
}
