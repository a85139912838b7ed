/**
 * Migration 0015 (care) on a database made by the release before it: the new tables start empty, no
 * animal already in care is given doses behind staff's back, every category follows its shipped
 * protocol, and the next intake schedules as usual.
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

describe('migration 0015 (care)', () => {
  it('adds empty care tables; existing animals keep their records; the next intake schedules the protocol', () => {
    writeOldDatabase(
      databaseFile(dataDir, 'production'),
      '0015',
      `
      INSERT INTO meta (key, value) VALUES ('categories_seeded', '1');
      INSERT INTO categories (id, name, name_folded) VALUES (1, 'Dogs', 'dogs'), (2, 'Kittens', 'kittens');
      INSERT INTO pets (id, name, name_folded, category_id, status, created_at, updated_at) VALUES
        (1, 'Rex', 'rex', 1, 'available', 1000, 1000),
        (2, 'Tiny', 'tiny', 2, 'available', 2000, 2000);
      INSERT INTO stays (id, pet_id, intake_type, intake_at) VALUES (1, 1, 'stray', 1000);
      INSERT INTO pet_profiles (pet_id, birth_date, updated_at) VALUES (2, '2026-10', 2000);
    `,
    );
    const engine = new Engine({ dataDir, environment: 'production' });
    try {
      const { care, movements } = engine.services;
      for (const table of ['care_doses', 'care_treatments', 'care_events', 'care_protocols'])
        expect(engine.sqlite.prepare(`SELECT count(*) AS n FROM ${table}`).get()).toEqual({ n: 0 });
      expect(care.record(1)).toMatchObject({
        doses: [],
        treatments: [],
        spayNeuterDate: null,
        upToDate: null,
        history: [],
      });
      expect(care.dueList().overdue).toEqual([]);
      expect(
        care.protocols.list().map((each) => `${each.category}: ${each.steps.map((step) => step.vaccine).join(' ')}`),
      ).toEqual(['Dogs: DHPP DHPP Rabies', 'Kittens: FVRCP FVRCP Rabies']);
      movements.intake({ petId: 2, type: 'stray', at: '2026-11-20' }, 'cli');
      // Born mid-October 2026 (an estimate to the month): 16 weeks on 2027-02-04.
      // About five weeks old at intake: FVRCP waits for 6 weeks of age (2026-10-15 + 42 days), its booster three weeks after.
      expect(care.record(2).doses.map((dose) => `${dose.vaccine} ${dose.dueDate}`)).toEqual([
        'FVRCP 2026-11-26',
        'FVRCP 2026-12-17',
        'Rabies 2027-02-04',
      ]);
    } finally {
      engine.close();
    }
  });
});
