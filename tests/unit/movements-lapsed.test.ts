/**
 * A reservation past its expiry no longer holds the animal (docs/decisions.md): the pet
 * is `available` again as soon as the engine looks, while the reservation stays open and the Today
 * page lists it as expired until staff cancel it or renew it. On a real engine over SQLite, with the
 * injected clock moved past the expiry.
 */
import { describe, expect, it, onTestFinished } from 'vitest';
import { type ManualClock } from '../../src/shared/clock';
import { databaseFile, Engine } from '../../src/main/engine/engine';
import { writeOldDatabase } from '../helpers/old-migrations';
import { makeTempDir, removeTempDir } from '../helpers/temp-dir';
import { useTempEngine } from '../helpers/temp-engine';

const T0 = Date.UTC(2026, 5, 1, 9, 0, 0);
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const iso = (ms: number) => new Date(ms).toISOString();

let clock: ManualClock;
let engine: Engine;

useTempEngine(T0, (made) => ({ engine, clock } = made));

const services = () => engine.services;
const status = (petId: number) => services().pets.get(petId)?.status;

/** A pet reserved by a new adopter until `expiresAt`; the clock then stands an hour after the reservation. */
function reserved(name: string, expiresAt: number): { petId: number; adopter: number } {
  const { petId } = services().movements.intake({ pet: { name, categoryId: 1 }, type: 'stray' }, 'cli');
  const adopter = services().people.add({ name: `${name}'s adopter` }).person.id;
  services().movements.reserve({ petId, personId: adopter, expiresAt: iso(expiresAt) }, 'window');
  clock.advance(HOUR);
  return { petId, adopter };
}

describe('a reservation past its expiry', () => {
  it('holds the pet until its expiry; after it the pet is available again, and the Today page lists the reservation as expired', () => {
    const { petId } = reserved('Juniper', T0 + 3 * DAY);
    clock.set(T0 + 3 * DAY - 1);
    expect(services().shelterDay.today().reservationsWaiting).toEqual([]);
    expect(status(petId)).toBe('pending');

    clock.set(T0 + 3 * DAY);
    const today = services().shelterDay.today();
    expect(status(petId)).toBe('available');
    expect(today.reservationsWaiting).toEqual([
      expect.objectContaining({
        petName: 'Juniper',
        expired: true,
        reservation: expect.objectContaining({ endedAt: null, end: null }),
      }),
    ]);
    // Still open on the record: staff decide (cancel or renew); the status history says when it let go.
    const record = services().shelterDay.record(petId);
    expect(record.activeReservation).toMatchObject({ expiresAt: T0 + 3 * DAY, endedAt: null });
    expect(record.statusHistory.at(-1)).toMatchObject({
      fromStatus: 'pending',
      toStatus: 'available',
      changedAt: T0 + 3 * DAY,
    });
  });

  it('lets go once the engine looks, whichever movement read or write comes first', () => {
    const { petId } = reserved('Basil', T0 + DAY);
    const other = services().movements.intake({ pet: { name: 'Other', categoryId: 1 }, type: 'stray' }, 'cli');
    clock.advance(2 * DAY);
    expect(status(petId)).toBe('pending');
    services().movements.fosterStart(
      { petId: other.petId, personId: services().people.add({ name: 'Foster' }).person.id },
      'cli',
    );
    expect(status(petId)).toBe('available');
  });

  it('renewed (reserved again for the same person) the pet is pending again; the lapsed one ends as expired at its expiry', () => {
    const { petId, adopter } = reserved('Sage', T0 + DAY);
    clock.advance(2 * DAY);
    services().shelterDay.today();
    expect(status(petId)).toBe('available');
    const stay = services().movements.reserve(
      { petId, personId: adopter, expiresAt: iso(clock.now() + 7 * DAY) },
      'window',
    );
    expect(status(petId)).toBe('pending');
    expect(stay.reservations.map(({ end, endedAt }) => ({ end, endedAt }))).toEqual([
      { end: null, endedAt: null },
      { end: 'expired', endedAt: T0 + DAY },
    ]);
    expect(services().shelterDay.today().reservationsWaiting).toEqual([]);
  });

  it('cancelled by staff it leaves the Today page; the pet stays available', () => {
    const { petId } = reserved('Thyme', T0 + DAY);
    clock.advance(2 * DAY);
    services().movements.cancelReservation({ petId, reason: 'no word from the adopter' }, 'window');
    expect(status(petId)).toBe('available');
    expect(services().shelterDay.today()).toMatchObject({ reservationsWaiting: [], counts: { reserved: 0 } });
  });

  it('another adopter may adopt: the lapsed reservation ends as expired', () => {
    const { petId } = reserved('Rosemary', T0 + DAY);
    clock.advance(2 * DAY);
    const other = services().people.add({ name: 'Walk-in adopter' }).person.id;
    const stay = services().movements.adopt({ petId, personId: other, fee: 90, feeMethod: 'cash' }, 'window');
    expect(stay.reservations[0]).toMatchObject({ end: 'expired', endedAt: T0 + DAY });
    expect(status(petId)).toBe('sold');
  });

  it('lets go once: a status staff set by hand afterwards stands', () => {
    const { petId } = reserved('Dill', T0 + DAY);
    clock.advance(2 * DAY);
    services().shelterDay.today();
    services().pets.changeStatus(petId, 'pending');
    clock.advance(DAY);
    services().shelterDay.record(petId);
    expect(status(petId)).toBe('pending');
  });

  it('a reservation without an expiry holds the pet however long it waits', () => {
    const { petId } = services().movements.intake({ pet: { name: 'Patience', categoryId: 1 }, type: 'stray' }, 'cli');
    services().movements.reserve({ petId, personId: services().people.add({ name: 'Slow adopter' }).person.id }, 'cli');
    clock.advance(400 * DAY);
    expect(services().shelterDay.today().reservationsWaiting).toEqual([
      expect.objectContaining({ petName: 'Patience', expired: false }),
    ]);
    expect(status(petId)).toBe('pending');
  });
});

