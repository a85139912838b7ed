/**
 * Care: each animal's vaccinations, treatments and tests, and the protocols that
 * schedule the next doses at intake. PRIVATE, all of it: nothing here is published; what portals may
 * show is one derived yes/no (`upToDate`), handed to them by the engine.
 */
import { z } from 'zod';
import {
  MAX_ROUND,
  TEST_KINDS,
  TEST_RESULTS,
  TREATMENT_KINDS,
  type Dose,
  type DoseStatus,
  type DueBucket,
} from './care-records';

export * from './care-records';

const id = z.int({ error: 'must be a positive integer' }).positive({ error: 'must be a positive integer' });
const text = (max: number) =>
  z
    .string({ error: 'must be a string' })
    .trim()
    .min(1, { error: 'must not be empty' })
    .max(max, { error: `must be at most ${max} characters` });

function isRealDate(day: string): boolean {
  const date = new Date(`${day}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === day;
}

/** A calendar day, YYYY-MM-DD: vaccinations are dated by the day, as the certificate says. */
export const CareDaySchema = z
  .string({ error: 'must be a date, YYYY-MM-DD' })
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'must be a date, YYYY-MM-DD', abort: true })
  .refine(isRealDate, { error: 'must be a real date, YYYY-MM-DD', params: { reason: 'date_not_real' }, abort: true })
  .refine((day) => day >= '1900-01-01', { error: 'must be 1900 or later', params: { reason: 'date_before_1900' } });

/** A vaccine as staff name it: DHPP, FVRCP, Rabies, Bordetella… (the same name, case aside, is the same vaccine). */
export const VaccineSchema = text(40);

const weeks = () =>
  z
    .int({ error: 'must be a whole number of weeks' })
    .min(0, { error: 'must be 0 or more' })
    .max(1040, { error: 'must be at most 1040' });

/**
 * One dose a protocol gives: so many days after intake, or at an age in weeks (at intake when the
 * animal is older). A step after intake may have a minimum age: a younger animal's dose is due when it reaches it.
 */
export const ProtocolStepSchema = z
  .strictObject({
    vaccine: VaccineSchema,
    afterIntakeDays: z
      .int({ error: 'must be a whole number of days' })
      .min(0, { error: 'must be 0 or more' })
      .max(3650, { error: 'must be at most 3650' })
      .optional(),
    atAgeWeeks: weeks().optional(),
    minAgeWeeks: weeks().optional(),
  })
  .refine((step) => (step.afterIntakeDays === undefined) !== (step.atAgeWeeks === undefined), {
    error: 'give either afterIntakeDays or atAgeWeeks',
    params: { reason: 'step_timing_both' },
  })
  .refine((step) => step.minAgeWeeks === undefined || step.afterIntakeDays !== undefined, {
    error: 'minAgeWeeks goes with afterIntakeDays (an age step is at its age already)',
    path: ['minAgeWeeks'],
    params: { reason: 'step_min_age_without_days' },
  });
export type ProtocolStep = z.infer<typeof ProtocolStepSchema>;

export const ProtocolStepsSchema = z.array(ProtocolStepSchema).max(30, { error: 'at most 30 steps' });

/** A category's protocol set by staff; `steps: null` goes back to the shipped default. */
export const ProtocolInputSchema = z.strictObject({ categoryId: id, steps: ProtocolStepsSchema.nullable() });
export type ProtocolInput = z.input<typeof ProtocolInputSchema>;

/** What a category's protocol is when staff never set one: by its age scale (dogs, cats), nothing for the others. */
// DHPP and FVRCP are licensed from 6 weeks of age, rabies from 12 (given here at 16).
export const SHIPPED_PROTOCOLS: Record<'dog' | 'cat' | 'other', readonly ProtocolStep[]> = {
  dog: [
    { vaccine: 'DHPP', afterIntakeDays: 0, minAgeWeeks: 6 },
    { vaccine: 'DHPP', afterIntakeDays: 21, minAgeWeeks: 6 },
    { vaccine: 'Rabies', atAgeWeeks: 16 },
  ],
  // "Again after 3–4 weeks": due at 3, so the dose is on the list as soon as it may be given.
  cat: [
    { vaccine: 'FVRCP', afterIntakeDays: 0, minAgeWeeks: 6 },
    { vaccine: 'FVRCP', afterIntakeDays: 21, minAgeWeeks: 6 },
    { vaccine: 'Rabies', atAgeWeeks: 16 },
  ],
  other: [],
};

export const ScheduleInputSchema = z.strictObject({
  petId: id,
  vaccine: VaccineSchema,
  dueDate: CareDaySchema,
  notes: text(2000).optional(),
});
export type ScheduleInput = z.input<typeof ScheduleInputSchema>;

/** One dose of a round: a pet and the vaccine it gets, with that vial's batch; `doseId` names the scheduled dose it fulfils (else the earliest one waiting, else a new record). */
export const RoundDoseSchema = z.strictObject({
  petId: id,
  vaccine: VaccineSchema,
  batch: text(60),
  manufacturer: text(100).optional(),
  expiresDate: CareDaySchema.optional(),
  doseId: id.optional(),
});

/** "Given", for one animal or a whole round at once: all are recorded, or none. */
export const GiveInputSchema = z
  .strictObject({
    doses: z
      .array(RoundDoseSchema)
      .min(1, { error: 'give at least one dose' })
      .max(MAX_ROUND, { error: `at most ${MAX_ROUND} doses at once` }),
    /** Default today. */
    givenDate: CareDaySchema.optional(),
    /** Who gave it, as staff write their name. */
    givenBy: text(100).optional(),
    /** The vet, from the people register. */
    vetId: id.optional(),
    notes: text(2000).optional(),
  })
  .superRefine((round, context) => {
    const seen = new Set<string>();
    round.doses.forEach((dose, index) => {
      const key = `${dose.petId}:${dose.vaccine.toLowerCase()}`;
      if (seen.has(key))
        context.addIssue({
          code: 'custom',
          path: ['doses', index, 'petId'],
          message: `gives ${dose.vaccine} to pet ${dose.petId} twice`,
          params: { reason: 'dose_twice', vaccine: dose.vaccine },
        });
      seen.add(key);
    });
  });
export type GiveInput = z.input<typeof GiveInputSchema>;

/** A change of one vaccination: a field given sets it, `null` clears it. A due date set by hand stops following the animal's age. */
export const DoseChangeSchema = z.strictObject({
  vaccine: VaccineSchema.optional(),
  dueDate: CareDaySchema.optional(),
  givenDate: CareDaySchema.optional(),
  expiresDate: CareDaySchema.nullable().optional(),
  batch: text(60).optional(),
  manufacturer: text(100).nullable().optional(),
  givenBy: text(100).nullable().optional(),
  vetId: id.nullable().optional(),
  notes: text(2000).nullable().optional(),
});
export type DoseChange = z.input<typeof DoseChangeSchema>;

export const SkipInputSchema = z.strictObject({ doseId: id, reason: text(500) });
export type SkipInput = z.input<typeof SkipInputSchema>;

export const TreatmentInputSchema = z
  .strictObject({
    petId: id,
    kind: z.enum(TREATMENT_KINDS, { error: `must be one of ${TREATMENT_KINDS.join(', ')}` }),
    /** The product or the test's name (Milbemax, SNAP FIV/FeLV…). */
    product: text(100).optional(),
    givenDate: CareDaySchema.optional(),
    result: z.enum(TEST_RESULTS, { error: `must be one of ${TEST_RESULTS.join(', ')}` }).optional(),
    /** When the next one is due (a monthly flea treatment). */
    nextDueDate: CareDaySchema.optional(),
    givenBy: text(100).optional(),
    vetId: id.optional(),
    notes: text(2000).optional(),
  })
  .superRefine((treatment, context) => {
    if (treatment.result !== undefined && !TEST_KINDS.includes(treatment.kind))
      context.addIssue({
        code: 'custom',
        path: ['result'],
        message: `only a test has a result (${TEST_KINDS.join(', ')})`,
        params: { reason: 'result_without_test' },
      });
  });
export type TreatmentInput = z.input<typeof TreatmentInputSchema>;

export const TreatmentChangeSchema = z.strictObject({
  product: text(100).nullable().optional(),
  givenDate: CareDaySchema.optional(),
  result: z
    .enum(TEST_RESULTS, { error: `must be one of ${TEST_RESULTS.join(', ')}` })
    .nullable()
    .optional(),
  nextDueDate: CareDaySchema.nullable().optional(),
  givenBy: text(100).nullable().optional(),
  vetId: id.nullable().optional(),
  notes: text(2000).nullable().optional(),
});
export type TreatmentChange = z.input<typeof TreatmentChangeSchema>;

export const DueQuerySchema = z.strictObject({
  /** Rows due up to this many days after today (the "this week" of the list). */
  days: z.int().min(0).max(365).optional(),
  /** The shelter's offset from UTC in minutes, so "today" is the shelter's day (as the Today page). */
  utcOffsetMinutes: z
    .int()
    .min(-14 * 60)
    .max(14 * 60)
    .optional(),
});
export type DueQuery = z.input<typeof DueQuerySchema>;

export interface CategoryProtocol {
  categoryId: number;
  category: string;
  steps: ProtocolStep[];
  /** True while staff never set one: the shipped default for the category's age scale. */
  shipped: boolean;
}

const DAY_MS = 86_400_000;

/** The calendar day of `ms` at `utcOffsetMinutes` from UTC, YYYY-MM-DD. */
export function dayAt(ms: number, utcOffsetMinutes = 0): string {
  return new Date(ms + utcOffsetMinutes * 60_000).toISOString().slice(0, 10);
}

export function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);
}

/** The day a birth date stands for: itself, or the middle of the month or year an estimate names (as ageInMonths counts). */
export function birthDay(birthDate: string): string {
  if (birthDate.length === 4) return `${birthDate}-07-01`;
  if (birthDate.length === 7) return `${birthDate}-15`;
  return birthDate;
}

/** When an age step falls due: at that age, never before the intake; at the intake when the age is unknown. */
export function ageDueDate(atAgeWeeks: number, notBefore: string, birthDate: string | undefined): string {
  if (!birthDate) return notBefore;
  const due = addDays(birthDay(birthDate), atAgeWeeks * 7);
  return due > notBefore ? due : notBefore;
}

/** A dose a protocol step schedules at an intake on `intakeDay`: a due date, or an age rule the due date follows. */
export interface PlannedDose {
  step: number;
  vaccine: string;
  dueDate: string;
  /** Set for an age step, and a step whose minimum age the animal has not reached: the due date follows the birth date until staff set one. */
  atAgeWeeks: number | null;
  /** The earliest day of a step whose minimum age moved it (its day after intake); an age step's is the intake day. */
  notBefore?: string;
}

/**
 * The doses a protocol gives an animal taken in on `intakeDay`, in step order. A step after intake
 * that the animal is too young for falls when it reaches the step's minimum age, and the later steps
 * after intake move as far, so a booster keeps its interval from the first dose.
 */
export function planDoses(
  steps: readonly ProtocolStep[],
  intakeDay: string,
  birthDate: string | undefined,
): PlannedDose[] {
  let delay = 0;
  return steps.map((step, index) => {
    if (step.atAgeWeeks !== undefined)
      return {
        step: index,
        vaccine: step.vaccine,
        dueDate: ageDueDate(step.atAgeWeeks, intakeDay, birthDate),
        atAgeWeeks: step.atAgeWeeks,
      };
    const day = addDays(intakeDay, (step.afterIntakeDays ?? 0) + delay);
    const dueDate = step.minAgeWeeks === undefined ? day : ageDueDate(step.minAgeWeeks, day, birthDate);
    delay += daysBetween(day, dueDate);
    if (dueDate === day) return { step: index, vaccine: step.vaccine, dueDate, atAgeWeeks: null };
    // Moved by the animal's age: the dose follows a birth date corrected later, never before its day after intake.
    return { step: index, vaccine: step.vaccine, dueDate, atAgeWeeks: step.minAgeWeeks ?? null, notBefore: day };
  });
}

/** A dose as stored: an age rule (`ageWeeks`, `notBefore`) in place of a due date while the due date follows the animal's age. */
export type StoredDose = Omit<Dose, 'dueDate' | 'followsAge'> & {
  dueDate: string | null;
  ageWeeks: number | null;
  notBefore: string | null;
};

/** The dose as staff see it, its age rule worked out with the birth date as it is now. */
export function resolveDose({ ageWeeks, notBefore, ...dose }: StoredDose, birthDate: string | undefined): Dose {
  const followsAge = dose.status === 'scheduled' && dose.dueDate === null && ageWeeks !== null;
  return {
    ...dose,
    dueDate: followsAge ? ageDueDate(ageWeeks, notBefore ?? '1900-01-01', birthDate) : dose.dueDate,
    followsAge,
  };
}

/** The bucket of a dose due on `dueDate`, seen on `today`. */
export function bucketOf(dueDate: string, today: string): DueBucket {
  if (dueDate < today) return 'overdue';
  return dueDate === today ? 'today' : 'soon';
}

/** Where a dose stands on `today`: done (given, skipped), or waiting and then overdue, due today or due later, as the due list buckets it. */
export type DoseState = Exclude<DoseStatus, 'scheduled'> | DueBucket;

/** The one reading of a dose's state, for the record's Care tab as for the due list; a waiting dose with no due date yet is `soon`. */
export function doseState(dose: Pick<Dose, 'status' | 'dueDate'>, today: string): DoseState {
  if (dose.status !== 'scheduled') return dose.status;
  return dose.dueDate === null ? 'soon' : bucketOf(dose.dueDate, today);
}

/**
 * Whether an animal is current on its shots on `today`: at least one dose given, none waiting past
 * its due date, and no vaccine whose latest dose has expired. Null when nothing was ever given or
 * scheduled (unknown, as the portals' blank).
 */
export function shotsCurrent(
  doses: readonly Pick<Dose, 'vaccine' | 'status' | 'dueDate' | 'givenDate' | 'expiresDate'>[],
  today: string,
): boolean | null {
  const given = doses.filter((dose) => dose.status === 'given');
  const waiting = doses.filter((dose) => dose.status === 'scheduled');
  if (given.length === 0) return waiting.length === 0 ? null : false;
  if (waiting.some((dose) => dose.dueDate !== null && dose.dueDate < today)) return false;
  const latest = new Map<string, (typeof given)[number]>();
  for (const dose of given) {
    const key = dose.vaccine.toLowerCase();
    const seen = latest.get(key);
    if (!seen || (dose.givenDate ?? '') > (seen.givenDate ?? '')) latest.set(key, dose);
  }
  return [...latest.values()].every((dose) => dose.expiresDate === null || dose.expiresDate >= today);
}
