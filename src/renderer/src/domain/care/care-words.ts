/** The window's words for care: treatment kinds, test results, dose states (the domain's words, `domain:care`). */
import { daysBetween, type DoseState, type TestResult, type TreatmentKind } from '../../../../shared/care';
import type { ConflictDetails } from '../../../../shared/errors';
import type { Failure } from '../../client/errors';
import { AdminCallError } from '../../client/transport';
import { windowI18n } from '../../i18n/i18n';
import { formatCalendarDay } from '../../ui/format';

const t = windowI18n.t.bind(windowI18n);

export const treatmentWords = (kind: TreatmentKind): string => t(`domain:care.treatment.${kind}`);

export const resultWords = (result: TestResult): string => t(`domain:care.result.${result}`);

const STATE_COLOURS: Record<DoseState, string> = {
  overdue: 'red',
  today: 'orange',
  soon: 'blue',
  given: 'green',
  skipped: 'gray',
};

/** A dose's state (shared/care.ts doseState) as the Care tab's badge says it, in the due list's words. */
export function stateWords(state: DoseState): { label: string; color: string } {
  return { label: t(`domain:care.doseState.${state}`), color: STATE_COLOURS[state] };
}

/** " (8 days late)" after an overdue dose's due date, as the due list says it; nothing otherwise. */
export function lateWords(dueDate: string | null, today: string): string {
  const late = dueDate === null ? 0 : daysBetween(dueDate, today);
  return late > 0 ? t('care:daysLate', { count: late }) : '';
}

/** Today on the window's calendar, YYYY-MM-DD (the default day of a dose given). */
export function todayHere(): string {
  const now = new Date();
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
}

/** "Up to date" as the record's badge says it. */
export function upToDateWords(upToDate: boolean | null): { label: string; color: string } {
  if (upToDate === null) return { label: t('domain:care.upToDate.none'), color: 'gray' };
  return upToDate
    ? { label: t('domain:care.upToDate.yes'), color: 'green' }
    : { label: t('domain:care.upToDate.no'), color: 'orange' };
}

/** A round refused by a care rule, in the window's words with the animals' names; null: worded the usual way. */
export function roundRefusal(error: unknown, nameOf: (petId: number) => string): Failure | null {
  const rule =
    error instanceof AdminCallError && error.code === 'conflict'
      ? (error.details as ConflictDetails | undefined)
      : undefined;
  const nothing = t('care:refusal.nothingRecorded');
  if (rule?.reason === 'dose_not_waiting')
    return {
      title: t('care:refusal.notWaiting', {
        name: nameOf(rule.petId),
        status: t(`domain:care.doseStatus.${rule.status}`),
      }),
      message: t('care:refusal.notWaitingMessage', { nothing }),
    };
  if (rule?.reason === 'already_given')
    return {
      title: t('care:refusal.alreadyGiven', {
        name: nameOf(rule.petId),
        vaccine: rule.vaccine,
        date: formatCalendarDay(rule.givenDate),
      }),
      message: nothing,
    };
  if (rule?.reason === 'care_date_in_future')
    return {
      title: t('care:refusal.futureTitle'),
      message: t('care:refusal.futureMessage', { today: formatCalendarDay(rule.today) }),
    };
  return null;
}

const CARE_EVENTS = [
  'dose_scheduled',
  'dose_given',
  'dose_edited',
  'dose_skipped',
  'treatment_recorded',
  'treatment_edited',
] as const;

/** What the care history says happened; a kind the window does not know yet is shown as the engine names it. */
export function eventWords(kind: string): string {
  return (CARE_EVENTS as readonly string[]).includes(kind)
    ? t(`domain:care.event.${kind as (typeof CARE_EVENTS)[number]}`)
    : kind;
}