describe('migration 0014 on a database made by the release before it', () => {
  it('keeps the shelter profile and open reservations; one already past its expiry lets its pet go at the first look', () => {
    // A data dir of its own, closed and removed whatever the outcome: the hooks clean up only the engine they made.
    const oldDir = makeTempDir();
    let opened: Engine | undefined;
    onTestFinished(() => {
      opened?.close();
      removeTempDir(oldDir);
    });
    writeOldDatabase(
      databaseFile(oldDir, 'production'),
      '0014',
      `
      INSERT INTO meta (key, value) VALUES ('categories_seeded', '1');
      INSERT INTO categories (id, name, name_folded) VALUES (1, 'Dogs', 'dogs');
      INSERT INTO shelter_profile (id, name, currency, how_to_adopt, updated_at) VALUES (1, 'Happy Paws', 'EUR', 'Come and meet us.', 1000);
      INSERT INTO pets (id, name, name_folded, category_id, status, created_at, updated_at) VALUES
        (1, 'Lapsed', 'lapsed', 1, 'pending', 1000, 2000),
        (2, 'Held', 'held', 1, 'pending', 1000, 2000);
      INSERT INTO stays (id, pet_id, intake_type, intake_at) VALUES (1, 1, 'stray', 1000), (2, 2, 'stray', 1000);
      INSERT INTO people (id, name, name_folded, created_at, updated_at) VALUES (1, 'Ola Adopter', 'ola adopter', 1000, 1000);
      INSERT INTO reservations (stay_id, pet_id, person_id, reserved_at, expires_at) VALUES (1, 1, 1, 2000, ${T0 - DAY}), (2, 2, 1, 2000, ${T0 + DAY});
    `,
    );
    engine = opened = new Engine({ dataDir: oldDir, environment: 'production', clock });
    expect(services().shelter.get()).toEqual({
      name: 'Happy Paws',
      currency: 'EUR',
      howToAdopt: 'Come and meet us.',
      logo: null,
      version: 1,
    });
    expect(services().shelter.set({ contractTerms: 'The adopter keeps the animal indoors.' }).contractTerms).toBe(
      'The adopter keeps the animal indoors.',
    );
    expect([status(1), status(2)]).toEqual(['pending', 'pending']);
    services().shelterDay.today();
    expect([status(1), status(2)]).toEqual(['available', 'pending']);
  });
});
