/**
 * The report's figures must reconcile: over random movement histories (recorded through the movements
 * service), for every month and every species and age split, ending = beginning + intakes − outcomes
 * + grew past five months; one month's ending is the next one's beginning (in foster too); the totals
 * are their rows' sums; and per species the counts match an oracle that reads the history as made,
 * transfers out row by row by where they went (a destination left empty: one recorded before
 * migration 0021 asked, "not recorded").
 */
import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ManualClock } from '../../src/shared/clock';
import {
  CHOSEN_INTAKE_TYPES,
  OUTCOME_TYPES,
  TRANSFER_ORIGINS,
  type OutcomeType,
  type TransferOrigin,
} from '../../src/shared/movements';
import {
  SAC_AGES,
  SAC_ROWS,
  SAC_SPECIES,
  type SacMatrix,
  type SacRowKey,
  type SacSpecies,
} from '../../src/shared/reports';
import { addMonths } from '../../src/shared/zoned-time';
import { Engine } from '../../src/main/engine/engine';
import { makeTempDir, removeTempDir } from '../helpers/temp-dir';

const MINUTE = 60_000;
const DAY = 86_400_000;
const CATEGORIES = [
  { id: 1, species: 'dog' },
  { id: 2, species: 'cat' },
  { id: 3, species: null },
] as const;
const FIRST_MONTH = '2024-12';
const LAST_MONTH = '2027-09';

let dataDir: string;
let engine: Engine;

beforeAll(() => {
  dataDir = makeTempDir();
  engine = new Engine({ dataDir, environment: 'production', clock: new ManualClock(Date.UTC(2028, 0, 1)) });
});

afterAll(() => {
  engine.close();
  removeTempDir(dataDir);
});

const birthDate = fc.option(
  fc
    .tuple(
      fc.date({ min: new Date('2024-01-01T00:00:00Z'), max: new Date('2026-06-30T00:00:00Z'), noInvalidDate: true }),
      fc.constantFrom(10, 7, 4),
    )
    .map(([date, length]) => date.toISOString().slice(0, length)),
);

const stay = fc.record({
  gapMinutes: fc.integer({ min: 0, max: 60 * 24 * 60 }),
  type: fc.constantFrom(...CHOSEN_INTAKE_TYPES),
  transferFrom: fc.constantFrom(...TRANSFER_ORIGINS),
  lengthMinutes: fc.integer({ min: 0, max: 90 * 24 * 60 }),
  outcome: fc.option(fc.constantFrom(...OUTCOME_TYPES), { freq: 5 }),
  /** A transfer out's destination; null: recorded before the destination was asked (the row's left empty). */
  transferTo: fc.option(fc.constantFrom(...TRANSFER_ORIGINS), { freq: 4 }),
  /** Into foster after this share of the stay; back after `back` of it (null: still there at the outcome). */
  foster: fc.option(
    fc.record({
      start: fc.double({ min: 0, max: 1, noNaN: true }),
      back: fc.option(fc.double({ min: 0, max: 1, noNaN: true })),
    }),
  ),
  comesBack: fc.boolean(),
});

const animal = fc.record({
  category: fc.constantFrom(...CATEGORIES),
  birthDate,
  startMinutes: fc.integer({ min: 0, max: 365 * 24 * 60 }),
  stays: fc.array(stay, { minLength: 1, maxLength: 3 }),
});

interface MadeStay {
  species: SacSpecies | null;
  intakeAt: number;
  outcomeAt: number | null;
  /** The SAC row of its transfer out; null for any other outcome. */
  transferRow: SacRowKey | null;
}

const TRANSFER_ROW: Record<TransferOrigin, SacRowKey> = {
  in_state: 'outcome_transfer_in_state',
  out_of_state: 'outcome_transfer_out_of_state',
  abroad: 'outcome_transfer_abroad',
};
const TRANSFER_ROWS = [...Object.values(TRANSFER_ROW), 'outcome_transfer_unrecorded'] as const;

/** Records the animal's history through the service; returns its stays as made. */
type Animal = typeof animal extends fc.Arbitrary<infer A> ? A : never;

