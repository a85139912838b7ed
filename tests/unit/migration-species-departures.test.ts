/**
 * Migration 0023 on a database made by the release before it: each category gets its species from
 * today's English name, once (a later rename changes nothing); an animal whose last stay ended other
 * than by adoption gets its departure; a status change a movement made gets the moment it happened.
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

describe('migration 0023 (species, departures, when a status change happened)', () => {
  it('reads the English names once, keeps how each animal left, and dates back-dated changes', () => {
    writeOldDatabase(
      databaseFile(dataDir, 'production'),
      '0023',
      `
      INSERT INTO meta (key, value) VALUES ('categories_seeded', '1');
      INSERT INTO categories (id, name, name_folded) VALUES (1, 'Dogs', 'dogs'), (2, 'Kittens', 'kittens'), (3, 'Guinea pigs', 'guinea pigs'), (4, 'Chiens', 'chiens'), (5, 'Senior dogs', 'senior dogs');
      INSERT INTO pets (id, name, name_folded, category_id, status, created_at, updated_at) VALUES
        (1, 'Rex', 'rex', 1, 'sold', 1000, 9000),
        (2, 'Ada', 'ada', 2, 'sold', 1000, 9000),
        (3, 'Milo', 'milo', 1, 'available', 1000, 1000);
      INSERT INTO stays (id, pet_id, intake_type, intake_at, outcome_type, outcome_at) VALUES
        (1, 1, 'stray', 1000, 'died_in_care', 5000),
        (2, 2, 'stray', 1000, 'adoption', 6000),
        (3, 3, 'stray', 1000, NULL, NULL);
      INSERT INTO movement_events (pet_id, stay_id, kind, type, at, recorded_at, by, details) VALUES
        (1, 1, 'outcome', 'died_in_care', 5000, 9000, 'cli', '{}'),
        (2, 2, 'outcome', 'adoption', 6000, 9000, 'cli', '{}');
      INSERT INTO pet_status_history (pet_id, from_status, to_status, changed_at) VALUES
        (1, 'available', 'sold', 9000),
        (2, 'available', 'sold', 9001);
    `,
    );
    const engine = new Engine({ dataDir, environment: 'production' });
    try {
      const { categories, pets } = engine.services;
      expect(categories.list().map((category) => [category.name, category.species])).toEqual([
        ['Dogs', 'dog'],
        ['Kittens', 'cat'],
        ['Guinea pigs', 'small_animal'],
        ['Chiens', 'other'],
        ['Senior dogs', 'dog'],
      ]);
      expect(categories.rename(1, 'Chiens de garde').species).toBe('dog');
      expect([1, 2, 3].map((id) => pets.getRecord(id).departure)).toEqual(['died_in_care', null, null]);
      expect(pets.history(1).at(-1)).toEqual({
        fromStatus: 'available',
        toStatus: 'sold',
        changedAt: 9000,
        happenedAt: 5000,
        departure: 'died_in_care',
      });
      expect(pets.history(2).at(-1)).toEqual({
        fromStatus: 'available',
        toStatus: 'sold',
        changedAt: 9001,
        happenedAt: 6000,
        departure: null,
      });
    } finally {
      engine.close();
    }
  });
});
