/** The rules of an animal's movements, on a real engine over SQLite in a temp dir. */
import { describe, expect, it } from 'vitest';
import { type ManualClock } from '../../src/shared/clock';
import { detailsOf } from '../../src/shared/errors';
import { type Engine } from '../../src/main/engine/engine';
import { useTempEngine } from '../helpers/temp-engine';

const T0 = Date.UTC(2026, 5, 1, 12, 0, 0);
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const iso = (ms: number) => new Date(ms).toISOString();

let clock: ManualClock;
let engine: Engine;

useTempEngine(T0, (made) => ({ engine, clock } = made));

/** The conflict's rule, or a failure naming what was thrown instead. */
function ruleOf(action: () => unknown): string | undefined {
  try {
    action();
  } catch (error) {
    return detailsOf(error, 'conflict')?.reason ?? `not a conflict: ${String(error)}`;
  }
  return 'nothing thrown';
}

const services = () => engine.services;
const person = (name: string, extra: Record<string, unknown> = {}) =>
  services().people.add({ name, ...extra }).person.id;
const status = (petId: number) => services().pets.get(petId)?.status;

describe('stays', () => {
  it('a pet created without an intake has an open stay of type unknown, dated from its creation; an intake makes it precise', () => {
    const pet = services().pets.create({ name: 'Rex', categoryId: 1 });
    const [stay] = services().shelterDay.record(pet.id).stays;
    expect(stay).toMatchObject({ intakeType: 'unknown', intakeAt: T0, outcomeAt: null });
    const finder = person('Ana Finder');
    clock.advance(HOUR);
    const amended = services().movements.intake(
      { petId: pet.id, type: 'stray', personId: finder, at: iso(T0 - DAY), condition: 'thin' },
      'cli',
    );
    expect(amended).toMatchObject({
      id: stay?.id,
      intakeType: 'stray',
      intakeAt: T0 - DAY,
      intakePerson: { id: finder, name: 'Ana Finder' },
      intakeCondition: 'thin',
    });
    const events = services().shelterDay.record(pet.id).events;
    expect(events).toEqual([
      expect.objectContaining({
        kind: 'intake',
        type: 'stray',
        by: 'cli',
        recordedAt: T0 + HOUR,
        details: expect.objectContaining({ amended: true }),
      }),
    ]);
  });

  it('one open stay at a time: a second intake is refused until an outcome closes the first', () => {
    const stay = services().movements.intake(
      { pet: { name: 'Bella', categoryId: 1 }, type: 'owner_surrender' },
      'window',
    );
    expect(status(stay.petId)).toBe('available');
    expect(ruleOf(() => services().movements.intake({ petId: stay.petId, type: 'stray' }, 'cli'))).toBe('stay_open');
    clock.advance(HOUR);
    services().movements.outcome(
      { petId: stay.petId, type: 'transfer_out', transferTo: 'in_state', reason: 'partner shelter' },
      'cli',
    );
    expect(status(stay.petId)).toBe('sold');
    clock.advance(HOUR);
    expect(
      services().movements.intake({ petId: stay.petId, type: 'transfer_in', transferFrom: 'out_of_state' }, 'cli'),
    ).toMatchObject({ intakeType: 'transfer_in', transferFrom: 'out_of_state' });
    expect(status(stay.petId)).toBe('available');
    expect(services().shelterDay.record(stay.petId).stays).toHaveLength(2);
  });

  it('dates cannot run backwards, within a stay or across stays, and cannot be in the future', () => {
    const { petId } = services().movements.intake(
      { pet: { name: 'Tom', categoryId: 2 }, type: 'stray', at: iso(T0 - 10 * DAY) },
      'cli',
    );
    const adopter = person('Bo Adopter');
    services().movements.reserve({ petId, personId: adopter, at: iso(T0 - 5 * DAY) }, 'cli');
    expect(
      ruleOf(() =>
        services().movements.adopt(
          { petId, personId: adopter, at: iso(T0 - 6 * DAY), fee: 50, feeMethod: 'cash' },
          'cli',
        ),
      ),
    ).toBe('date_before_previous');
    expect(
      ruleOf(() =>
        services().movements.adopt({ petId, personId: adopter, at: iso(T0 + DAY), fee: 50, feeMethod: 'cash' }, 'cli'),
      ),
    ).toBe('date_in_future');
    services().movements.adopt({ petId, personId: adopter, at: iso(T0 - 4 * DAY), fee: 50, feeMethod: 'cash' }, 'cli');
    expect(
      ruleOf(() =>
        services().movements.returnAfterAdoption({ petId, reason: 'allergies', at: iso(T0 - 4 * DAY - 1) }, 'cli'),
      ),
    ).toBe('date_before_previous');
  });

  it('an outcome closes the open foster placement and the reservation', () => {
    const { petId } = services().movements.intake({ pet: { name: 'Milo', categoryId: 1 }, type: 'seized' }, 'cli');
    const foster = person('Fay Foster');
    const adopter = person('Al Adopter');
    clock.advance(HOUR);
    services().movements.fosterStart({ petId, personId: foster, expectedEndAt: iso(T0 + 10 * DAY) }, 'cli');
    clock.advance(HOUR);
    services().movements.reserve({ petId, personId: adopter }, 'cli');
    expect(status(petId)).toBe('pending');
    clock.advance(HOUR);
    const closed = services().movements.outcome({ petId, type: 'died_in_care' }, 'cli');
    expect(closed.fosters[0]).toMatchObject({ endedAt: T0 + 3 * HOUR });
    expect(closed.reservations[0]).toMatchObject({ endedAt: T0 + 3 * HOUR, end: 'closed_by_outcome' });
    expect(status(petId)).toBe('sold');
    expect(services().shelterDay.record(petId).location).toEqual({
      kind: 'left_care',
      outcomeType: 'died_in_care',
      at: T0 + 3 * HOUR,
    });
    expect(services().shelterDay.departures()).toEqual(new Map([[petId, 'died_in_care']]));
    expect(ruleOf(() => services().movements.returnAfterAdoption({ petId, reason: 'x' }, 'cli'))).toBe('not_adopted');
  });
});

