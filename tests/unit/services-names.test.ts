/** Names through the services, on real SQLite: the shared rules, search beyond ASCII, unique accounts and categories. */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/shared/clock';
import { AppError, type ErrorCode } from '../../src/shared/errors';
import { Engine } from '../../src/main/engine/engine';
import { makeTempDir, removeTempDir } from '../helpers/temp-dir';

let dataDir: string;
let engine: Engine;

beforeEach(() => {
  dataDir = makeTempDir();
  engine = new Engine({ dataDir, environment: 'production', clock: new ManualClock(Date.UTC(2026, 5, 1)) });
});

afterEach(() => {
  engine.close();
  removeTempDir(dataDir);
});

function refusal(action: () => unknown): { code: ErrorCode; message: string } {
  try {
    action();
  } catch (error) {
    expect(error).toBeInstanceOf(AppError);
    return { code: (error as AppError).code, message: (error as AppError).message };
  }
  throw new Error('expected a refusal');
}

const account = (name: string) => engine.services.accounts.create({ name, planId: 'free' });

describe('every service applies the shared name rules', () => {
  it('pets: created, updated and imported names with controls or nothing visible are refused; nothing is written', () => {
    const { pets } = engine.services;
    expect(refusal(() => pets.create({ name: 'Rex\x1b[2J', categoryId: 1 }))).toEqual({
      code: 'validation_failed',
      message: 'name: must not contain control characters (found U+001B)',
    });
    expect(refusal(() => pets.create({ name: '\u200b\u200d', categoryId: 1 }))).toEqual({
      code: 'validation_failed',
      message: 'name: must contain at least one visible character',
    });
    expect(
      refusal(() =>
        pets.importMany([
          { name: 'Fine', categoryId: 1 },
          { name: 'Two\nlines', categoryId: 1 },
        ]),
      ).message,
    ).toBe('row 2: name: must not contain control characters (found U+000A)');
    const rex = pets.create({ name: 'Rex', categoryId: 1 });
    expect(refusal(() => pets.update(rex.id, { name: 'Rex\u2028' + 'x' })).message).toBe(
      'name: must not contain control characters (found U+2028)',
    );
    expect(pets.browse({}).pets.map((pet) => pet.name)).toEqual(['Rex']);
  });

  it("pets: a noncharacter (U+FFFF broke the site's Atom feed) is refused on create, import and rename alike", () => {
    const { pets } = engine.services;
    const rule = 'name: must not contain Unicode noncharacters (found U+FFFF)';
    expect(refusal(() => pets.create({ name: 'Api\uffffpet', categoryId: 1 }))).toEqual({
      code: 'validation_failed',
      message: rule,
    });
    expect(
      refusal(() =>
        pets.importMany([
          { name: 'Fine', categoryId: 1 },
          { name: 'Api\uffffpet', categoryId: 1 },
        ]),
      ).message,
    ).toBe(`row 2: ${rule}`);
    const rex = pets.create({ name: 'Rex', categoryId: 1 });
    expect(refusal(() => pets.update(rex.id, { name: 'Rex\uffff' })).message).toBe(rule);
    expect(pets.browse({}).pets.map((pet) => pet.name)).toEqual(['Rex']);
  });

  it('pets: a change checks only what changes, so a pet stored with an older, now refused name can still move category', () => {
    const { pets } = engine.services;
    const { lastInsertRowid } = engine.sqlite
      .prepare(
        "INSERT INTO pets (name, name_folded, category_id, status, created_at, updated_at) VALUES ('Old\u001bname', 'old\u001bname', 1, 'available', 0, 0)",
      )
      .run();
    const id = Number(lastInsertRowid);
    expect(pets.update(id, { categoryId: 2 })).toMatchObject({ name: 'Old\u001bname', categoryId: 2 });
    expect(refusal(() => pets.update(id, { categoryId: 99 })).message).toBe(
      'categoryId: 99 is not an existing category',
    );
    expect(pets.update(id, { name: 'New name' })).toMatchObject({ name: 'New name', categoryId: 2 });
    expect(pets.browse({ search: 'NEW' }).pets.map((pet) => pet.id)).toEqual([id]);
  });

  it('pets: an emoji ZWJ sequence inside a name is stored exactly', () => {
    const family = engine.services.pets.create({ name: '👩‍👩‍👧 Family', categoryId: 2 });
    expect(engine.services.pets.get(family.id)?.name).toBe('👩‍👩‍👧 Family');
  });

  it('categories, accounts and key labels follow the same rules, on create and on rename', () => {
    const { categories, accounts, keys } = engine.services;
    expect(refusal(() => categories.create('Cats\x07'))).toEqual({
      code: 'validation_failed',
      message: 'name: must not contain control characters (found U+0007)',
    });
    expect(refusal(() => categories.rename(1, '\u2060'))).toEqual({
      code: 'validation_failed',
      message: 'name: must contain at least one visible character',
    });
    expect(refusal(() => account('Acme\u0085'))).toEqual({
      code: 'validation_failed',
      message: 'name: must not contain control characters (found U+0085)',
    });
    const acme = account('Acme');
    expect(refusal(() => accounts.rename(acme.id, '\u200c'))).toEqual({
      code: 'validation_failed',
      message: 'name: must contain at least one visible character',
    });
    expect(refusal(() => keys.create({ accountId: acme.id, label: 'app\r\nx' }))).toEqual({
      code: 'validation_failed',
      message: 'label: must not contain control characters (found U+000D)',
    });
    const { record } = keys.create({ accountId: acme.id, label: '  website ' });
    expect(record.label).toBe('website');
    expect(refusal(() => keys.setLabel(record.id, '\u200b'))).toEqual({
      code: 'validation_failed',
      message: 'label: must contain at least one visible character',
    });
    expect(categories.get(1).name).toBe('Dogs');
    expect(accounts.get(acme.id).name).toBe('Acme');
    expect(keys.get(record.id).label).toBe('website');
  });

  it('key labels over 200 characters are refused, never cut short', () => {
    const { keys } = engine.services;
    const { id } = account('Acme');
    expect(refusal(() => keys.create({ accountId: id, label: 'x'.repeat(201) }))).toEqual({
      code: 'validation_failed',
      message: 'label: must be at most 200 characters',
    });
    const { record } = keys.create({ accountId: id, label: 'x'.repeat(200) });
    expect(record.label).toHaveLength(200);
    expect(refusal(() => keys.setLabel(record.id, 'y'.repeat(201)))).toEqual({
      code: 'validation_failed',
      message: 'label: must be at most 200 characters',
    });
    expect(keys.list()).toHaveLength(1);
    expect(keys.get(record.id).label).toBe('x'.repeat(200));
  });

  it('browsing refuses a page size it cannot serve instead of changing it', () => {
    expect(refusal(() => engine.services.pets.browse({ limit: 1_000 }))).toEqual({
      code: 'validation_failed',
      message: 'limit: must be an integer from 1 to 500',
    });
    expect(refusal(() => engine.services.pets.browse({ offset: -1 })).message).toBe('offset: must be 0 or more');
  });
});