function record(history: Animal, index: number, personId: number): MadeStay[] {
  const { movements, petProfiles } = engine.services;
  const made: MadeStay[] = [];
  let petId = 0;
  let at = Date.UTC(2025, 0, 1) + history.startMinutes * MINUTE;
  let adopted = false;
  for (const [number, each] of history.stays.entries()) {
    at += each.gapMinutes * MINUTE;
    const intakeAt = at;
    const when = new Date(intakeAt).toISOString();
    if (number === 0) {
      petId = movements.intake(
        {
          pet: { name: `Animal ${index}`, categoryId: history.category.id },
          type: each.type,
          transferFrom: each.type === 'transfer_in' ? each.transferFrom : undefined,
          at: when,
        },
        'cli',
      ).petId;
      if (history.birthDate !== null) petProfiles.set(petId, { birthDate: history.birthDate });
    } else if (adopted && each.comesBack) {
      movements.returnAfterAdoption({ petId, at: when, reason: 'came back' }, 'cli');
    } else {
      movements.intake(
        { petId, type: each.type, transferFrom: each.type === 'transfer_in' ? each.transferFrom : undefined, at: when },
        'cli',
      );
    }
    const last = number === history.stays.length - 1;
    const outcome: OutcomeType | null = last ? each.outcome : (each.outcome ?? 'adoption');
    const end = intakeAt + each.lengthMinutes * MINUTE;
    if (each.foster !== null) {
      const span = outcome === null ? 30 * DAY : end - intakeAt;
      const start = intakeAt + Math.floor(each.foster.start * span);
      movements.fosterStart({ petId, personId, at: new Date(start).toISOString() }, 'cli');
      if (each.foster.back !== null)
        movements.fosterEnd(
          { petId, at: new Date(start + Math.floor(each.foster.back * (intakeAt + span - start))).toISOString() },
          'cli',
        );
    }
    adopted = outcome === 'adoption';
    if (outcome === 'adoption')
      movements.adopt({ petId, personId, at: new Date(end).toISOString(), fee: 0, feeMethod: 'waived' }, 'cli');
    else if (outcome === 'transfer_out') {
      const stayId = movements.outcome(
        {
          petId,
          type: outcome,
          transferTo: each.transferTo ?? 'in_state',
          receivingOrganisation: `Shelter ${index}`,
          at: new Date(end).toISOString(),
        },
        'cli',
      ).id;
      if (each.transferTo === null)
        engine.sqlite
          .prepare('UPDATE stays SET transfer_to = NULL, receiving_organisation = NULL WHERE id = ?')
          .run(stayId);
    } else if (outcome !== null) movements.outcome({ petId, type: outcome, at: new Date(end).toISOString() }, 'cli');
    const transferRow =
      outcome !== 'transfer_out'
        ? null
        : each.transferTo === null
          ? 'outcome_transfer_unrecorded'
          : TRANSFER_ROW[each.transferTo];
    made.push({ species: history.category.species, intakeAt, outcomeAt: outcome === null ? null : end, transferRow });
    at = end;
  }
  return made;
}

const months = (() => {
  const all: string[] = [];
  for (let month = FIRST_MONTH; month <= LAST_MONTH; month = addMonths(month, 1)) all.push(month);
  return all;
})();

it('every month reconciles, split by split, and agrees with the history as made', () => {
  const personId = engine.services.people.add({ name: 'Sam Foster' }).person.id;
  fc.assert(
    fc.property(
      fc.array(animal, { minLength: 1, maxLength: 6 }),
      fc.constantFrom(
        'UTC',
        'Europe/Paris',
        'America/New_York',
        'Australia/Lord_Howe',
        'Pacific/Chatham',
        'Asia/Kathmandu',
      ),
      (animals, timeZone) => {
        engine.sqlite.exec('DELETE FROM pets');
        const stays = animals.flatMap((history, index) => record(history, index, personId));
        const monthOf = (instant: number) =>
          new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit' }).format(instant);
        const matrices = months.map((month) => engine.services.reports.sac({ month, timeZone }));
        matrices.forEach((matrix: SacMatrix, index) => {
          const { rows } = matrix;
          for (const species of SAC_SPECIES) {
            for (const age of SAC_AGES) {
              const cell = (key: (typeof SAC_ROWS)[number]['key']) => rows[key][species][age];
              const where = `${matrix.month} ${timeZone} ${species} ${age}`;
              expect(cell('ending'), where).toBe(
                cell('beginning') + cell('intakes') - cell('outcomes') + cell('grew_up'),
              );
              for (const total of ['intakes', 'live_outcomes', 'other_outcomes'] as const) {
                const section = SAC_ROWS.find((row) => row.key === total)!.section;
                expect(cell(total), `${where} ${total}`).toBe(
                  SAC_ROWS.filter((row) => row.section === section && !('total' in row)).reduce(
                    (sum, row) => sum + cell(row.key),
                    0,
                  ),
                );
              }
              expect(cell('outcomes'), where).toBe(cell('live_outcomes') + cell('other_outcomes'));
              expect(cell('beginning_in_foster')).toBeLessThanOrEqual(cell('beginning'));
              expect(cell('ending_in_foster')).toBeLessThanOrEqual(cell('ending'));
              const next = matrices[index + 1];
              if (next) {
                expect(next.rows.beginning[species][age], `${where} → next`).toBe(cell('ending'));
                expect(next.rows.beginning_in_foster[species][age], `${where} foster → next`).toBe(
                  cell('ending_in_foster'),
                );
              }
            }
            const mine = stays.filter((each) => each.species === species);
            const sum = (key: SacRowKey) => SAC_AGES.reduce((total, age) => total + rows[key][species][age], 0);
            expect(sum('intakes'), `${matrix.month} ${species} intakes`).toBe(
              mine.filter((each) => monthOf(each.intakeAt) === matrix.month).length,
            );
            const leftThisMonth = mine.filter(
              (each) => each.outcomeAt !== null && monthOf(each.outcomeAt) === matrix.month,
            );
            expect(sum('outcomes'), `${matrix.month} ${species} outcomes`).toBe(leftThisMonth.length);
            for (const row of TRANSFER_ROWS)
              expect(sum(row), `${matrix.month} ${species} ${row}`).toBe(
                leftThisMonth.filter((each) => each.transferRow === row).length,
              );
            expect(sum('ending'), `${matrix.month} ${species} ending`).toBe(
              mine.filter(
                (each) =>
                  monthOf(each.intakeAt) <= matrix.month &&
                  (each.outcomeAt === null || monthOf(each.outcomeAt) > matrix.month),
              ).length,
            );
          }
        });
      },
    ),
    { numRuns: 40 },
  );
});
