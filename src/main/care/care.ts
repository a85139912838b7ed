import {
  DoseChangeSchema,
  DueQuerySchema,
  GiveInputSchema,
  ScheduleInputSchema,
  SkipInputSchema,
  TreatmentChangeSchema,
  TreatmentInputSchema,
  TEST_KINDS,
  bucketOf,
  dayAt,
  addDays,
  daysBetween,
  resolveDose,
  shotsCurrent,
  type CareRecord,
  type Dose,
  type DoseChange,
  type DueDose,
  type DueList,
  type DueQuery,
  type GiveInput,
  type GivenRound,
  type ScheduleInput,
  type SkipInput,
  type StoredDose,
  type Treatment,
  type TreatmentChange,
  type TreatmentInput,
} from '../../shared/care';
import { AppError } from '../../shared/errors';
import type { Face } from '../../shared/movements';
import { parseOrThrow } from '../../shared/validation';
import { changedFields, doseColumns, treatmentColumns } from './columns';
import { CareProtocols } from './protocols';
import { CareRules, conflict, type CareDeps } from './rules';

/** The days of the due list after today ("this week"). */
const DEFAULT_DUE_DAYS = 7;

/**
 * The rules of an animal's care: doses scheduled, given (one at a time or a round of many, all or
 * nothing) or skipped with a reason; treatments and tests; the due list and whether an animal is
 * current on its shots. Every change goes to the animal's care history with the face that made it.
 * Days are the shelter's calendar days (YYYY-MM-DD), "today" from the injected clock. The checks
 * that refuse a change are in rules.ts.
 */
export class CareService extends CareRules {
  /** Each category's protocol, and the doses it schedules at an intake. */
  readonly protocols: CareProtocols;

  constructor(deps: CareDeps) {
    super(deps);
    this.protocols = new CareProtocols(this.store, deps.clock, deps.changes, deps.birthDateOf);
  }

  /** One animal's care: doses (waiting first, by due date), treatments, spay/neuter day, up to date, history. */
  record(petId: number): CareRecord {
    this.requirePet(petId);
    const doses = this.dosesOf(petId);
    const today = this.today();
    const waiting = doses
      .filter((dose) => dose.status === 'scheduled')
      .sort((a, b) => (a.dueDate ?? '').localeCompare(b.dueDate ?? '') || a.id - b.id);
    const done = doses
      .filter((dose) => dose.status !== 'scheduled')
      .sort((a, b) => (b.givenDate ?? b.dueDate ?? '').localeCompare(a.givenDate ?? a.dueDate ?? '') || b.id - a.id);
    return {
      petId,
      doses: [...waiting, ...done],
      treatments: this.store.treatmentsOf(petId),
      spayNeuterDate: this.store.spayNeuter(petId)?.givenDate ?? null,
      upToDate: shotsCurrent(doses, today),
      today,
      history: this.store.eventsOf(petId),
    };
  }

  /**
   * Whether the animal is current on its shots today (shared/care.ts shotsCurrent): what the
   * portals' shots fields say (RescueGroups `uptodate`, Petfinder `Shots`, Adopt-a-Pet `ShotsCurrent`).
   */
  /** The animal a dose is for; undefined when there is no such dose. */
  petOfDose(doseId: number): number | undefined {
    return this.store.dose(doseId)?.petId;
  }

  upToDate(petId: number): boolean | null {
    this.requirePet(petId);
    return shotsCurrent(this.dosesOf(petId), this.today());
  }

  /** upToDate for every animal with a dose given or waiting, in one query (portal exports of many animals); an animal absent: null. */
  upToDateAll(): Map<number, boolean | null> {
    const byPet = new Map<number, StoredDose[]>();
    for (const dose of this.store.allDoses()) byPet.set(dose.petId, [...(byPet.get(dose.petId) ?? []), dose]);
    const today = this.today();
    const result = new Map<number, boolean | null>();
    for (const [petId, stored] of byPet) {
      // The birth date is read only where an age rule needs it.
      const birthDate = stored.some((dose) => dose.ageWeeks !== null && dose.dueDate === null)
        ? this.deps.birthDateOf(petId)
        : undefined;
      result.set(
        petId,
        shotsCurrent(
          stored.map((dose) => resolveDose(dose, birthDate)),
          today,
        ),
      );
    }
    return result;
  }