describe('search ignores case beyond ASCII', () => {
  const names = ['Señor Whiskers', 'éclair', 'Straße Cat', 'ΣΟΦΟΣ', 'Ｆｉｄｏ', 'Rex', '100% Good_Boy'];
  const search = (text: string) => engine.services.pets.browse({ search: text }).pets.map((pet) => pet.name);

  beforeEach(() => {
    for (const name of names) engine.services.pets.create({ name, categoryId: 1 });
  });

  it('finds names whatever the case, accents and compatibility form of the search text', () => {
    expect(search('SEÑOR')).toEqual(['Señor Whiskers']);
    expect(search('ÉCLAIR')).toEqual(['éclair']);
    expect(search('Éclair')).toEqual(['éclair']);
    expect(search('STRASSE')).toEqual(['Straße Cat']);
    expect(search('σοφ')).toEqual(['ΣΟΦΟΣ']);
    expect(search('fido')).toEqual(['Ｆｉｄｏ']);
    expect(search('  rex ')).toEqual(['Rex']);
    expect(search('senor')).toEqual(['Señor Whiskers']);
    expect(engine.services.pets.browse({ search: 'señor' }).total).toBe(1);
  });

  it('treats % and _ in the search text as themselves', () => {
    expect(search('0% g')).toEqual(['100% Good_Boy']);
    expect(search('_')).toEqual(['100% Good_Boy']);
    expect(search('%')).toEqual(['100% Good_Boy']);
  });

  it('follows renames and imports', () => {
    const { pets } = engine.services;
    const rex = pets.browse({ search: 'rex' }).pets[0]!;
    pets.update(rex.id, { name: 'NIÑO' });
    expect(search('niño')).toEqual(['NIÑO']);
    expect(search('rex')).toEqual([]);
    pets.importMany([{ name: 'Ünal', categoryId: 2 }]);
    expect(search('ÜNAL')).toEqual(['Ünal']);
  });

  it('keeps the folded name out of what staff see', () => {
    const [pet] = engine.services.pets.browse({ search: 'rex' }).pets;
    expect(Object.keys(pet ?? {}).sort()).toEqual([
      'categoryId',
      'createdAt',
      'departure',
      'id',
      'name',
      'status',
      'updatedAt',
      'version',
    ]);
    expect(Object.keys(engine.services.pets.getRecord(pet!.id)).sort()).toEqual([
      'categoryId',
      'createdAt',
      'departure',
      'id',
      'name',
      'status',
      'updatedAt',
      'version',
    ]);
  });
});

