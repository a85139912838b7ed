import { useQuery } from '@tanstack/react-query';
import type { DoseChange, GiveInput, ScheduleInput, SkipInput, TreatmentInput } from '../../../shared/care';
import { call } from './transport';
import { useEnvironment } from './EnvironmentProvider';
import { topicsOf, useAction } from './action';
import { SHOWN_IN_PLACE } from './errors';

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
    progress: (round) => (round.doses.length === 1 ? 'Recording the dose…' : `Recording ${round.doses.length} doses…`),
    success: ({ doses }) =>
      doses.length === 1 ? 'Dose recorded as given.' : `${doses.length} doses recorded as given.`,
    shownInPlace: SHOWN_IN_PLACE.always,
    invalidates: topicsOf('care.give'),
  });
}

export function useSchedule() {
  return useAction({
    run: (dose: ScheduleInput, environment) => call('care.schedule', { environment, dose }),
    progress: 'Scheduling the dose…',
    success: (dose) => `${dose.vaccine} scheduled for ${dose.dueDate ?? ''}.`,
    shownInPlace: SHOWN_IN_PLACE.always,
    invalidates: topicsOf('care.schedule'),
  });
}

export function useEditDose() {
  return useAction({
    run: ({ doseId, changes }: { doseId: number; changes: DoseChange }, environment) =>
      call('care.editDose', { environment, doseId, changes }),
    progress: 'Saving the dose…',
    success: () => 'Dose saved.',
    shownInPlace: SHOWN_IN_PLACE.always,
    invalidates: topicsOf('care.editDose'),
  });
}

export function useSkip() {
  return useAction({
    run: (skip: SkipInput, environment) => call('care.skip', { environment, skip }),
    progress: 'Skipping the dose…',
    success: (dose) => `${dose.vaccine} skipped.`,
    shownInPlace: SHOWN_IN_PLACE.always,
    invalidates: topicsOf('care.skip'),
  });
}

export function useAddTreatment() {
  return useAction({
    run: (treatment: TreatmentInput, environment) => call('care.addTreatment', { environment, treatment }),
    progress: 'Recording…',
    success: () => 'Recorded.',
    shownInPlace: SHOWN_IN_PLACE.always,
    invalidates: topicsOf('care.addTreatment'),
  });
}
