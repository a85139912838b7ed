/**
 * Migration 0006 on a database made by the previous release, which wrote a history row (no status
 * before it) for each creation: those rows go, and each pet's history reads exactly as it did.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { databaseFile, Engine } from '../../src/main/engine/engine';
import { writeOldDatabase } from '../helpers/old-migrations';
import { makeTempDir, removeTempDir } from '../helpers/temp-dir';

let dataDir: string;

beforeEach(() => {
  dataDir = makeTempDir();
});

afterEach(() => {
  removeTempDir(dataDir);
});

describe('migration 0006 (the history holds changes only)', () => {
  it('drops the rows written for creations, and every history reads as before', () => {
    writeOldDatabase(
      databaseFile(dataDir, 'production'),
      '0006',
      `
      INSERT INTO meta (key, value) VALUES ('categories_seeded', '1');
      INSERT INTO categories (id, name, name_folded) VALUES (1, 'Dogs', 'dogs');
      INSERT INTO pets (id, name, name_folded, category_id, status, created_at, updated_at) VALUES
        (1, 'Rex', 'rex', 1, 'available', 1000, 1000),
        (2, 'Bella', 'bella', 1, 'available', 2000, 4000),
        (3, 'Imported long ago', 'imported long ago', 1, 'sold', 3000, 3000);
      INSERT INTO pet_status_history (pet_id, from_status, to_status, changed_at) VALUES
        (1, NULL, 'available', 1000),
        (2, NULL, 'pending', 2000),
        (2, 'pending', 'sold', 3000),
        (2, 'sold', 'available', 4000);
    `,
    );
    const engine = new Engine({ dataDir, environment: 'production' });
    try {
      const { pets } = engine.services;
      expect(
        engine.sqlite.prepare('SELECT count(*) AS n FROM pet_status_history WHERE from_status IS NULL').get(),
      ).toEqual({ n: 0 });
      expect(pets.history(1)).toEqual([
        { fromStatus: null, toStatus: 'available', changedAt: 1000, happenedAt: 1000, departure: null },
      ]);
      expect(pets.history(2)).toEqual([
        { fromStatus: null, toStatus: 'pending', changedAt: 2000, happenedAt: 2000, departure: null },
        { fromStatus: 'pending', toStatus: 'sold', changedAt: 3000, happenedAt: 3000, departure: null },
        { fromStatus: 'sold', toStatus: 'available', changedAt: 4000, happenedAt: 4000, departure: null },
      ]);
      // A pet written without a history row (an import straight into the file) gets its creation too.
      expect(pets.history(3)).toEqual([
        { fromStatus: null, toStatus: 'sold', changedAt: 3000, happenedAt: 3000, departure: null },
      ]);
    } finally {
      engine.close();
    }
  });
});
