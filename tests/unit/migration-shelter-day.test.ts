/**
 * Migration 0012 on a database made by the release before it: every existing pet gets an open stay
 * dated from its creation; a pet already `sold` (adopted) has it closed by an adoption dated from
 * its change to `sold`; pets created afterwards get theirs on the first read or write of movements (0013 dropped the trigger).
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

describe('migration 0012 (the shelter’s day)', () => {
  it('gives existing pets an intake dated from their creation, and closes the sold ones with an adoption', () => {
    writeOldDatabase(
      databaseFile(dataDir, 'production'),
      '0012',
      `
      INSERT INTO meta (key, value) VALUES ('categories_seeded', '1');
      INSERT INTO categories (id, name, name_folded) VALUES (1, 'Dogs', 'dogs');
      INSERT INTO pets (id, name, name_folded, category_id, status, created_at, updated_at) VALUES
        (1, 'Rex', 'rex', 1, 'available', 1000, 1000),
        (2, 'Bella', 'bella', 1, 'sold', 2000, 9000),
        (3, 'Milo', 'milo', 1, 'pending', 3000, 3500),
        (4, 'Imported sold', 'imported sold', 1, 'sold', 4000, 4000);
      INSERT INTO pet_status_history (pet_id, from_status, to_status, changed_at) VALUES
        (2, 'available', 'sold', 5000),
        (2, 'sold', 'available', 6000),
        (2, 'available', 'sold', 7000),
        (3, 'available', 'pending', 3500);
    `,
    );
    const engine = new Engine({ dataDir, environment: 'production' });
    try {
      const { shelterDay, pets, movements } = engine.services;
      expect(shelterDay.record(1).stays).toEqual([
        expect.objectContaining({ intakeType: 'unknown', intakeAt: 1000, outcomeAt: null }),
      ]);
      expect(shelterDay.record(2).stays).toEqual([
        expect.objectContaining({ intakeAt: 2000, outcomeType: 'adoption', outcomeAt: 7000, outcomePerson: null }),
      ]);
      expect(shelterDay.record(2).events).toEqual([
        expect.objectContaining({ kind: 'outcome', type: 'adoption', at: 7000, by: null, details: { migrated: true } }),
        expect.objectContaining({ kind: 'intake', type: 'unknown', at: 2000, by: null }),
      ]);
      expect(shelterDay.record(3)).toMatchObject({ openStay: { intakeAt: 3000 }, activeReservation: null });
      expect(shelterDay.record(4).stays[0]).toMatchObject({ outcomeType: 'adoption', outcomeAt: 4000 });
      // The statuses are untouched; a returned sold pet comes back as usual.
      expect([1, 2, 3, 4].map((id) => pets.get(id)?.status)).toEqual(['available', 'sold', 'pending', 'sold']);
      movements.returnAfterAdoption({ petId: 2, reason: 'back', at: '2026-01-01' }, 'cli');
      expect(pets.get(2)?.status).toBe('available');
      const created = pets.create({ name: 'New', categoryId: 1 });
      expect(shelterDay.record(created.id).openStay).toMatchObject({
        intakeType: 'unknown',
        intakeAt: expect.any(Number),
      });
      expect(engine.sqlite.prepare('SELECT count(*) AS n FROM stays WHERE outcome_at IS NULL').get()).toEqual({ n: 4 });
    } finally {
      engine.close();
    }
  });
});
