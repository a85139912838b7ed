import type Database from 'better-sqlite3';
import type { Clock } from '../../shared/clock';
import { AppError } from '../../shared/errors';
import {
  AdoptInputSchema,
  CancelReservationInputSchema,
  FosterEndInputSchema,
  FosterStartInputSchema,
  IntakeInputSchema,
  OutcomeInputSchema,
  ReserveInputSchema,
  ReturnInputSchema,
  type AdoptInput,
  type CancelReservationInput,
  type Face,
  type FosterEndInput,
  type FosterStartInput,
  type IntakeType,
  type IntakeInput,
  type OutcomeInput,
  type ReserveInput,
  type ReturnInput,
  type Stay,
} from '../../shared/movements';
import type { PetStatus } from '../../shared/pet';
import type { Departure } from '../../shared/outcomes';
import { parseOrThrow } from '../../shared/validation';
import type { Changes } from '../db/changes';
import type { PeopleService } from '../people/people';
import type { PetService } from '../pets/pets';
import { conflict, MovementRules } from './rules';
import type { MovementMail } from './movement-mail';
import { MovementStore, type NewEvent, type NewStay } from './store';

/**
 * The rules of an animal's movements: one open stay at a time, one active reservation, one open
 * foster placement; dates never run backwards within a stay or across stays; an outcome closes the
 * stay's foster placement and reservation; every change goes to the animal's history with the face
 * that made it, and moves the pet's `status` where its meaning is plain (docs/decisions.md). The
 * checks that refuse a movement are in rules.ts.
 */
export class MovementService extends MovementRules {
  constructor(
    sqlite: Database.Database,
    clock: Clock,
    private readonly changes: Changes,
    pets: PetService,
    people: PeopleService,
    /** Called inside an intake's (or a return's) transaction: care schedules the protocol's doses (care/protocols.ts). */
    private readonly onIntake: (petId: number, at: number, by: Face, type: IntakeType) => void,
    private readonly mail: MovementMail,
  ) {
    super(new MovementStore(sqlite), clock, pets, people);
  }

  /**
   * Takes an animal in: a new one (`pet`), or one in the register with no open stay. An animal whose
   * open stay is the `unknown` one its creation gave, with nothing recorded in it yet, has that intake
   * made precise instead.
   */
  intake(input: IntakeInput, by: Face): Stay {
    this.catchUp();
    const intake = parseOrThrow(IntakeInputSchema, input, 'intake');
    const at = this.moment(intake.at);
    if (intake.personId !== undefined) this.usablePerson(intake.personId);
    const stay = this.write(() => {
      const petId = intake.pet ? this.pets.create(intake.pet).id : this.requirePet(intake.petId ?? 0);
      const fields: Omit<NewStay, 'petId'> = {
        intakeType: intake.type,
        transferFrom: intake.transferFrom ?? null,
        intakeAt: at,
        intakePersonId: intake.personId ?? null,
        intakeReason: intake.reason ?? null,
        intakeCondition: intake.condition ?? null,
      };
      const details = { transferFrom: intake.transferFrom, reason: intake.reason, condition: intake.condition };
      const open = this.store.openStay(petId);
      if (open) {
        const untouched = open.intakeType === 'unknown' && open.reservations.length === 0 && open.fosters.length === 0;
        if (!untouched)
          throw conflict(`Pet ${petId} is in care already (stay ${open.id}): record its outcome before a new intake.`, {
            reason: 'stay_open',
            petId,
            stayId: open.id,
          });
        this.notBeforePreviousStay(petId, at, open.id);
        this.store.amendIntake(open.id, fields);
        this.event(by, {
          petId,
          stayId: open.id,
          kind: 'intake',
          type: intake.type,
          at,
          personId: intake.personId ?? null,
          details: intake.pet ? details : { ...details, amended: true },
        });
        this.onIntake(petId, at, by, intake.type);
        return open.id;
      }
      this.notBeforePreviousStay(petId, at);
      const stayId = this.store.insertStay({ petId, ...fields });
      this.event(by, {
        petId,
        stayId,
        kind: 'intake',
        type: intake.type,
        at,
        personId: intake.personId ?? null,
        details,
      });
      this.onIntake(petId, at, by, intake.type);
      this.setStatus(petId, 'available', at);
      return stayId;
    });
    return stay;
  }

