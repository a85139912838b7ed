import type { Clock } from '../../shared/clock';
import { AppError, type MovementConflict } from '../../shared/errors';
import type { Stay } from '../../shared/movements';
import type { Person } from '../../shared/people';
import type { PeopleService } from '../people/people';
import type { PetService } from '../pets/pets';
import { releaseLapsedReservations } from './lapsed';
import type { MovementStore } from './store';

/** A moment this far ahead of the clock is still "now" (two machines' clocks, a slow form). */
const FUTURE_SLACK_MS = 60_000;

export const conflict = (message: string, details: MovementConflict) => new AppError('conflict', message, { details });

/**
 * The checks a movement passes before it is written (movements.ts): a moment that is not in the
 * future nor before what the stay already holds, a pet in care, a person who may take part.
 */
export abstract class MovementRules {
  constructor(
    readonly store: MovementStore,
    protected readonly clock: Clock,
    protected readonly pets: PetService,
    protected readonly people: PeopleService,
  ) {}

  /** Reservations past their expiry give their animals back (lapsed.ts): the serving engine calls this every second. */
  releaseLapsedReservations(): number {
    return releaseLapsedReservations(this.store, this.pets, this.clock.now());
  }

  /** Before any command: new pets get their stays, lapsed reservations let go, so the rules see the records as of now. */
  protected catchUp(): void {
    this.store.openStaysForNewPets();
    this.releaseLapsedReservations();
  }

  /** Ends an expired reservation (as expired, at its expiry); refuses an active one by someone else. Returns the active one by `personId`. */
  protected clearExpiredReservation(petId: number, at: number, personId: number) {
    const active = this.store.activeReservation(petId);
    if (!active) return undefined;
    if (active.expiresAt !== null && active.expiresAt <= at) {
      this.store.endReservation(active.id, active.expiresAt, 'expired');
      return undefined;
    }
    if (active.person.id !== personId) {
      throw conflict(`Pet ${petId} is reserved for person ${active.person.id}: cancel that reservation first.`, {
        reason: 'reservation_active',
        petId,
        reservationId: active.id,
        personId: active.person.id,
      });
    }
    return active;
  }

  protected moment(given: number | undefined): number {
    const now = this.clock.now();
    if (given === undefined) return now;
    if (given > now + FUTURE_SLACK_MS)
      throw conflict(`${new Date(given).toISOString()} is in the future: movements are recorded once they happened.`, {
        reason: 'date_in_future',
        at: given,
        now,
      });
    return given;
  }

  protected notBeforeLatest(stay: Stay, at: number): void {
    const latest = this.store.latestInStay(stay.id);
    if (latest && at < latest.at) {
      throw conflict(
        `${new Date(at).toISOString()} is before the ${latest.what} of ${new Date(latest.at).toISOString()}: dates cannot run backwards.`,
        {
          reason: 'date_before_previous',
          petId: stay.petId,
          at,
          previousAt: latest.at,
          previous: latest.what,
        },
      );
    }
  }

  /** A new stay (or a stay's intake made precise) starts no earlier than the previous stay's outcome. */
  protected notBeforePreviousStay(petId: number, at: number, exceptStayId?: number): void {
    const previous = this.store.staysOf(petId).find((stay) => stay.id !== exceptStayId && stay.outcomeAt !== null);
    if (previous?.outcomeAt != null && at < previous.outcomeAt) {
      throw conflict(
        `${new Date(at).toISOString()} is before the outcome of ${new Date(previous.outcomeAt).toISOString()}: dates cannot run backwards.`,
        {
          reason: 'date_before_previous',
          petId,
          at,
          previousAt: previous.outcomeAt,
          previous: 'outcome',
        },
      );
    }
  }

  protected requirePet(petId: number): number {
    if (!this.pets.get(petId))
      throw new AppError('not_found', `Pet ${petId} does not exist.`, { details: { missing: 'pet', petId } });
    return petId;
  }

  protected requireOpenStay(petId: number): Stay {
    this.requirePet(petId);
    const stay = this.store.openStay(petId);
    if (!stay)
      throw conflict(`Pet ${petId} is not in care: record an intake (or a return) first.`, {
        reason: 'no_open_stay',
        petId,
      });
    return stay;
  }

  protected usablePerson(personId: number): Person {
    const person = this.people.get(personId);
    if (person.forgottenAt !== null)
      throw conflict(`Person ${personId} was forgotten and cannot take part in a new movement.`, {
        reason: 'person_forgotten',
        personId,
      });
    return person;
  }

  /** "Do not adopt to" refuses unless overridden with a reason, which the event records. */
  protected adopterAllowed(person: Person, override: { reason: string } | undefined): void {
    if (!person.doNotAdopt || override) return;
    throw conflict(
      `Person ${person.id} is flagged "do not adopt to"${person.doNotAdoptReason ? ` (${person.doNotAdoptReason})` : ''}: an override with its reason is needed.`,
      {
        reason: 'do_not_adopt',
        personId: person.id,
        flagReason: person.doNotAdoptReason,
      },
    );
  }
}
