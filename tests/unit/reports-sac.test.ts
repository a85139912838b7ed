/**
 * A hand-built March 2026 in Paris (CET, then CEST from the 29th), whose matrix was
 * counted by hand, matches cell for cell; its live release rate too. Through the real engine and
 * the movements service, on a SQLite file. Transfers out land in the row of where they went; only
 * one recorded before movements asked (its destination empty) is "destination not recorded".
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/shared/clock';
import {
  SAC_AGES,
  SAC_ROWS,
  SAC_SPECIES,
  type SacAge,
  type SacRowKey,
  type SacSpecies,
} from '../../src/shared/reports';
import { Engine } from '../../src/main/engine/engine';
import { makeTempDir, removeTempDir } from '../helpers/temp-dir';

const DOGS = 1;
const CATS = 2;
const RABBITS = 3;

let dataDir: string;
let engine: Engine;

type Step = (petId: number) => void;

beforeAll(() => {
  dataDir = makeTempDir();
  engine = new Engine({ dataDir, environment: 'production', clock: new ManualClock(Date.UTC(2026, 5, 1)) });
  const { movements, petProfiles, people } = engine.services;
  const person = people.add({ name: 'Alex Martin' }).person.id;
  const animal = (
    name: string,
    categoryId: number,
    birthDate: string | null,
    intake: {
      type: 'stray' | 'owner_surrender' | 'transfer_in' | 'seized' | 'born_in_care';
      at: string;
      transferFrom?: 'in_state' | 'out_of_state' | 'abroad';
    },
    ...steps: Step[]
  ) => {
    const { petId } = movements.intake({ pet: { name, categoryId }, ...intake }, 'cli');
    if (birthDate !== null) petProfiles.set(petId, { birthDate });
    for (const step of steps) step(petId);
  };
  const adopt =
    (at: string): Step =>
    (petId) =>
      movements.adopt({ petId, personId: person, at, fee: 50, feeMethod: 'cash' }, 'cli');
  const outcome =
    (
      type:
        | 'return_to_owner'
        | 'return_to_field'
        | 'died_in_care'
        | 'lost_in_care'
        | 'euthanasia'
        | 'owner_requested_euthanasia',
      at: string,
    ): Step =>
    (petId) =>
      movements.outcome({ petId, type, at }, 'cli');
  const transfer =
    (transferTo: 'in_state' | 'out_of_state' | 'abroad', at: string): Step =>
    (petId) =>
      movements.outcome({ petId, type: 'transfer_out', transferTo, receivingOrganisation: 'Valley Rescue', at }, 'cli');
  // A transfer out recorded before migration 0021: its stay has no destination.
  const unrecorded: Step = (petId) =>
    engine.sqlite
      .prepare('UPDATE stays SET transfer_to = NULL, receiving_organisation = NULL WHERE pet_id = ?')
      .run(petId);
  const foster =
    (at: string): Step =>
    (petId) =>
      movements.fosterStart({ petId, personId: person, at }, 'cli');
  const back =
    (at: string): Step =>
    (petId) =>
      movements.fosterEnd({ petId, at }, 'cli');

  animal('Rex', DOGS, '2020-01-10', { type: 'stray', at: '2026-01-10' });
  animal(
    'Fido',
    DOGS,
    null,
    { type: 'owner_surrender', at: '2026-02-01' },
    foster('2026-02-10'),
    back('2026-03-02'),
    adopt('2026-03-05'),
  );
  animal('Pip', DOGS, '2025-10-20', { type: 'transfer_in', transferFrom: 'out_of_state', at: '2026-02-15' });
  // 00:30 on 1 March in Paris: a March intake.
  animal('Luna', CATS, '2025-12', { type: 'stray', at: '2026-02-28T23:30:00Z' }, foster('2026-03-20'));
  animal(
    'Tom',
    CATS,
    '2019',
    { type: 'owner_surrender', at: '2026-03-03' },
    outcome('owner_requested_euthanasia', '2026-03-04'),
  );
  // 00:30 on 1 April in Paris (CEST): an April outcome.
  animal(
    'Mia',
    CATS,
    '2024-05-01',
    { type: 'transfer_in', transferFrom: 'abroad', at: '2026-03-10' },
    transfer('abroad', '2026-03-31T22:30:00Z'),
  );
  animal('Bun', RABBITS, '2025-01-01', { type: 'stray', at: '2026-03-05' });
  animal(
    'Max',
    DOGS,
    '2018-06-01',
    { type: 'transfer_in', transferFrom: 'in_state', at: '2025-12-01' },
    outcome('euthanasia', '2026-03-12'),
  );
  animal(
    'Kiki',
    CATS,
    null,
    { type: 'seized', at: '2026-01-05' },
    adopt('2026-02-01'),
    (petId) => movements.returnAfterAdoption({ petId, at: '2026-03-15', reason: 'allergies' }, 'cli'),
    outcome('died_in_care', '2026-03-20'),
  );
  animal('Zed', DOGS, '2026-01-01', { type: 'born_in_care', at: '2026-03-08' }, outcome('lost_in_care', '2026-03-09'));
  animal('Ace', DOGS, '2020-01-01', { type: 'stray', at: '2026-03-02' }, outcome('return_to_owner', '2026-03-03'));
  animal('Feral', CATS, '2025-01', { type: 'stray', at: '2026-03-11' }, outcome('return_to_field', '2026-03-25'));
  // 23:59 on 27 February in Paris: gone before March.
  animal('Old', DOGS, '2015-01-01', { type: 'stray', at: '2026-01-02' }, adopt('2026-02-27T22:59:00Z'));
  // Left at midnight starting 1 March in Paris: in the beginning count and a March outcome.
  animal(
    'Edge',
    DOGS,
    '2015-01-01',
    { type: 'stray', at: '2026-01-02' },
    transfer('in_state', '2026-02-28T23:00:00Z'),
    unrecorded,
  );
  // Transferred out in March, one to each distance.
  animal('Olive', DOGS, '2019-01-01', { type: 'stray', at: '2026-03-06' }, transfer('in_state', '2026-03-07'));
  animal(
    'Sage',
    CATS,
    '2025-02',
    { type: 'owner_surrender', at: '2026-03-13' },
    transfer('out_of_state', '2026-03-14'),
  );
  animal('Pepe', DOGS, null, { type: 'stray', at: '2026-03-16' }, transfer('abroad', '2026-03-17'));
});

afterAll(() => {
  engine.close();
  removeTempDir(dataDir);
});

/** The cells counted by hand; every other cell is 0. */
const EXPECTED: Partial<Record<SacRowKey, Partial<Record<`${SacSpecies}.${SacAge}`, number>>>> = {
  beginning: { 'dog.adult': 3, 'dog.youth': 1, 'dog.unknown': 1 },
  beginning_in_foster: { 'dog.unknown': 1 },
  intake_stray: { 'dog.adult': 2, 'dog.unknown': 1, 'cat.youth': 1, 'cat.adult': 1 },
  intake_relinquished: { 'cat.unknown': 1, 'cat.adult': 1 },
  intake_owner_intended_euthanasia: { 'cat.adult': 1 },
  intake_transfer_abroad: { 'cat.adult': 1 },
  intake_other: { 'dog.youth': 1 },
  intakes: { 'dog.adult': 2, 'dog.youth': 1, 'dog.unknown': 1, 'cat.adult': 4, 'cat.youth': 1, 'cat.unknown': 1 },
  outcome_adoption: { 'dog.unknown': 1 },
  outcome_returned_to_owner: { 'dog.adult': 1 },
  outcome_transfer_in_state: { 'dog.adult': 1 },
  outcome_transfer_out_of_state: { 'cat.adult': 1 },
  outcome_transfer_abroad: { 'dog.unknown': 1 },
  outcome_transfer_unrecorded: { 'dog.adult': 1 },
  outcome_returned_to_field: { 'cat.adult': 1 },
  live_outcomes: { 'dog.adult': 3, 'dog.unknown': 2, 'cat.adult': 2 },
  outcome_died_in_care: { 'cat.unknown': 1 },
  outcome_lost_in_care: { 'dog.youth': 1 },
  outcome_shelter_euthanasia: { 'dog.adult': 1 },
  outcome_owner_intended_euthanasia: { 'cat.adult': 1 },
  other_outcomes: { 'dog.adult': 1, 'dog.youth': 1, 'cat.adult': 1, 'cat.unknown': 1 },
  outcomes: { 'dog.adult': 4, 'dog.youth': 1, 'dog.unknown': 2, 'cat.adult': 3, 'cat.unknown': 1 },
  grew_up: { 'dog.youth': -1, 'dog.adult': 1 },
  ending: { 'dog.adult': 2, 'cat.adult': 1, 'cat.youth': 1 },
  ending_in_foster: { 'cat.youth': 1 },
};