  /**
   * Reserves the animal for an adopter: it becomes `pending`. An expired reservation ends (as expired)
   * when the next is made, which is how staff renew one: reserve again for the same person.
   */
  reserve(input: ReserveInput, by: Face): Stay {
    this.catchUp();
    const reserve = parseOrThrow(ReserveInputSchema, input, 'reservation');
    const at = this.moment(reserve.at);
    if (reserve.expiresAt !== undefined && reserve.expiresAt <= at)
      throw new AppError('validation_failed', 'expiresAt: must be after the reservation', {
        details: { field: 'expiresAt' },
      });
    this.adopterAllowed(this.usablePerson(reserve.personId), reserve.override);
    return this.write(() => {
      const stay = this.requireOpenStay(reserve.petId);
      this.notBeforeLatest(stay, at);
      const active = this.clearExpiredReservation(reserve.petId, at, reserve.personId);
      if (active)
        throw conflict(`Pet ${reserve.petId} is reserved for this person already.`, {
          reason: 'reservation_active',
          petId: reserve.petId,
          reservationId: active.id,
          personId: active.person.id,
        });
      const id = this.store.insertReservation(stay.id, reserve.petId, reserve.personId, at, reserve.expiresAt ?? null);
      this.mail.reservationMade({
        reservationId: id,
        petId: reserve.petId,
        personId: reserve.personId,
        expiresAt: reserve.expiresAt ?? null,
      });
      this.event(by, {
        petId: reserve.petId,
        stayId: stay.id,
        kind: 'reservation',
        type: null,
        at,
        personId: reserve.personId,
        details: { reservationId: id, expiresAt: reserve.expiresAt, override: reserve.override },
      });
      this.setStatus(reserve.petId, 'pending', at);
      return stay.id;
    });
  }

  /** Cancels the active reservation: the animal is `available` again. */
  cancelReservation(input: CancelReservationInput, by: Face): Stay {
    this.catchUp();
    const cancel = parseOrThrow(CancelReservationInputSchema, input, 'cancellation');
    const at = this.moment(cancel.at);
    return this.write(() => {
      const stay = this.requireOpenStay(cancel.petId);
      const reservation = this.store.activeReservation(cancel.petId);
      if (!reservation)
        throw conflict(`Pet ${cancel.petId} has no active reservation.`, {
          reason: 'no_active_reservation',
          petId: cancel.petId,
        });
      this.notBeforeLatest(stay, at);
      this.store.endReservation(reservation.id, at, 'cancelled');
      this.event(by, {
        petId: cancel.petId,
        stayId: stay.id,
        kind: 'reservation_cancelled',
        type: null,
        at,
        personId: reservation.person.id,
        details: { reservationId: reservation.id, reason: cancel.reason },
      });
      this.setStatus(cancel.petId, 'available', at);
      return stay.id;
    });
  }

  /**
   * The adoption: the outcome with its fee and how it was paid. A reservation by the same adopter is
   * completed; one by someone else that has not expired refuses (cancel it first). The animal is `sold` ("adopted").
   */
  adopt(input: AdoptInput, by: Face): Stay {
    this.catchUp();
    const adopt = parseOrThrow(AdoptInputSchema, input, 'adoption');
    const at = this.moment(adopt.at);
    this.adopterAllowed(this.usablePerson(adopt.personId), adopt.override);
    return this.write(() => {
      const stay = this.requireOpenStay(adopt.petId);
      this.notBeforeLatest(stay, at);
      const reservation = this.clearExpiredReservation(adopt.petId, at, adopt.personId);
      if (reservation) this.store.endReservation(reservation.id, at, 'completed');
      const feeHundredths = Math.round(adopt.fee * 100);
      this.close(stay, {
        outcomeType: 'adoption',
        outcomeAt: at,
        outcomePersonId: adopt.personId,
        outcomeReason: null,
        transferTo: null,
        receivingOrganisation: null,
        feeHundredths,
        feeMethod: adopt.feeMethod,
      });
      this.event(by, {
        petId: adopt.petId,
        stayId: stay.id,
        kind: 'outcome',
        type: 'adoption',
        at,
        personId: adopt.personId,
        details: { fee: adopt.fee, feeMethod: adopt.feeMethod, override: adopt.override },
      });
      this.setStatus(adopt.petId, 'sold', at);
      return stay.id;
    });
  }

  fosterStart(input: FosterStartInput, by: Face): Stay {
    this.catchUp();
    const start = parseOrThrow(FosterStartInputSchema, input, 'placement');
    const at = this.moment(start.at);
    if (start.expectedEndAt !== undefined && start.expectedEndAt <= at)
      throw new AppError('validation_failed', 'expectedEndAt: must be after the start', {
        details: { field: 'expectedEndAt' },
      });
    this.usablePerson(start.personId);
    return this.write(() => {
      const stay = this.requireOpenStay(start.petId);
      const open = this.store.openFoster(start.petId);
      if (open)
        throw conflict(
          `Pet ${start.petId} is in foster with person ${open.person.id} already: end that placement first.`,
          { reason: 'foster_open', petId: start.petId, fosterId: open.id, personId: open.person.id },
        );
      this.notBeforeLatest(stay, at);
      const id = this.store.insertFoster(stay.id, start.petId, start.personId, at, start.expectedEndAt ?? null);
      this.event(by, {
        petId: start.petId,
        stayId: stay.id,
        kind: 'foster_start',
        type: null,
        at,
        personId: start.personId,
        details: { fosterId: id, expectedEndAt: start.expectedEndAt },
      });
      return stay.id;
    });
  }

