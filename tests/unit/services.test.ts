import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/shared/clock';
import { AppError, type ErrorCode } from '../../src/shared/errors';
import { PET_STATUSES, type PetStatus } from '../../src/shared/pet';
import { Engine } from '../../src/main/engine/engine';
import { hashApiKey, isWellFormedApiKey } from '../../src/main/keys/key-format';
import { makeTempDir, removeTempDir } from '../helpers/temp-dir';

const T0 = Date.UTC(2026, 5, 1, 12, 0, 0);
const KEY_BODY = /^[0-9A-Za-z]{38}$/;

let dataDir: string;
let clock: ManualClock;
let engine: Engine;

beforeEach(() => {
  dataDir = makeTempDir();
  clock = new ManualClock(T0);
  engine = new Engine({ dataDir, environment: 'production', clock });
});

afterEach(() => {
  engine.close();
  removeTempDir(dataDir);
});

function expectAppError(action: () => unknown, code: ErrorCode, message?: RegExp): AppError {
  let caught: unknown;
  try {
    action();
  } catch (error) {
    caught = error;
  }
  expect(caught, 'expected an AppError to be thrown').toBeInstanceOf(AppError);
  const error = caught as AppError;
  expect(error.code).toBe(code);
  if (message) expect(error.message).toMatch(message);
  return error;
}

function enterpriseAccount(name = 'Shelter partner') {
  return engine.services.accounts.create({ name, planId: 'enterprise', perMinute: 1_000_000, perDay: 10_000_000 });
}

describe('categories', () => {
  it('are seeded with Dogs, Cats, Rabbits and Birds as ids 1-4', () => {
    const seeded = engine.services.categories.list().map(({ id, name }) => ({ id, name }));
    expect(seeded).toEqual([
      { id: 1, name: 'Dogs' },
      { id: 2, name: 'Cats' },
      { id: 3, name: 'Rabbits' },
      { id: 4, name: 'Birds' },
    ]);
  });

  it('are seeded once: a removed seed category stays removed after reopening', () => {
    engine.services.categories.remove(4);
    engine.close();
    engine = new Engine({ dataDir, environment: 'production', clock });
    expect(engine.services.categories.list().map((category) => category.name)).toEqual(['Dogs', 'Cats', 'Rabbits']);
  });

  it('can be created, renamed and removed', () => {
    const { categories } = engine.services;
    const reptiles = categories.create('  Reptiles ');
    expect(reptiles).toMatchObject({ name: 'Reptiles', petCount: 0 });
    expect(reptiles.id).toBeGreaterThan(4);
    expect(categories.rename(reptiles.id, 'Lizards')).toMatchObject({ id: reptiles.id, name: 'Lizards' });
    categories.remove(reptiles.id);
    expect(categories.exists(reptiles.id)).toBe(false);
    expectAppError(() => categories.remove(reptiles.id), 'not_found');
  });

  it('refuses empty and duplicate names (case-insensitive)', () => {
    expectAppError(() => engine.services.categories.create('   '), 'validation_failed', /name/);
    expectAppError(() => engine.services.categories.create('dogs'), 'conflict');
  });

  it('cannot be removed while a pet uses it: the refusal names the category and counts its pets', () => {
    const { pets, categories } = engine.services;
    const rex = pets.create({ name: 'Rex', categoryId: 1 });
    expect(expectAppError(() => categories.remove(1), 'conflict').message).toBe(
      'Dogs still has 1 pet; move or remove it first.',
    );
    const more = [pets.create({ name: 'Fido', categoryId: 1 }), pets.create({ name: 'Spot', categoryId: 1 })];
    expect(expectAppError(() => categories.remove(1), 'conflict').message).toBe(
      'Dogs still has 3 pets; move or remove them first.',
    );
    expect(categories.exists(1)).toBe(true);
    for (const pet of [rex, ...more]) pets.remove(pet.id);
    categories.remove(1);
    expect(categories.exists(1)).toBe(false);
    expect(expectAppError(() => categories.remove(1), 'not_found').message).toBe('Category 1 does not exist.');
  });

  it('list how many pets each has, so a Remove button can be disabled', () => {
    const { pets, categories } = engine.services;
    pets.create({ name: 'Tom', categoryId: 2 });
    pets.create({ name: 'Kit', categoryId: 2 });
    pets.create({ name: 'Tweety', categoryId: 4 });
    expect(categories.list().map(({ name, petCount }) => [name, petCount])).toEqual([
      ['Dogs', 0],
      ['Cats', 2],
      ['Rabbits', 0],
      ['Birds', 1],
    ]);
    expect(categories.get(2)).toEqual({ id: 2, name: 'Cats', species: 'cat', petCount: 2 });
  });
});

