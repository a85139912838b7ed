/** The window's words for care: treatment kinds, test results, dose states. */
import { daysBetween, type DoseState, type TestResult, type TreatmentKind } from '../../../../shared/care';
import type { ConflictDetails } from '../../../../shared/errors';
import type { Failure } from '../../client/errors';
import { AdminCallError } from '../../client/transport';

export const TREATMENT_LABELS: Record<TreatmentKind, string> = {
  deworming: 'Deworming',
  flea_tick: 'Flea and tick',
  fiv_felv_test: 'FIV/FeLV test',
  heartworm_test: 'Heartworm test',
  spay_neuter: 'Spay/neuter',
  other_treatment: 'Other treatment',
  other_test: 'Other test',
};

export const RESULT_LABELS: Record<TestResult, string> = {
  negative: 'Negative',
  positive: 'Positive',
  inconclusive: 'Inconclusive',
};

/** A dose's state (shared/care.ts doseState) as the Care tab's badge says it, in the due list's words. */
export const STATE_LABELS: Record<DoseState, { label: string; color: string }> = {
  overdue: { label: 'Overdue', color: 'red' },
  today: { label: 'Due today', color: 'orange' },
  soon: { label: 'Due', color: 'blue' },
  given: { label: 'Given', color: 'green' },
  skipped: { label: 'Skipped', color: 'gray' },
};

/** " (8 days late)" after an overdue dose's due date, as the due list says it; nothing otherwise. */
export function lateWords(dueDate: string | null, today: string): string {
  const late = dueDate === null ? 0 : daysBetween(dueDate, today);
  return late > 0 ? ` (${late} day${late === 1 ? '' : 's'} late)` : '';
}

/** Today on the window's calendar, YYYY-MM-DD (the default day of a dose given). */
export function todayHere(): string {
  const now = new Date();
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
}

/** "Up to date" as the record's badge says it. */
export function upToDateWords(upToDate: boolean | null): { label: string; color: string } {
  if (upToDate === null) return { label: 'No vaccinations recorded', color: 'gray' };
  return upToDate
    ? { label: 'Vaccinations up to date', color: 'green' }
    : { label: 'Vaccinations not up to date', color: 'orange' };
}

/** A round refused by a care rule, in the window's words with the animals' names; null: worded the usual way. */
export function roundRefusal(error: unknown, nameOf: (petId: number) => string): Failure | null {
  const rule =
    error instanceof AdminCallError && error.code === 'conflict'
      ? (error.details as ConflictDetails | undefined)
      : undefined;
  const nothing = 'Nothing of this round was recorded: leave that animal out, or close and look again.';
  if (rule?.reason === 'dose_not_waiting')
    return {
      title: `${nameOf(rule.petId)}: that dose was ${rule.status} already`,
      message: `Someone may have just recorded it. ${nothing}`,
    };
  if (rule?.reason === 'already_given')
    return { title: `${nameOf(rule.petId)} had ${rule.vaccine} on ${rule.givenDate} already`, message: nothing };
  if (rule?.reason === 'care_date_in_future')
    return {
      title: 'That day has not come yet',
      message: `Choose the day the vaccine was given (today is ${rule.today}).`,
    };
  return null;
}
