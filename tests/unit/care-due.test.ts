/** The due list (overdue, today, this week) and "up to date", moved with the injected clock. */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/shared/clock';
import { detailsOf } from '../../src/shared/errors';
import { Engine } from '../../src/main/engine/engine';
import { makeTempDir, removeTempDir } from '../helpers/temp-dir';

const T0 = Date.UTC(2026, 5, 10, 12, 0, 0);
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

let dataDir: string;
let clock: ManualClock;
let engine: Engine;

beforeEach(() => {
  dataDir = makeTempDir();
  clock = new ManualClock(T0);
  engine = new Engine({ dataDir, environment: 'production', clock });
  // No shipped protocol: every dose here is scheduled by hand.
  engine.services.care.protocols.set({ categoryId: 1, steps: [] });
});

afterEach(() => {
  engine.close();
  removeTempDir(dataDir);
});

const care = () => engine.services.care;
const animal = (name: string) =>
  engine.services.movements.intake({ pet: { name, categoryId: 1 }, type: 'stray', at: '2026-06-01' }, 'cli').petId;
const names = (rows: Array<{ petName: string; dose: { dueDate: string | null } }>) =>
  rows.map((row) => `${row.petName} ${row.dose.dueDate}`);

describe('the due list', () => {
  it('splits at today and at today + days, both ends included; later doses are not listed', () => {
    const pets = ['Ada', 'Bo', 'Cy', 'Di', 'Ed'].map(animal);
    const dues = ['2026-06-09', '2026-06-10', '2026-06-11', '2026-06-17', '2026-06-18'];
    pets.forEach((petId, index) => care().schedule({ petId, vaccine: 'DHPP', dueDate: dues[index] ?? '' }, 'cli'));
    const list = care().dueList({ utcOffsetMinutes: 0 });
    expect(list).toMatchObject({ today: '2026-06-10', until: '2026-06-17' });
    expect(names(list.overdue)).toEqual(['Ada 2026-06-09']);
    expect(list.overdue[0]).toMatchObject({ bucket: 'overdue', overdueDays: 1, category: 'Dogs' });
    expect(names(list.dueToday)).toEqual(['Bo 2026-06-10']);
    expect(names(list.soon)).toEqual(['Cy 2026-06-11', 'Di 2026-06-17']);
    expect(names(care().dueList({ utcOffsetMinutes: 0, days: 0 }).soon)).toEqual([]);
    expect(names(care().dueList({ utcOffsetMinutes: 0, days: 8 }).soon)).toContain('Ed 2026-06-18');
  });

  it('moves with the clock and with the shelter’s day: at 23:00 UTC, a shelter at UTC+2 is already on the next day', () => {
    const petId = animal('Fig');
    care().schedule({ petId, vaccine: 'FVRCP', dueDate: '2026-06-11' }, 'cli');
    expect(care().dueList({ utcOffsetMinutes: 0 }).soon).toHaveLength(1);
    clock.set(Date.UTC(2026, 5, 10, 23, 0, 0));
    expect(care().dueList({ utcOffsetMinutes: 0 }).dueToday).toHaveLength(0);
    expect(care().dueList({ utcOffsetMinutes: 120 }).dueToday).toHaveLength(1);
    clock.advance(2 * DAY);
    expect(care().dueList({ utcOffsetMinutes: 0 }).overdue[0]).toMatchObject({ overdueDays: 1 });
  });

  it('lists only animals in care, and no dose given or skipped', () => {
    const [kept, adopted, skipped, given] = ['Gus', 'Hal', 'Ivy', 'Jo'].map(animal);
    for (const petId of [kept, adopted, skipped, given])
      care().schedule({ petId: petId ?? 0, vaccine: 'DHPP', dueDate: '2026-06-10' }, 'cli');
    const adopter = engine.services.people.add({ name: 'Ada' }).person.id;
    engine.services.movements.adopt({ petId: adopted ?? 0, personId: adopter, fee: 0, feeMethod: 'waived' }, 'cli');
    const dose = (petId: number | undefined) => care().record(petId ?? 0).doses[0]?.id ?? 0;
    care().skip({ doseId: dose(skipped), reason: 'vet advised to wait: ill' }, 'window');
    care().give({ doses: [{ petId: given ?? 0, vaccine: 'dhpp', batch: 'L1' }] }, 'window');
    expect(names(care().dueList({ utcOffsetMinutes: 0 }).dueToday)).toEqual(['Gus 2026-06-10']);
    expect(care().record(skipped ?? 0).doses[0]).toMatchObject({
      status: 'skipped',
      skipReason: 'vet advised to wait: ill',
    });
    expect(care().record(given ?? 0).doses[0]).toMatchObject({
      status: 'given',
      givenDate: '2026-06-10',
      batch: 'L1',
      dueDate: '2026-06-10',
    });
  });

  it('a dose given or skipped cannot be skipped again, nor its due date moved: the rule is named', () => {
    const petId = animal('Kit');
    const dose = care().schedule({ petId, vaccine: 'DHPP', dueDate: '2026-06-10' }, 'cli');
    care().skip({ doseId: dose.id, reason: 'not needed' }, 'cli');
    const refusal = (action: () => unknown) => {
      try {
        action();
      } catch (error) {
        return detailsOf(error, 'conflict');
      }
      return undefined;
    };
    expect(refusal(() => care().skip({ doseId: dose.id, reason: 'again' }, 'cli'))).toEqual({
      reason: 'dose_not_waiting',
      doseId: dose.id,
      petId,
      status: 'skipped',
    });
    expect(refusal(() => care().editDose(dose.id, { dueDate: '2026-06-20' }, 'cli'))).toMatchObject({
      reason: 'dose_not_waiting',
    });
  });
});

describe('up to date (the portals’ shots fields)', () => {
  it('unknown with nothing recorded; no while a dose is overdue or the latest of a vaccine expired; yes otherwise', () => {
    const petId = animal('Lux');
    expect(care().upToDate(petId)).toBeNull();
    care().give({ doses: [{ petId, vaccine: 'Rabies', batch: 'R9', expiresDate: '2026-06-20' }] }, 'cli');
    care().schedule({ petId, vaccine: 'DHPP', dueDate: '2026-06-12' }, 'cli');
    expect(care().upToDate(petId)).toBe(true);
    clock.advance(3 * DAY);
    expect(care().upToDate(petId)).toBe(false);
    care().give({ doses: [{ petId, vaccine: 'DHPP', batch: 'D2' }] }, 'cli');
    expect(care().upToDate(petId)).toBe(true);
    clock.advance(10 * DAY);
    expect(care().upToDate(petId)).toBe(false);
    care().give({ doses: [{ petId, vaccine: 'rabies', batch: 'R10', expiresDate: '2029-06-20' }] }, 'cli');
    expect(care().upToDate(petId)).toBe(true);
    expect(care().record(petId).upToDate).toBe(true);
    const other = animal('Max');
    care().schedule({ petId: other, vaccine: 'DHPP', dueDate: '2026-06-01' }, 'cli');
    expect(care().upToDateAll()).toEqual(
      new Map([
        [petId, true],
        [other, false],
      ]),
    );
  });
});