describe('pets', () => {
  it('are created available by default, with the name trimmed', () => {
    const pet = engine.services.pets.create({ name: '  Bella \n', categoryId: 2 });
    expect(pet).toEqual({ id: pet.id, name: 'Bella', categoryId: 2, status: 'available' });
    expect(engine.services.pets.getRecord(pet.id)).toMatchObject({ createdAt: T0, updatedAt: T0 });
  });

  it('keep the status given on creation', () => {
    expect(engine.services.pets.create({ name: 'Tom', categoryId: 2, status: 'sold' }).status).toBe('sold');
  });

  it('refuse a category that does not exist, unknown fields and bad names', () => {
    const { pets } = engine.services;
    expectAppError(() => pets.create({ name: 'Ghost', categoryId: 999 }), 'validation_failed', /categoryId/);
    expectAppError(() => pets.create({ name: 'Ghost', categoryId: 1, colour: 'grey' }), 'validation_failed', /colour/);
    expectAppError(() => pets.create({ name: '   ', categoryId: 1 }), 'validation_failed', /name/);
    expectAppError(() => pets.create({ name: 'x'.repeat(201), categoryId: 1 }), 'validation_failed', /name/);
    expect(pets.count()).toBe(0);
  });

  it('record every status change with its time; every transition is allowed', () => {
    const { pets } = engine.services;
    const pet = pets.create({ name: 'Luna', categoryId: 3 });
    // Walks all six ordered pairs of distinct states.
    const path: PetStatus[] = ['pending', 'sold', 'available', 'sold', 'pending', 'available'];
    for (const status of path) {
      clock.advance(1_000);
      expect(pets.changeStatus(pet.id, status)).toMatchObject({ status, updatedAt: clock.now() });
    }
    const pairs = new Set<string>();
    const history = pets.history(pet.id);
    expect(history[0]).toEqual({
      fromStatus: null,
      toStatus: 'available',
      changedAt: T0,
      happenedAt: T0,
      departure: null,
    });
    history.slice(1).forEach((change, index) => {
      expect(change).toEqual({
        fromStatus: index === 0 ? 'available' : path[index - 1],
        toStatus: path[index],
        changedAt: T0 + (index + 1) * 1_000,
        happenedAt: T0 + (index + 1) * 1_000,
        departure: null,
      });
      pairs.add(`${change.fromStatus}->${change.toStatus}`);
    });
    const allPairs = PET_STATUSES.flatMap((from) =>
      PET_STATUSES.filter((to) => to !== from).map((to) => `${from}->${to}`),
    );
    expect([...pairs].sort()).toEqual(allPairs.sort());
  });

  it('begin the history with the status a pet was created with, before and after it changes', () => {
    const { pets } = engine.services;
    const pet = pets.create({ name: 'Pip', categoryId: 1, status: 'pending' });
    expect(pets.history(pet.id)).toEqual([
      { fromStatus: null, toStatus: 'pending', changedAt: T0, happenedAt: T0, departure: null },
    ]);
    clock.advance(5_000);
    pets.changeStatus(pet.id, 'sold');
    clock.advance(5_000);
    pets.changeStatus(pet.id, 'available');
    expect(pets.history(pet.id)).toEqual([
      { fromStatus: null, toStatus: 'pending', changedAt: T0, happenedAt: T0, departure: null },
      { fromStatus: 'pending', toStatus: 'sold', changedAt: T0 + 5_000, happenedAt: T0 + 5_000, departure: null },
      { fromStatus: 'sold', toStatus: 'available', changedAt: T0 + 10_000, happenedAt: T0 + 10_000, departure: null },
    ]);
  });

  it('do not record a change to the same status, and refuse unknown statuses and pets', () => {
    const { pets } = engine.services;
    const pet = pets.create({ name: 'Kiwi', categoryId: 4 });
    pets.changeStatus(pet.id, 'available');
    expect(pets.history(pet.id)).toHaveLength(1);
    expect(engine.sqlite.prepare('SELECT count(*) AS n FROM pet_status_history').get()).toEqual({ n: 0 });
    expectAppError(() => pets.changeStatus(pet.id, 'adopted' as PetStatus), 'validation_failed');
    expectAppError(() => pets.changeStatus(pet.id + 1, 'sold'), 'not_found');
  });

  it('never reuse an id, even after the newest pet is deleted', () => {
    const { pets } = engine.services;
    const first = pets.create({ name: 'One', categoryId: 1 });
    const second = pets.create({ name: 'Two', categoryId: 1 });
    pets.remove(second.id);
    pets.remove(first.id);
    engine.close();
    engine = new Engine({ dataDir, environment: 'production', clock });
    const third = engine.services.pets.create({ name: 'Three', categoryId: 1 });
    expect(third.id).toBeGreaterThan(second.id);
  });

  it('import all or nothing, naming the bad row', () => {
    const { pets } = engine.services;
    const error = expectAppError(
      () =>
        pets.importMany([
          { name: 'Good', categoryId: 1 },
          { name: 'Also good', categoryId: 2, status: 'pending' },
          { name: 'Bad', categoryId: 'two' },
        ]),
      'validation_failed',
      /row 3/,
    );
    expect(error.message).toMatch(/categoryId/);
    expectAppError(
      () =>
        pets.importMany([
          { name: 'Good', categoryId: 1 },
          { name: 'No such category', categoryId: 77 },
        ]),
      'validation_failed',
      /row 2: categoryId/,
    );
    expect(pets.count()).toBe(0);

    const created = pets.importMany([
      { name: 'A', categoryId: 1 },
      { name: 'B', categoryId: 2, status: 'sold' },
    ]);
    expect(created.map(({ name, status }) => [name, status])).toEqual([
      ['A', 'available'],
      ['B', 'sold'],
    ]);
    expect(pets.count()).toBe(2);
  });
});