describe('March 2026 in Paris, counted by hand', () => {
  it('matches cell for cell', () => {
    const matrix = engine.services.reports.sac({ month: '2026-03', timeZone: 'Europe/Paris' });
    expect(matrix.from).toBe(Date.parse('2026-02-28T23:00:00Z'));
    expect(matrix.to).toBe(Date.parse('2026-03-31T22:00:00Z'));
    for (const { key } of SAC_ROWS) {
      for (const species of SAC_SPECIES) {
        for (const age of SAC_AGES)
          expect(matrix.rows[key][species][age], `${key} ${species} ${age}`).toBe(
            EXPECTED[key]?.[`${species}.${age}`] ?? 0,
          );
      }
    }
  });

  it('the live release rate: live outcomes ÷ (live outcomes + shelter euthanasia)', () => {
    const release = engine.services.reports.liveRelease({
      from: '2026-03-01',
      to: '2026-03-31',
      timeZone: 'Europe/Paris',
    });
    expect(release.dog).toEqual({
      adoptions: 1,
      returnedToOwner: 1,
      transfersOut: 3,
      returnedToField: 0,
      liveOutcomes: 5,
      shelterEuthanasia: 1,
      ownerIntendedEuthanasia: 0,
      diedOrLost: 1,
      rate: 5 / 6,
    });
    expect(release.cat).toEqual({
      adoptions: 0,
      returnedToOwner: 0,
      transfersOut: 1,
      returnedToField: 1,
      liveOutcomes: 2,
      shelterEuthanasia: 0,
      ownerIntendedEuthanasia: 1,
      diedOrLost: 1,
      rate: 1,
    });
    expect(release.total.rate).toBe(7 / 8);
    // In UTC, Edge's transfer (23:00 on 28 February) falls in February.
    expect(
      engine.services.reports.liveRelease({ from: '2026-03-01', to: '2026-03-31', timeZone: 'UTC' }).dog.transfersOut,
    ).toBe(2);
  });

  it('the trends end with the month and agree with its matrix', () => {
    const trends = engine.services.reports.trends({ month: '2026-03', months: 3, timeZone: 'Europe/Paris' });
    expect(trends.map((month) => month.month)).toEqual(['2026-01', '2026-02', '2026-03']);
    expect(trends[2]).toEqual({
      month: '2026-03',
      intakes: 10,
      liveOutcomes: 7,
      otherOutcomes: 4,
      ending: 4,
      liveReleaseRate: 7 / 8,
    });
  });

  it('refuses a month that is no month, and an unknown time zone', () => {
    expect(() => engine.services.reports.sac({ month: '2026-13' })).toThrow(/must be a month/);
    expect(() => engine.services.reports.sac({ month: '2026-03', timeZone: 'Mars/Olympus' })).toThrow(/time zone/);
  });
});
