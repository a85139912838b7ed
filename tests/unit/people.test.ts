/** The register of people: duplicates warned, search folded, forgetting that keeps the counts; a real engine over SQLite. */
import { describe, expect, it } from 'vitest';
import { detailsOf, isAppError } from '../../src/shared/errors';
import { type Engine } from '../../src/main/engine/engine';
import { FORGOTTEN_NAME } from '../../src/main/people/people';
import { foldForSearch } from '../../src/main/people/folding';
import { useTempEngine } from '../helpers/temp-engine';

const T0 = Date.UTC(2026, 5, 1, 12, 0, 0);

let engine: Engine;

useTempEngine(T0, (made) => ({ engine } = made));

const people = () => engine.services.people;

describe('adding', () => {
  it('warns on a likely duplicate (same email, same phone digits, same folded name and postcode) but adds the person all the same', () => {
    const first = people().add({
      name: 'Zoë Müller',
      email: 'Zoe@Example.test',
      phones: ['+33 6 12 34 56 78'],
      postcode: 'AB1 2CD',
    });
    expect(first.warnings).toEqual([]);
    const sameEmail = people().add({ name: 'Z. M.', email: 'zoe@example.TEST' });
    expect(sameEmail.warnings).toEqual([
      { kind: 'possible_duplicate', personId: first.person.id, name: 'Zoë Müller', matched: ['email'] },
    ]);
    const samePhone = people().add({ name: 'Someone', phones: ['+33 (6) 12-34-56-78'] });
    expect(samePhone.warnings.map((warning) => warning.matched)).toEqual([['phone']]);
    const sameNamePostcode = people().add({ name: 'ZOE MULLER', postcode: 'ab12cd' });
    expect(sameNamePostcode.warnings).toEqual([
      expect.objectContaining({ personId: first.person.id, matched: ['name_postcode'] }),
    ]);
    expect(people().add({ name: 'Zoë Müller', postcode: 'XY9 9ZZ' }).warnings).toEqual([]);
    expect(people().search({}).total).toBe(5);
  });

  it('refuses what breaks a rule, naming the field; a "do not adopt to" flag needs its reason', () => {
    const refusal = (input: Record<string, unknown>) => {
      try {
        people().add(input as { name: string });
      } catch (error) {
        return isAppError(error) ? error.message : String(error);
      }
      return 'added';
    };
    expect(refusal({ name: '' })).toMatch(/^name: /);
    expect(refusal({ name: 'A', email: 'not-an-email' })).toMatch(/^email: /);
    expect(refusal({ name: 'A', phones: ['call me'] })).toMatch(/^phones\.0: /);
    expect(refusal({ name: 'A', doNotAdopt: true })).toMatch(/^doNotAdoptReason: /);
    const id = people().add({ name: 'B' }).person.id;
    expect(() => people().edit(id, { doNotAdopt: true })).toThrow(/doNotAdoptReason/);
    expect(people().edit(id, { doNotAdopt: true, doNotAdoptReason: 'cruelty conviction' })).toMatchObject({
      doNotAdopt: true,
      doNotAdoptReason: 'cruelty conviction',
    });
  });
});

describe('searching', () => {
  it('folds case and accents, in names and emails; a number finds a phone', () => {
    expect(foldForSearch('  Zoë   MÜLLER ')).toBe('zoe muller');
    people().add({ name: 'Zoë Müller', email: 'zoe@example.test', phones: ['06 12 34 56 78'] });
    people().add({ name: 'Łukasz Nowak', roles: ['foster'], fosterApproved: true, fosterCapacity: 2 });
    people().add({ name: 'Chloé Durand', roles: ['adopter', 'finder'] });
    const names = (search: Parameters<ReturnType<typeof people>['search']>[0]) =>
      people()
        .search(search)
        .people.map((person) => person.name);
    expect(names({ search: 'zoe' })).toEqual(['Zoë Müller']);
    expect(names({ search: 'MULLER' })).toEqual(['Zoë Müller']);
    expect(names({ search: 'chloe' })).toEqual(['Chloé Durand']);
    expect(names({ search: 'example.test' })).toEqual(['Zoë Müller']);
    expect(names({ search: '12 34 56' })).toEqual(['Zoë Müller']);
    expect(names({ role: 'finder' })).toEqual(['Chloé Durand']);
    expect(names({ fosterApproved: true })).toEqual(['Łukasz Nowak']);
    expect(names({ search: '100%' })).toEqual([]);
  });
});

describe('forgetting', () => {
  it('removes name, contacts, address and notes; keeps the id and the movements, so counts still add up', () => {
    const { person } = people().add({
      name: 'Gina Gone',
      email: 'gina@example.test',
      phones: ['0700 000 000'],
      address: '1 Lane',
      postcode: 'ZZ1',
      notes: 'has a big garden',
      idChecked: true,
      idCheckedWhat: 'passport',
    });
    const { petId } = engine.services.movements.intake(
      { pet: { name: 'Kit', categoryId: 2 }, type: 'owner_surrender', personId: person.id },
      'cli',
    );
    const forgotten = people().forget(person.id);
    expect(forgotten).toMatchObject({
      id: person.id,
      name: FORGOTTEN_NAME,
      email: null,
      phones: [],
      address: null,
      postcode: null,
      notes: null,
      idCheckedWhat: null,
      forgottenAt: T0,
    });
    const stored = JSON.stringify(engine.sqlite.prepare('SELECT * FROM people').all());
    for (const trace of ['Gina', 'gina@', '0700', '1 Lane', 'ZZ1', 'garden', 'passport'])
      expect(stored).not.toContain(trace);
    expect(engine.services.shelterDay.record(petId).openStay?.intakePerson).toEqual({
      id: person.id,
      name: FORGOTTEN_NAME,
      forgotten: true,
    });
    expect(people().search({ search: 'gina' }).total).toBe(0);
    expect(people().search({ includeForgotten: true }).total).toBe(1);
    let reason: string | undefined;
    try {
      engine.services.movements.reserve({ petId, personId: person.id }, 'cli');
    } catch (error) {
      reason = detailsOf(error, 'conflict')?.reason;
    }
    expect(reason).toBe('person_forgotten');
  });
});
