/**
 * Migration 0002 on a database made by the previous version: folded names are backfilled, and
 * duplicate account and category names (allowed before) are numbered so that they become unique.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AppError } from '../../src/shared/errors';
import { databaseFile, Engine } from '../../src/main/engine/engine';
import { writeOldDatabase as writeOldDatabaseBefore } from '../helpers/old-migrations';
import { makeTempDir, removeTempDir } from '../helpers/temp-dir';

let dataDir: string;

beforeEach(() => {
  dataDir = makeTempDir();
});

afterEach(() => {
  removeTempDir(dataDir);
});

/** The rows an older version could have written: its lower() index let non-ASCII case duplicates through. */
function writeOldDatabase(): void {
  writeOldDatabaseBefore(
    databaseFile(dataDir, 'production'),
    '0002',
    `
    INSERT INTO plans (id, name, per_minute, per_day, ban_threshold, ban_minutes) VALUES ('free', 'Free', 60, 1000, 10, 15);
    INSERT INTO meta (key, value) VALUES ('categories_seeded', '1');
    INSERT INTO categories (id, name) VALUES (1, 'Dogs'), (2, 'Cats'), (3, 'Señores'), (4, 'SEÑORES'), (5, 'Ｄｏｇｓ');
    INSERT INTO accounts (id, name, plan_id, created_at) VALUES (1, 'Acme', 'free', 0), (2, 'ACME', 'free', 0), (3, 'Acme (2)', 'free', 0), (4, 'acme', 'free', 0), (5, 'Señor', 'free', 0);
    INSERT INTO pets (name, category_id, status, created_at, updated_at) VALUES ('Señor Whiskers', 1, 'available', 0, 0), ('ÉCLAIR', 2, 'sold', 0, 0), ('Rex', 1, 'available', 0, 0);
  `,
  );
}

describe('migration 0002 (folded names)', () => {
  it('numbers later duplicates, backfills folded names, and makes names unique from then on', () => {
    writeOldDatabase();
    const engine = new Engine({ dataDir, environment: 'production' });
    try {
      const { accounts, categories, pets } = engine.services;
      expect(accounts.list().map(({ id, name }) => [id, name])).toEqual([
        [1, 'Acme'],
        [2, 'ACME (3)'],
        [3, 'Acme (2)'],
        [4, 'acme (4)'],
        [5, 'Señor'],
      ]);
      expect(categories.list().map(({ id, name }) => [id, name])).toEqual([
        [1, 'Dogs'],
        [2, 'Cats'],
        [3, 'Señores'],
        [4, 'SEÑORES (2)'],
        [5, 'Ｄｏｇｓ (2)'],
      ]);
      expect(pets.browse({ search: 'señor' }).pets.map((pet) => pet.name)).toEqual(['Señor Whiskers']);
      expect(pets.browse({ search: 'éclair' }).pets.map((pet) => pet.name)).toEqual(['ÉCLAIR']);
      expect(() => accounts.create({ name: 'SEÑOR', planId: 'free' })).toThrow(AppError);
      // The database itself refuses a duplicate, whoever writes it.
      expect(() =>
        engine.sqlite
          .prepare(`INSERT INTO accounts (name, name_folded, plan_id, created_at) VALUES ('x', 'acme', 'free', 0)`)
          .run(),
      ).toThrow(/UNIQUE/);
      expect(() =>
        engine.sqlite.prepare(`INSERT INTO categories (name, name_folded) VALUES ('x', 'dogs')`).run(),
      ).toThrow(/UNIQUE/);
    } finally {
      engine.close();
    }
  });

  it('fills the folded names of the categories seeded in a new database', () => {
    const engine = new Engine({ dataDir, environment: 'production' });
    try {
      expect(engine.services.categories.list().map((category) => category.name)).toEqual([
        'Dogs',
        'Cats',
        'Rabbits',
        'Birds',
      ]);
      const folded = engine.sqlite.prepare('SELECT name_folded AS folded FROM categories ORDER BY id').all();
      expect(folded).toEqual([{ folded: 'dogs' }, { folded: 'cats' }, { folded: 'rabbits' }, { folded: 'birds' }]);
    } finally {
      engine.close();
    }
  });
});