describe('accounts and plans', () => {
  it('seed the contract figures', () => {
    const figures = engine.services.plans.list().map(({ id, perMinute, perDay }) => [id, perMinute, perDay]);
    expect(figures).toEqual([
      ['free', 60, 1_000],
      ['pro', 300, 10_000],
      ['business', 1_000, 100_000],
      ['enterprise', null, null],
    ]);
  });

  it('Enterprise needs both figures and applies them', () => {
    const { accounts } = engine.services;
    expectAppError(() => accounts.create({ name: 'Big', planId: 'enterprise' }), 'validation_failed', /Enterprise/);
    expectAppError(() => accounts.create({ name: 'Big', planId: 'enterprise', perMinute: 10 }), 'validation_failed');
    expectAppError(
      () => accounts.create({ name: 'Big', planId: 'enterprise', perMinute: 0, perDay: 10 }),
      'validation_failed',
      /perMinute/,
    );
    const account = accounts.create({ name: 'Big', planId: 'enterprise', perMinute: 5_000, perDay: 50_000 });
    expect(accounts.limitsOf(account)).toMatchObject({ perMinute: 5_000, perDay: 50_000 });
  });

  it('other plans refuse figures and use the plan figures', () => {
    const { accounts } = engine.services;
    for (const planId of ['free', 'pro', 'business'] as const) {
      expectAppError(() => accounts.create({ name: 'Small', planId, perMinute: 5 }), 'validation_failed', /Enterprise/);
      expectAppError(() => accounts.create({ name: 'Small', planId, perDay: 5 }), 'validation_failed', /Enterprise/);
    }
    const free = accounts.create({ name: 'Small', planId: 'free' });
    expect(accounts.limitsOf(free)).toMatchObject({ perMinute: 60, perDay: 1_000 });
    expect(accounts.setPlan(free.id, { planId: 'pro' }).planId).toBe('pro');
  });
});