describe('reservations and adoptions', () => {
  it('one active reservation at a time; cancelling makes the pet available; an expired one gives way', () => {
    const { petId } = services().movements.intake({ pet: { name: 'Luna', categoryId: 2 }, type: 'stray' }, 'cli');
    const first = person('First');
    const second = person('Second');
    clock.advance(HOUR);
    services().movements.reserve({ petId, personId: first, expiresAt: iso(T0 + DAY) }, 'window');
    expect(ruleOf(() => services().movements.reserve({ petId, personId: second }, 'cli'))).toBe('reservation_active');
    expect(
      ruleOf(() => services().movements.adopt({ petId, personId: second, fee: 0, feeMethod: 'waived' }, 'cli')),
    ).toBe('reservation_active');
    clock.advance(2 * DAY);
    const stay = services().movements.reserve({ petId, personId: second }, 'cli');
    expect(stay.reservations.map((each) => each.end)).toEqual([null, 'expired']);
    services().movements.cancelReservation({ petId, reason: 'changed their mind' }, 'cli');
    expect(status(petId)).toBe('available');
    expect(ruleOf(() => services().movements.cancelReservation({ petId }, 'cli'))).toBe('no_active_reservation');
  });

  it('adopting completes the adopter’s reservation, records the fee and how it was paid, and the pet is sold; a return opens a new stay', () => {
    const { petId } = services().movements.intake({ pet: { name: 'Olive', categoryId: 1 }, type: 'stray' }, 'cli');
    const adopter = person('Ada Lovelace', { email: 'ada@example.test' });
    clock.advance(HOUR);
    services().movements.reserve({ petId, personId: adopter }, 'cli');
    clock.advance(HOUR);
    const adopted = services().movements.adopt({ petId, personId: adopter, fee: 85.5, feeMethod: 'card' }, 'window');
    expect(adopted).toMatchObject({
      outcomeType: 'adoption',
      outcomePerson: { id: adopter },
      fee: 85.5,
      feeMethod: 'card',
    });
    expect(adopted.reservations[0]?.end).toBe('completed');
    expect(status(petId)).toBe('sold');
    expect(services().shelterDay.departures().get(petId)).toBe('adoption');
    const contract = services().shelterDay.adoptionContractData(adopted.id);
    expect(contract).toMatchObject({
      adopter: { name: 'Ada Lovelace' },
      animal: { pet: { name: 'Olive' } },
      fee: 85.5,
      feeMethod: 'card',
      adoptedAt: T0 + 2 * HOUR,
    });
    clock.advance(14 * DAY);
    const back = services().movements.returnAfterAdoption({ petId, reason: 'landlord said no' }, 'cli');
    expect(back).toMatchObject({
      intakeType: 'returned_after_adoption',
      intakePerson: { id: adopter },
      intakeReason: 'landlord said no',
    });
    expect(status(petId)).toBe('available');
    expect(services().shelterDay.departures().has(petId)).toBe(false);
    expect(ruleOf(() => services().shelterDay.adoptionContractData(back.id))).toBe('not_adopted');
  });

  it('a person flagged "do not adopt to" needs an override, which the history records', () => {
    const { petId } = services().movements.intake({ pet: { name: 'Rocky', categoryId: 1 }, type: 'stray' }, 'cli');
    const flagged = person('Dan Flagged', { doNotAdopt: true, doNotAdoptReason: 'neglect case 2024' });
    clock.advance(HOUR);
    expect(ruleOf(() => services().movements.reserve({ petId, personId: flagged }, 'cli'))).toBe('do_not_adopt');
    expect(
      ruleOf(() => services().movements.adopt({ petId, personId: flagged, fee: 10, feeMethod: 'cash' }, 'cli')),
    ).toBe('do_not_adopt');
    services().movements.reserve(
      { petId, personId: flagged, override: { reason: 'case closed, home visit done' } },
      'window',
    );
    const [event] = services().shelterDay.record(petId).events;
    expect(event).toMatchObject({
      kind: 'reservation',
      by: 'window',
      details: { override: { reason: 'case closed, home visit done' } },
    });
  });

  it('one foster placement at a time; ending one keeps the animal in care', () => {
    const { petId } = services().movements.intake({ pet: { name: 'Pip', categoryId: 3 }, type: 'born_in_care' }, 'cli');
    const foster = person('Fred Foster', { fosterApproved: true, fosterCapacity: 2, fosterSpecies: [3] });
    clock.advance(HOUR);
    services().movements.fosterStart({ petId, personId: foster }, 'cli');
    expect(ruleOf(() => services().movements.fosterStart({ petId, personId: foster }, 'cli'))).toBe('foster_open');
    expect(services().shelterDay.record(petId).location).toMatchObject({
      kind: 'foster',
      placement: { person: { id: foster } },
    });
    clock.advance(HOUR);
    services().movements.fosterEnd({ petId }, 'cli');
    expect(ruleOf(() => services().movements.fosterEnd({ petId }, 'cli'))).toBe('no_open_foster');
    expect(services().shelterDay.record(petId)).toMatchObject({
      location: { kind: 'kennel' },
      daysInCare: 0,
      openStay: { intakeType: 'born_in_care' },
    });
  });
});