describe('account names are unique regardless of case', () => {
  it('a duplicate is refused on create and on rename, naming the account that has the name', () => {
    const { accounts } = engine.services;
    const acme = account('Acme');
    const senor = account('Señor');
    expect(refusal(() => account('ACME'))).toEqual({
      code: 'conflict',
      message: `Account ${acme.id} is already named "Acme"; account names must differ in more than case.`,
    });
    expect(refusal(() => account(' señor ')).message).toBe(
      `Account ${senor.id} is already named "Señor"; account names must differ in more than case.`,
    );
    expect(refusal(() => accounts.rename(senor.id, 'acme'))).toEqual({
      code: 'conflict',
      message: `Account ${acme.id} is already named "Acme"; account names must differ in more than case.`,
    });
    expect(accounts.rename(acme.id, 'ACME').name).toBe('ACME');
    expect(accounts.list().map((item) => item.name)).toEqual(['ACME', 'Señor']);
  });

  it('a key on a new account names it after the label or the plan, numbering a taken name', () => {
    const { keys } = engine.services;
    const names = [
      keys.createOnNewAccount({ account: { planId: 'free' } }).account.name,
      keys.createOnNewAccount({ account: { planId: 'free' } }).account.name,
      keys.createOnNewAccount({ account: { planId: 'pro' }, label: 'My app' }).account.name,
      keys.createOnNewAccount({ account: { planId: 'pro' }, label: 'MY APP' }).account.name,
    ];
    expect(names).toEqual(['free account', 'free account (2)', 'My app', 'MY APP (2)']);
    expect(keys.list().map((key) => key.label)).toEqual(['', '', 'My app', 'MY APP']);
  });

  it('a key on a new account is all or nothing', () => {
    const { keys, accounts } = engine.services;
    expect(refusal(() => keys.createOnNewAccount({ account: { planId: 'enterprise' } })).code).toBe(
      'validation_failed',
    );
    expect(refusal(() => keys.createOnNewAccount({ account: { planId: 'free' }, label: 'x'.repeat(201) })).code).toBe(
      'validation_failed',
    );
    expect(accounts.list()).toEqual([]);
    expect(keys.list()).toEqual([]);
  });
});

describe('category names are unique regardless of case, beyond ASCII too', () => {
  it('a duplicate is refused on create and rename, naming the category that has the name', () => {
    const { categories } = engine.services;
    const senor = categories.create('Señores');
    expect(refusal(() => categories.create('SEÑORES'))).toEqual({
      code: 'conflict',
      message: `Category ${senor.id} is already named "Señores"; category names must differ in more than case.`,
    });
    expect(refusal(() => categories.rename(senor.id, 'ｃａｔｓ')).message).toBe(
      'Category 2 is already named "Cats"; category names must differ in more than case.',
    );
    expect(categories.rename(senor.id, 'señores').name).toBe('señores');
  });
});
