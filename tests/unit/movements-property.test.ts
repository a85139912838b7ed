/**
 * Random sequences of movement commands never break the invariants: one open stay per animal, one
 * active reservation, one open foster placement, nothing open in a closed stay, dates in order, and
 * the pet's status what its movements say (a reservation past its expiry no longer holds it). A refusal is always an AppError, never a SQLite error.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ManualClock } from '../../src/shared/clock';
import { isAppError } from '../../src/shared/errors';
import { OTHER_OUTCOME_TYPES } from '../../src/shared/movements';
import { Engine } from '../../src/main/engine/engine';
import { makeTempDir, removeTempDir } from '../helpers/temp-dir';

const HOUR = 3_600_000;

let dataDir: string;
let clock: ManualClock;
let engine: Engine;

beforeAll(() => {
  dataDir = makeTempDir();
  clock = new ManualClock(Date.UTC(2026, 0, 1));
  engine = new Engine({ dataDir, environment: 'production', clock });
});

afterAll(() => {
  engine.close();
  removeTempDir(dataDir);
});

const command = fc.record({
  action: fc.constantFrom('intake', 'reserve', 'cancel', 'adopt', 'fosterStart', 'fosterEnd', 'outcome', 'return'),
  pet: fc.nat(1),
  person: fc.nat(2),
  /** Hours the clock moves first. */
  wait: fc.nat(72),
  /** Hours before now the movement is dated (0: now), so some run backwards. */
  back: fc.oneof({ arbitrary: fc.constant(0), weight: 3 }, { arbitrary: fc.nat(200), weight: 1 }),
  expires: fc.option(fc.integer({ min: 1, max: 96 })),
  outcome: fc.constantFrom(...OTHER_OUTCOME_TYPES),
  override: fc.boolean(),
});

type Command = typeof command extends fc.Arbitrary<infer C> ? C : never;

function apply(pets: number[], people: number[], step: Command): void {
  const { movements } = engine.services;
  clock.advance(step.wait * HOUR);
  const petId = pets[step.pet] ?? 0;
  const personId = people[step.person] ?? 0;
  const at = new Date(clock.now() - step.back * HOUR).toISOString();
  const override = step.override ? { reason: 'seen by the manager' } : undefined;
  const expiresAt = step.expires === null ? undefined : new Date(clock.now() + step.expires * HOUR).toISOString();
  switch (step.action) {
    case 'intake':
      return void movements.intake({ petId, type: 'stray', at }, 'cli');
    case 'reserve':
      return void movements.reserve(
        { petId, personId, at, expiresAt: step.back === 0 ? expiresAt : undefined, override },
        'cli',
      );
    case 'cancel':
      return void movements.cancelReservation({ petId, at }, 'cli');
    case 'adopt':
      return void movements.adopt({ petId, personId, at, fee: 25, feeMethod: 'cash', override }, 'cli');
    case 'fosterStart':
      return void movements.fosterStart({ petId, personId, at }, 'window');
    case 'fosterEnd':
      return void movements.fosterEnd({ petId, at }, 'window');
    case 'outcome':
      return void movements.outcome(
        { petId, type: step.outcome, transferTo: step.outcome === 'transfer_out' ? 'out_of_state' : undefined, at },
        'window',
      );
    case 'return':
      return void movements.returnAfterAdoption({ petId, at, reason: 'did not settle' }, 'window');
  }
}

function expectInvariants(petId: number): void {
  const { sqlite } = engine;
  const stays = sqlite
    .prepare<[number], { id: number; intakeAt: number; outcomeAt: number | null }>(
      'SELECT id, intake_at AS intakeAt, outcome_at AS outcomeAt FROM stays WHERE pet_id = ? ORDER BY intake_at, id',
    )
    .all(petId);
  const open = stays.filter((stay) => stay.outcomeAt === null);
  expect(stays.length).toBeGreaterThan(0);
  expect(open.length).toBeLessThanOrEqual(1);
  stays.forEach((stay, i) => {
    if (stay.outcomeAt !== null) expect(stay.outcomeAt).toBeGreaterThanOrEqual(stay.intakeAt);
    const next = stays[i + 1];
    if (next) {
      expect(stay.outcomeAt).not.toBeNull();
      expect(next.intakeAt).toBeGreaterThanOrEqual(stay.outcomeAt ?? 0);
    }
  });
  const parts = sqlite
    .prepare<
      [number, number],
      { stayId: number; start: number; end: number | null; expires: number | null; kind: string }
    >(
      `SELECT stay_id AS stayId, reserved_at AS start, ended_at AS "end", expires_at AS expires, 'reservation' AS kind FROM reservations WHERE pet_id = ?
       UNION ALL SELECT stay_id, started_at, ended_at, NULL, 'foster' FROM foster_placements WHERE pet_id = ?`,
    )
    .all(petId, petId);
  for (const kind of ['reservation', 'foster'])
    expect(parts.filter((part) => part.kind === kind && part.end === null).length).toBeLessThanOrEqual(1);
  for (const part of parts) {
    const stay = stays.find((each) => each.id === part.stayId);
    expect(stay).toBeDefined();
    if (part.end === null) expect(stay?.outcomeAt).toBeNull();
    else expect(part.end).toBeGreaterThanOrEqual(stay?.intakeAt ?? 0);
    if (stay?.outcomeAt != null && part.end !== null && part.kind === 'foster')
      expect(part.end).toBeLessThanOrEqual(stay.outcomeAt);
    expect(part.start).toBeGreaterThanOrEqual(stay?.intakeAt ?? 0);
  }
  // Every command first lets reservations past their expiry go: only one still in force holds the pet.
  const activeReservation = parts.some(
    (part) => part.kind === 'reservation' && part.end === null && (part.expires === null || part.expires > clock.now()),
  );
  const expected = open.length === 0 ? 'sold' : activeReservation ? 'pending' : 'available';
  expect(engine.services.pets.get(petId)?.status).toBe(expected);
}

it('keeps every invariant whatever the order of intakes, reservations, adoptions, fosters, outcomes and returns', () => {
  fc.assert(
    fc.property(fc.array(command, { minLength: 1, maxLength: 40, size: 'medium' }), (steps) => {
      const { movements, people } = engine.services;
      const pets = [0, 1].map(
        (i) => movements.intake({ pet: { name: `Pet ${i}`, categoryId: 1 }, type: 'stray' }, 'cli').petId,
      );
      const persons = [
        people.add({ name: 'Adopter' }).person.id,
        people.add({ name: 'Foster', fosterApproved: true }).person.id,
        people.add({ name: 'Flagged', doNotAdopt: true, doNotAdoptReason: 'returned two dogs' }).person.id,
      ];
      for (const step of steps) {
        try {
          apply(pets, persons, step);
        } catch (error) {
          if (!isAppError(error)) throw error;
          expect(['conflict', 'validation_failed']).toContain(error.code);
        }
        for (const petId of pets) expectInvariants(petId);
      }
    }),
    { numRuns: 40 },
  );
  // The sequences did more than bounce off the rules: every kind of movement was recorded.
  const kinds = engine.sqlite
    .prepare<[], { kind: string }>('SELECT DISTINCT kind FROM movement_events ORDER BY kind')
    .all()
    .map((row) => row.kind);
  expect(kinds).toEqual(['foster_end', 'foster_start', 'intake', 'outcome', 'reservation', 'reservation_cancelled']);
}, 120_000);