  /** The animal is back from its foster home (still in care). */
  fosterEnd(input: FosterEndInput, by: Face): Stay {
    this.catchUp();
    const end = parseOrThrow(FosterEndInputSchema, input, 'placement');
    const at = this.moment(end.at);
    return this.write(() => {
      const stay = this.requireOpenStay(end.petId);
      const open = this.store.openFoster(end.petId);
      if (!open) throw conflict(`Pet ${end.petId} is not in foster.`, { reason: 'no_open_foster', petId: end.petId });
      this.notBeforeLatest(stay, at);
      this.store.endFoster(open.id, at);
      this.event(by, {
        petId: end.petId,
        stayId: stay.id,
        kind: 'foster_end',
        type: null,
        at,
        personId: open.person.id,
        details: { fosterId: open.id },
      });
      return stay.id;
    });
  }

  /**
   * Any outcome but adoption: the stay closes, and the animal is `sold` (no longer offered) with its
   * departure, so no face calls it adopted and the public API lists it no more. A transfer out records where it went.
   */
  outcome(input: OutcomeInput, by: Face): Stay {
    this.catchUp();
    const outcome = parseOrThrow(OutcomeInputSchema, input, 'outcome');
    const at = this.moment(outcome.at);
    if (outcome.personId !== undefined) this.usablePerson(outcome.personId);
    return this.write(() => {
      const stay = this.requireOpenStay(outcome.petId);
      this.notBeforeLatest(stay, at);
      const reservation = this.store.activeReservation(outcome.petId);
      if (reservation) this.store.endReservation(reservation.id, at, 'closed_by_outcome');
      const { transferTo, receivingOrganisation } = outcome;
      this.close(stay, {
        outcomeType: outcome.type,
        outcomeAt: at,
        outcomePersonId: outcome.personId ?? null,
        outcomeReason: outcome.reason ?? null,
        transferTo: transferTo ?? null,
        receivingOrganisation: receivingOrganisation ?? null,
        feeHundredths: null,
        feeMethod: null,
      });
      this.event(by, {
        petId: outcome.petId,
        stayId: stay.id,
        kind: 'outcome',
        type: outcome.type,
        at,
        personId: outcome.personId ?? null,
        details: { reason: outcome.reason, transferTo, receivingOrganisation },
      });
      this.setStatus(outcome.petId, 'sold', at, outcome.type);
      return stay.id;
    });
  }

  /** An adopted animal brought back: a new stay, "returned after adoption", from its adopter. It is `available` again. */
  returnAfterAdoption(input: ReturnInput, by: Face): Stay {
    this.catchUp();
    const back = parseOrThrow(ReturnInputSchema, input, 'return');
    const at = this.moment(back.at);
    return this.write(() => {
      this.requirePet(back.petId);
      const last = this.store.lastStay(back.petId);
      if (last && last.outcomeAt === null)
        throw conflict(`Pet ${back.petId} is in care already (stay ${last.id}).`, {
          reason: 'stay_open',
          petId: back.petId,
          stayId: last.id,
        });
      if (!last || last.outcomeType !== 'adoption')
        throw conflict(`Pet ${back.petId} was not adopted: record an intake instead.`, {
          reason: 'not_adopted',
          petId: back.petId,
        });
      this.notBeforePreviousStay(back.petId, at);
      const adopter = last.outcomePerson?.id ?? null;
      const stayId = this.store.insertStay({
        petId: back.petId,
        intakeType: 'returned_after_adoption',
        transferFrom: null,
        intakeAt: at,
        intakePersonId: adopter,
        intakeReason: back.reason,
        intakeCondition: back.condition ?? null,
      });
      this.event(by, {
        petId: back.petId,
        stayId,
        kind: 'intake',
        type: 'returned_after_adoption',
        at,
        personId: adopter,
        details: { reason: back.reason, condition: back.condition },
      });
      this.onIntake(back.petId, at, by, 'returned_after_adoption');
      this.setStatus(back.petId, 'available', at);
      return stayId;
    });
  }

  /**
   * One transaction, then the change topics; returns the stay it touched as it is now. It reads the
   * rules' records before it writes, so it takes the write lock first: a deferred one would fail at
   * once (SQLITE_BUSY, no waiting) when another process wrote between its first read and its write.
   */
  private write(body: () => number): Stay {
    const stayId = this.store.immediateTransaction(body);
    this.changes.emit('movements');
    const stay = this.store.stay(stayId);
    if (!stay) throw new Error(`stay ${stayId} vanished`);
    return stay;
  }

  private event(by: Face, event: Omit<NewEvent, 'by' | 'recordedAt'>): void {
    this.store.insertEvent({ ...event, by, recordedAt: this.clock.now() });
  }

  private close(stay: Stay, outcome: Parameters<MovementStore['closeStay']>[1]): void {
    const foster = this.store.openFoster(stay.petId);
    if (foster) this.store.endFoster(foster.id, outcome.outcomeAt);
    this.store.closeStay(stay.id, outcome);
  }

  /** The pet's status follows the movement, recorded in its status history like any change, dated when the movement happened. */
  private setStatus(petId: number, status: PetStatus, at: number, departure: Departure | null = null): void {
    this.pets.moveStatus(petId, status, { happenedAt: at, departure });
  }
}
