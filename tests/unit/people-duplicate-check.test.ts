/** The People page asks before it adds: the duplicate check names the same people `add` would warn about, and adds nobody. */
import { afterEach, beforeEach, expect, it } from 'vitest';
import { ManualClock } from '../../src/shared/clock';
import { Engine } from '../../src/main/engine/engine';
import { makeTempDir, removeTempDir } from '../helpers/temp-dir';

let dataDir: string;
let engine: Engine;

beforeEach(() => {
  dataDir = makeTempDir();
  engine = new Engine({ dataDir, environment: 'production', clock: new ManualClock(Date.UTC(2026, 5, 1, 12)) });
});

afterEach(() => {
  engine.close();
  removeTempDir(dataDir);
});

it('warns as adding would, without adding; refuses what adding would refuse', () => {
  const { people } = engine.services;
  const zoe = people.add({
    name: 'Zoë Müller',
    email: 'zoe@example.test',
    phones: ['+33 6 12 34 56 78'],
    postcode: 'AB1 2CD',
  }).person;
  const candidate = {
    name: 'ZOE MULLER',
    email: 'Zoe@Example.TEST',
    phones: ['0033 6 12 34 56 78'],
    postcode: 'ab12cd',
  };
  const expected = [
    { kind: 'possible_duplicate', personId: zoe.id, name: 'Zoë Müller', matched: ['email', 'name_postcode'] },
  ];
  expect(people.duplicatesOf(candidate)).toEqual(expected);
  expect(people.search({}).total).toBe(1);
  expect(people.duplicatesOf({ name: 'Someone else', email: 'other@example.test' })).toEqual([]);
  expect(people.add(candidate).warnings).toEqual(expected);
  expect(() => people.duplicatesOf({ name: 'Flagged', doNotAdopt: true })).toThrow(/doNotAdoptReason/);
});