  /** Doses waiting, of animals in care: overdue, due today, due in the next `days` days (7 unless told). */
  dueList(input: DueQuery = {}): DueList {
    const query = parseOrThrow(DueQuerySchema, input, 'query');
    const today =
      query.utcOffsetMinutes === undefined ? this.today() : dayAt(this.deps.clock.now(), query.utcOffsetMinutes);
    const until = addDays(today, query.days ?? DEFAULT_DUE_DAYS);
    const births = new Map<number, string | undefined>();
    const birthOf = (petId: number) => {
      if (!births.has(petId)) births.set(petId, this.deps.birthDateOf(petId));
      return births.get(petId);
    };
    const rows: DueDose[] = [];
    for (const { dose: stored, petName, category } of this.store.waitingInCare()) {
      const dose = resolveDose(stored, birthOf(stored.petId));
      if (dose.dueDate === null || dose.dueDate > until) continue;
      rows.push({
        dose,
        petName,
        category,
        bucket: bucketOf(dose.dueDate, today),
        overdueDays: daysBetween(dose.dueDate, today),
      });
    }
    rows.sort(
      (a, b) =>
        (a.dose.dueDate ?? '').localeCompare(b.dose.dueDate ?? '') ||
        a.petName.localeCompare(b.petName) ||
        a.dose.id - b.dose.id,
    );
    return {
      today,
      until,
      overdue: rows.filter((row) => row.bucket === 'overdue'),
      dueToday: rows.filter((row) => row.bucket === 'today'),
      soon: rows.filter((row) => row.bucket === 'soon'),
    };
  }

  /**
   * Waiting doses of every animal, in care or not, due on one of `days`: what the reminders read.
   * `birthDates` reads every animal's at once, for the doses that follow an age.
   */
  waitingDueOn(days: readonly [string, string], birthDates: () => ReadonlyMap<number, string | undefined>): Dose[] {
    const stored = this.store.waitingOnOrByAge(days[0], days[1]);
    const births = stored.some((dose) => dose.dueDate === null) ? birthDates() : new Map<number, string>();
    return stored
      .map((dose) => resolveDose(dose, births.get(dose.petId)))
      .filter((dose) => dose.dueDate !== null && days.includes(dose.dueDate));
  }

  /** A dose scheduled by hand. */
  schedule(input: ScheduleInput, by: Face): Dose {
    const dose = parseOrThrow(ScheduleInputSchema, input, 'dose');
    return this.write(() => {
      this.requirePet(dose.petId);
      const id = this.store.insertDose(
        dose.petId,
        { ...doseColumns.empty(dose.vaccine, 'scheduled'), dueDate: dose.dueDate, notes: dose.notes ?? null },
        null,
        this.deps.clock.now(),
      );
      this.event(by, dose.petId, 'dose_scheduled', { doseId: id }, { vaccine: dose.vaccine, dueDate: dose.dueDate });
      return [id];
    })[0] as Dose;
  }

  /**
   * "Given", for one animal or a round: each dose fulfils the scheduled dose it names, else the
   * earliest one of that vaccine waiting, else it is recorded as given unscheduled. One transaction:
   * one refusal and nothing of the round is recorded.
   */
  give(input: GiveInput, by: Face): GivenRound {
    const round = parseOrThrow(GiveInputSchema, input, 'round');
    const givenDate = round.givenDate ?? this.today();
    this.notInFuture(givenDate);
    if (round.vetId !== undefined) this.usableVet(round.vetId);
    const doses = this.write(() =>
      round.doses.map((each) => {
        this.requirePet(each.petId);
        const target = this.doseToGive(each.petId, each.vaccine, each.doseId);
        const twice = this.store.givenOn(each.petId, each.vaccine, givenDate);
        if (twice)
          throw conflict(`Pet ${each.petId} was given ${twice.vaccine} on ${givenDate} already (dose ${twice.id}).`, {
            reason: 'already_given',
            doseId: twice.id,
            petId: each.petId,
            vaccine: twice.vaccine,
            givenDate,
          });
        const given = {
          status: 'given' as const,
          givenDate,
          batch: each.batch,
          manufacturer: each.manufacturer ?? null,
          expiresDate: each.expiresDate ?? null,
          givenBy: round.givenBy ?? null,
          vetId: round.vetId ?? null,
          notes: round.notes ?? null,
        };
        const now = this.deps.clock.now();
        let id: number;
        if (target) {
          const resolved = resolveDose(target, this.deps.birthDateOf(each.petId));
          // The due date it had is kept, fixed: it no longer follows the age.
          this.store.updateDose(
            target.id,
            {
              ...doseColumns.of(target),
              ...given,
              dueDate: resolved.dueDate,
              ageWeeks: null,
              notBefore: null,
              notes: given.notes ?? target.notes,
            },
            now,
          );
          id = target.id;
        } else {
          id = this.store.insertDose(each.petId, { ...doseColumns.empty(each.vaccine, 'given'), ...given }, null, now);
        }
        this.event(
          by,
          each.petId,
          'dose_given',
          { doseId: id },
          {
            vaccine: each.vaccine,
            givenDate,
            batch: each.batch,
            givenBy: round.givenBy,
            vetId: round.vetId,
            scheduled: target !== undefined,
            round: round.doses.length > 1 ? round.doses.length : undefined,
          },
        );
        return id;
      }),
    );
    return { doses };
  }

