import {
  SHIPPED_PROTOCOLS,
  ProtocolInputSchema,
  planDoses,
  resolveDose,
  type CategoryProtocol,
  type ProtocolInput,
  type ProtocolStep,
} from '../../shared/care';
import type { Clock } from '../../shared/clock';
import { AppError } from '../../shared/errors';
import type { Face, IntakeType } from '../../shared/movements';
import { ageScaleOf, localDay } from '../../shared/pet-profile';
import { parseOrThrow } from '../../shared/validation';
import type { Changes } from '../db/changes';
import { doseColumns } from './columns';
import type { CareStore } from './store';

/**
 * Each category's vaccination protocol (staff's, or the shipped default of its age scale) and the
 * doses it schedules when an animal is taken in.
 */
export class CareProtocols {
  constructor(
    private readonly store: CareStore,
    private readonly clock: Clock,
    private readonly changes: Changes,
    private readonly birthDateOf: (petId: number) => string | undefined,
  ) {}

  list(): CategoryProtocol[] {
    return this.store.protocols().map(({ categoryId, category, species, steps }) => ({
      categoryId,
      category,
      steps: steps ?? [...SHIPPED_PROTOCOLS[ageScaleOf(species)]],
      shipped: steps === undefined,
    }));
  }

  set(input: ProtocolInput): CategoryProtocol {
    const protocol = parseOrThrow(ProtocolInputSchema, input, 'protocol');
    const found = this.list().find((each) => each.categoryId === protocol.categoryId);
    if (!found) throw new AppError('not_found', `Category ${protocol.categoryId} does not exist.`);
    this.store.setProtocol(protocol.categoryId, protocol.steps ?? undefined, this.clock.now());
    this.changes.emit('care');
    return this.list().find((each) => each.categoryId === protocol.categoryId) as CategoryProtocol;
  }

  /**
   * The intake hook (movements/movements.ts calls it inside the intake's transaction): the pet's
   * category protocol schedules its doses from the intake's day and the animal's age. A step is left
   * out when a dose of that vaccine already waits, or one given earlier is still valid on the step's
   * due date (an animal back from adoption keeps its rabies).
   */
  scheduleAtIntake(petId: number, at: number, by: Face, type: IntakeType): void {
    const pet = this.store.pet(petId);
    if (!pet) return;
    const steps: readonly ProtocolStep[] =
      this.store.protocol(pet.categoryId) ?? SHIPPED_PROTOCOLS[ageScaleOf(pet.species)];
    if (steps.length === 0) return;
    const intakeDay = localDay(at);
    const known = this.birthDateOf(petId);
    // Born in care with no birth date in its profile yet: it was born on the intake day.
    const bornHere = known === undefined && type === 'born_in_care';
    const birthDate = bornHere ? intakeDay : known;
    const before = this.store.dosesOf(petId).map((dose) => resolveDose(dose, birthDate));
    const now = this.clock.now();
    let scheduled = 0;
    for (const planned of planDoses(steps, intakeDay, birthDate)) {
      const same = before.filter((dose) => dose.vaccine.toLowerCase() === planned.vaccine.toLowerCase());
      if (
        same.some(
          (dose) =>
            dose.status === 'scheduled' ||
            (dose.status === 'given' && dose.expiresDate !== null && dose.expiresDate >= planned.dueDate),
        )
      )
        continue;
      // An age rule would read the profile's (missing) birth date again: a newborn's due date is fixed instead.
      const followsAge = planned.atAgeWeeks !== null && !bornHere;
      const columns = {
        ...doseColumns.empty(planned.vaccine, 'scheduled'),
        dueDate: followsAge ? null : planned.dueDate,
        ageWeeks: followsAge ? planned.atAgeWeeks : null,
        notBefore: followsAge ? (planned.notBefore ?? intakeDay) : null,
      };
      const doseId = this.store.insertDose(petId, columns, planned.step, now);
      this.store.insertEvent({
        petId,
        kind: 'dose_scheduled',
        doseId,
        treatmentId: null,
        recordedAt: now,
        by,
        details: { vaccine: planned.vaccine, dueDate: planned.dueDate, protocolStep: planned.step, followsAge },
      });
      scheduled += 1;
    }
    if (scheduled > 0) this.changes.emit('care');
  }
}