describe('the views', () => {
  it('today: arrivals and outcomes of the shelter’s day, reservations waiting, fosters due back, animals in care longest', () => {
    const old = services().movements.intake(
      { pet: { name: 'Oldie', categoryId: 1 }, type: 'stray', at: iso(T0 - 300 * DAY) },
      'cli',
    );
    const waiting = services().movements.intake(
      { pet: { name: 'Waits', categoryId: 1 }, type: 'stray', at: iso(T0 - 20 * DAY) },
      'cli',
    );
    const adopter = person('Patient Adopter');
    const foster = person('Late Foster');
    services().movements.reserve({ petId: waiting.petId, personId: adopter, at: iso(T0 - 10 * DAY) }, 'cli');
    services().movements.fosterStart(
      { petId: old.petId, personId: foster, at: iso(T0 - 5 * DAY), expectedEndAt: iso(T0 - 2 * DAY) },
      'cli',
    );
    const today = services().movements.intake(
      { pet: { name: 'Newcomer', categoryId: 2 }, type: 'owner_surrender' },
      'cli',
    );
    const summary = services().shelterDay.today({ waitingDays: 7 });
    expect(summary.from).toBe(Date.UTC(2026, 5, 1));
    expect(summary.arrivals.map((event) => event.petName)).toEqual(['Newcomer']);
    expect(summary.counts).toEqual({ inCare: 3, inFoster: 1, reserved: 1, arrivals: 1, outcomes: 0 });
    expect(summary.reservationsWaiting).toEqual([
      expect.objectContaining({ petName: 'Waits', days: 10, expired: false }),
    ]);
    expect(summary.fostersDue).toEqual([expect.objectContaining({ petName: 'Oldie', overdueDays: 2 })]);
    expect(summary.longestInCare.map((row) => row.petName)).toEqual(['Oldie', 'Waits', 'Newcomer']);
    expect(
      services()
        .shelterDay.list({ type: 'reservation' })
        .map((event) => event.petName),
    ).toEqual(['Waits']);
    expect(
      services()
        .shelterDay.list({ from: iso(T0 - DAY) })
        .map((event) => event.petId),
    ).toEqual([today.petId]);
    expect(services().shelterDay.personMovements(foster)).toMatchObject({
      animals: [{ id: old.petId, name: 'Oldie' }],
    });
  });

  it('removing a pet removes its stays, reservations, placements and history; its people stay', () => {
    const { petId } = services().movements.intake({ pet: { name: 'Gone', categoryId: 1 }, type: 'stray' }, 'cli');
    const someone = person('Stays Here');
    clock.advance(HOUR);
    services().movements.fosterStart({ petId, personId: someone }, 'cli');
    services().movements.reserve({ petId, personId: someone }, 'cli');
    services().pets.remove(petId);
    const left = engine.sqlite
      .prepare(
        'SELECT (SELECT count(*) FROM stays) + (SELECT count(*) FROM reservations) + (SELECT count(*) FROM foster_placements) + (SELECT count(*) FROM movement_events) AS n',
      )
      .get();
    expect(left).toEqual({ n: 0 });
    expect(services().people.get(someone).name).toBe('Stays Here');
  });

  it('a pet created through the API side counts as an arrival of the day, with no face recorded', () => {
    const pet = services().pets.create({ name: 'Api Pup', categoryId: 1 });
    expect(services().shelterDay.today().arrivals).toEqual([
      expect.objectContaining({ petId: pet.id, type: 'unknown', by: null, id: null }),
    ]);
  });
});