  /** Changes a dose. A due date is only a waiting dose's (set by hand, it stops following the age); what a giving records is only a given dose's. */
  editDose(doseId: number, input: DoseChange, by: Face): Dose {
    const change = parseOrThrow(DoseChangeSchema, input, 'changes');
    if (change.givenDate !== undefined) this.notInFuture(change.givenDate);
    if (change.vetId != null) this.usableVet(change.vetId);
    return this.write(() => {
      const stored = this.requireDose(doseId);
      if (change.dueDate !== undefined && stored.status !== 'scheduled') throw this.notWaiting(stored);
      if (stored.status !== 'given') {
        const givenOnly = (['givenDate', 'expiresDate', 'batch', 'manufacturer', 'givenBy', 'vetId'] as const).find(
          (field) => change[field] !== undefined,
        );
        if (givenOnly)
          throw new AppError(
            'validation_failed',
            `${givenOnly}: only a given dose has one (dose ${doseId} is ${stored.status})`,
            { details: { field: givenOnly } },
          );
      }
      const before = doseColumns.of(stored);
      const after = doseColumns.changed(before, change);
      const fields = changedFields(before, after);
      if (Object.keys(fields).length > 0) {
        this.store.updateDose(doseId, after, this.deps.clock.now());
        this.event(by, stored.petId, 'dose_edited', { doseId }, { fields });
      }
      return [doseId];
    })[0] as Dose;
  }

  /** A waiting dose that will not be given, and why (kept in the record and its history). */
  skip(input: SkipInput, by: Face): Dose {
    const skip = parseOrThrow(SkipInputSchema, input, 'skip');
    return this.write(() => {
      const stored = this.requireDose(skip.doseId);
      if (stored.status !== 'scheduled') throw this.notWaiting(stored);
      const resolved = resolveDose(stored, this.deps.birthDateOf(stored.petId));
      this.store.updateDose(
        stored.id,
        {
          ...doseColumns.of(stored),
          status: 'skipped',
          skipReason: skip.reason,
          dueDate: resolved.dueDate,
          ageWeeks: null,
          notBefore: null,
        },
        this.deps.clock.now(),
      );
      this.event(
        by,
        stored.petId,
        'dose_skipped',
        { doseId: stored.id },
        { vaccine: stored.vaccine, dueDate: resolved.dueDate, reason: skip.reason },
      );
      return [stored.id];
    })[0] as Dose;
  }

  /** A treatment, procedure or test done. A spay/neuter is recorded once; the profile's "spayed/neutered" follows. */
  addTreatment(input: TreatmentInput, by: Face): Treatment {
    const treatment = parseOrThrow(TreatmentInputSchema, input, 'treatment');
    const givenDate = treatment.givenDate ?? this.today();
    this.notInFuture(givenDate);
    if (treatment.vetId !== undefined) this.usableVet(treatment.vetId);
    const id = this.deps.sqlite
      .transaction(() => {
        this.requirePet(treatment.petId);
        const spayed = treatment.kind === 'spay_neuter' ? this.store.spayNeuter(treatment.petId) : undefined;
        if (spayed)
          throw conflict(
            `Pet ${treatment.petId} was spayed/neutered on ${spayed.givenDate} (treatment ${spayed.id}).`,
            {
              reason: 'already_spayed_neutered',
              petId: treatment.petId,
              treatmentId: spayed.id,
              givenDate: spayed.givenDate,
            },
          );
        const columns = { ...treatmentColumns.of(treatment), givenDate };
        const inserted = this.store.insertTreatment(treatment.petId, columns, this.deps.clock.now());
        this.event(
          by,
          treatment.petId,
          'treatment_recorded',
          { treatmentId: inserted },
          {
            kind: treatment.kind,
            product: treatment.product,
            givenDate,
            result: treatment.result,
            givenBy: treatment.givenBy,
            vetId: treatment.vetId,
          },
        );
        return inserted;
      })
      .immediate();
    this.deps.changes.emit('care');
    if (treatment.kind === 'spay_neuter') this.deps.spayedNeutered(treatment.petId);
    return this.store.treatment(id) as Treatment;
  }

  editTreatment(treatmentId: number, input: TreatmentChange, by: Face): Treatment {
    const change = parseOrThrow(TreatmentChangeSchema, input, 'changes');
    if (change.givenDate !== undefined) this.notInFuture(change.givenDate);
    if (change.vetId != null) this.usableVet(change.vetId);
    this.deps.sqlite
      .transaction(() => {
        const stored = this.store.treatment(treatmentId);
        if (!stored)
          throw new AppError('not_found', `Treatment ${treatmentId} does not exist.`, {
            details: { missing: 'treatment', treatmentId },
          });
        const before = treatmentColumns.of({ ...stored, vetId: stored.vet?.id ?? null });
        const after = treatmentColumns.changed(before, change);
        if (after.result !== null && !TEST_KINDS.includes(stored.kind))
          throw new AppError('validation_failed', 'result: only a test has a result', { details: { field: 'result' } });
        const fields = changedFields(before, after);
        if (Object.keys(fields).length === 0) return;
        this.store.updateTreatment(treatmentId, after, this.deps.clock.now());
        this.event(by, stored.petId, 'treatment_edited', { treatmentId }, { fields });
      })
      .immediate();
    this.deps.changes.emit('care');
    return this.store.treatment(treatmentId) as Treatment;
  }
}