describe('API keys', () => {
  it('look like adk_live_ + 38 base62 characters in production and adk_test_ in staging', () => {
    const { key } = engine.services.keys.create({ accountId: enterpriseAccount().id });
    expect(key.startsWith('adk_live_')).toBe(true);
    expect(key.slice('adk_live_'.length)).toMatch(KEY_BODY);

    const stagingDir = makeTempDir();
    const staging = new Engine({ dataDir: stagingDir, environment: 'staging', clock });
    try {
      const account = staging.services.accounts.create({ name: 'Tester', planId: 'free' });
      const stagingKey = staging.services.keys.create({ accountId: account.id }).key;
      expect(stagingKey.startsWith('adk_test_')).toBe(true);
      expect(stagingKey.slice('adk_test_'.length)).toMatch(KEY_BODY);
      expect(staging.services.keys.authenticate(stagingKey)).not.toBeNull();
      expect(engine.services.keys.authenticate(stagingKey)).toBeNull();
    } finally {
      staging.close();
      removeTempDir(stagingDir);
    }
  });

  it('are random: many keys, no repeats', () => {
    const accountId = enterpriseAccount().id;
    const keys = new Set(Array.from({ length: 200 }, () => engine.services.keys.create({ accountId }).key));
    expect(keys.size).toBe(200);
  });

  it('carry a checksum: changing any one character makes the key invalid', () => {
    const { keys } = engine.services;
    const { key, record } = keys.create({ accountId: enterpriseAccount().id });
    expect(keys.authenticate(key)).toEqual({ keyId: record.id, accountId: record.accountId });
    for (let position = 'adk_live_'.length; position < key.length; position++) {
      const original = key[position] ?? '';
      const replacement = original === 'A' ? 'B' : 'A';
      const typo = key.slice(0, position) + replacement + key.slice(position + 1);
      expect(isWellFormedApiKey(typo, 'production'), `typo at ${position}`).toBe(false);
      expect(keys.authenticate(typo)).toBeNull();
    }
    expect(keys.authenticate(key.toLowerCase())).toBeNull();
    expect(keys.authenticate(` ${key}`)).toBeNull();
  });

  it('are stored only as a SHA-256 hash and a short display prefix', () => {
    const { key, record } = engine.services.keys.create({ accountId: enterpriseAccount().id, label: 'website' });
    const secret = key.slice('adk_live_'.length);
    expect(record.displayPrefix).toBe(`${key.slice(0, 13)}…`);
    const row = engine.sqlite.prepare('SELECT * FROM api_keys WHERE id = ?').get(record.id) as Record<string, unknown>;
    expect(row.hash).toBe(hashApiKey(key));
    expect(row.hash).toMatch(/^[0-9a-f]{64}$/);
    for (const value of Object.values(row)) {
      expect(String(value)).not.toContain(secret.slice(4, 20));
    }
    const tables = engine.sqlite.prepare(`SELECT name FROM sqlite_master WHERE type = 'table'`).all() as {
      name: string;
    }[];
    for (const { name } of tables) {
      const dump = JSON.stringify(engine.sqlite.prepare(`SELECT * FROM "${name}"`).all());
      expect(dump, `table ${name}`).not.toContain(secret.slice(4));
    }
    expect(JSON.stringify(engine.services.keys.list())).not.toContain(secret.slice(4));
  });

  it('stop working at once when revoked, by id or by the key itself', () => {
    const { keys } = engine.services;
    const accountId = enterpriseAccount().id;
    const first = keys.create({ accountId });
    const second = keys.create({ accountId });
    expect(keys.authenticate(first.key)).not.toBeNull();
    expect(keys.authenticate(second.key)).not.toBeNull();

    clock.advance(5_000);
    expect(keys.revoke(first.record.id).revokedAt).toBe(clock.now());
    expect(keys.authenticate(first.key)).toBeNull();
    expect(keys.revoke(second.key).id).toBe(second.record.id);
    expect(keys.authenticate(second.key)).toBeNull();
    expect(keys.get(second.record.id).revokedAt).toBe(clock.now());
    expect(engine.services.accounts.get(accountId).activeKeys).toBe(0);
    expectAppError(() => keys.revoke('adk_live_not-a-key'), 'not_found');
    expectAppError(() => keys.revoke(9_999), 'not_found');
  });

  it('refuse to revoke a key twice, saying when it was revoked; the first revocation stands', () => {
    const { keys } = engine.services;
    const { key, record } = keys.create({ accountId: enterpriseAccount().id });
    keys.revoke(record.id);
    clock.advance(60_000);
    for (const again of [record.id, String(record.id), key]) {
      const error = expectAppError(() => keys.revoke(again), 'conflict');
      expect(error.message).toBe(
        `Key ${record.id} (${record.displayPrefix}) was already revoked on 2026-06-01T12:00:00Z.`,
      );
    }
    expect(keys.get(record.id).revokedAt).toBe(T0);
  });

  it('rotate: a new key on the same account and label, the old one revoked', () => {
    const { keys } = engine.services;
    const old = keys.create({ accountId: enterpriseAccount().id, label: 'app' });
    const fresh = keys.rotate(old.record.id);
    expect(fresh.key).not.toBe(old.key);
    expect(fresh.record).toMatchObject({ accountId: old.record.accountId, label: 'app', revokedAt: null });
    expect(keys.authenticate(old.key)).toBeNull();
    expect(keys.authenticate(fresh.key)).toEqual({ keyId: fresh.record.id, accountId: old.record.accountId });
    expectAppError(() => keys.rotate(old.record.id), 'conflict');
  });

  it('refuse an account that does not exist', () => {
    expectAppError(() => engine.services.keys.create({ accountId: 4242 }), 'not_found');
  });
});

describe('bans', () => {
  it('lifting refuses a key that does not exist (not_found) and one that is not banned (conflict)', () => {
    const { keys, quota } = engine.services;
    const { record } = keys.create({ accountId: enterpriseAccount().id });
    expect(expectAppError(() => quota.liftBan(99), 'not_found').message).toBe('API key 99 does not exist.');
    expect(expectAppError(() => quota.liftBan(record.id), 'conflict').message).toBe(
      `Key ${record.id} is not banned; there is no ban to lift.`,
    );
  });
});
