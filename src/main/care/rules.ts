import type Database from 'better-sqlite3';
import { dayAt, resolveDose, type Dose, type StoredDose } from '../../shared/care';
import type { Clock } from '../../shared/clock';
import { AppError, type CareConflict } from '../../shared/errors';
import type { Face } from '../../shared/movements';
import { localDay } from '../../shared/pet-profile';
import type { Changes } from '../db/changes';
import type { PeopleService } from '../people/people';
import { CareStore } from './store';

/** The furthest time zone is 14 hours ahead of UTC: a day is "in the future" only once it is there too. */
const EARLIEST_ZONE_MINUTES = 14 * 60;

export const conflict = (message: string, details: CareConflict) => new AppError('conflict', message, { details });

export interface CareDeps {
  sqlite: Database.Database;
  clock: Clock;
  changes: Changes;
  people: PeopleService;
  /** The pet's birth date or estimate, as its profile holds it now. */
  birthDateOf: (petId: number) => string | undefined;
  /** A spay/neuter recorded: the profile's "spayed/neutered" follows (what portals and the site show). */
  spayedNeutered: (petId: number) => void;
}

/**
 * What every change to an animal's care goes through (care.ts): the checks that refuse it (a pet
 * and dose that exist, a dose still waiting, a day not in the future, a vet not forgotten), and the
 * transaction and history entry that record it.
 */
export abstract class CareRules {
  readonly store: CareStore;

  constructor(protected readonly deps: CareDeps) {
    this.store = new CareStore(deps.sqlite);
  }

  /** Today on this machine's calendar (the shelter's), from the injected clock. */
  today(): string {
    return localDay(this.deps.clock.now());
  }

  protected dosesOf(petId: number): Dose[] {
    const birthDate = this.deps.birthDateOf(petId);
    return this.store.dosesOf(petId).map((dose) => resolveDose(dose, birthDate));
  }

  /** One immediate transaction, then the change topic; returns the doses it touched as they are now. */
  protected write(body: () => number[]): Dose[] {
    const ids = this.store.transaction(body);
    this.deps.changes.emit('care');
    return ids.map((id) => {
      const stored = this.store.dose(id);
      if (!stored) throw new Error(`dose ${id} vanished`);
      return resolveDose(stored, this.deps.birthDateOf(stored.petId));
    });
  }

  protected event(
    by: Face,
    petId: number,
    kind: Parameters<CareStore['insertEvent']>[0]['kind'],
    about: { doseId?: number; treatmentId?: number },
    details: Record<string, unknown>,
  ): void {
    this.store.insertEvent({
      petId,
      kind,
      doseId: about.doseId ?? null,
      treatmentId: about.treatmentId ?? null,
      recordedAt: this.deps.clock.now(),
      by,
      details,
    });
  }

  /** The scheduled dose a giving fulfils: the one named (it must wait, for this pet and vaccine), else the earliest waiting. */
  protected doseToGive(petId: number, vaccine: string, doseId: number | undefined): StoredDose | undefined {
    if (doseId === undefined) {
      const birthDate = this.deps.birthDateOf(petId);
      return this.store
        .waitingOf(petId, vaccine)
        .sort(
          (a, b) =>
            (resolveDose(a, birthDate).dueDate ?? '').localeCompare(resolveDose(b, birthDate).dueDate ?? '') ||
            a.id - b.id,
        )[0];
    }
    const dose = this.requireDose(doseId);
    if (dose.petId !== petId || dose.vaccine.toLowerCase() !== vaccine.toLowerCase()) {
      throw conflict(`Dose ${doseId} is ${dose.vaccine} for pet ${dose.petId}, not ${vaccine} for pet ${petId}.`, {
        reason: 'dose_mismatch',
        doseId,
        petId,
        vaccine,
      });
    }
    if (dose.status !== 'scheduled') throw this.notWaiting(dose);
    return dose;
  }

  protected notWaiting(dose: StoredDose): AppError {
    const status = dose.status === 'given' ? 'given' : 'skipped';
    return conflict(`Dose ${dose.id} (${dose.vaccine}, pet ${dose.petId}) was ${status} already.`, {
      reason: 'dose_not_waiting',
      doseId: dose.id,
      petId: dose.petId,
      status,
    });
  }

  protected notInFuture(date: string): void {
    const latest = dayAt(this.deps.clock.now(), EARLIEST_ZONE_MINUTES);
    if (date > latest)
      throw conflict(`${date} is in the future: care is recorded once it is done.`, {
        reason: 'care_date_in_future',
        date,
        today: this.today(),
      });
  }

  protected usableVet(personId: number): void {
    const vet = this.deps.people.get(personId);
    if (vet.forgottenAt !== null)
      throw new AppError('conflict', `Person ${personId} was forgotten and cannot be named as a vet.`, {
        details: { reason: 'person_forgotten', personId },
      });
  }

  protected requirePet(petId: number): void {
    if (!this.store.pet(petId))
      throw new AppError('not_found', `Pet ${petId} does not exist.`, { details: { missing: 'pet', petId } });
  }

  protected requireDose(doseId: number): StoredDose {
    const dose = this.store.dose(doseId);
    if (!dose)
      throw new AppError('not_found', `Dose ${doseId} does not exist.`, { details: { missing: 'dose', doseId } });
    return dose;
  }
}
