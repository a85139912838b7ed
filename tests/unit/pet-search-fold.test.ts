/**
 * The pets store's search (the window's Pets list and `pets list --search`) ignores case and accents,
 * also for the names an earlier release stored with their accents in `name_folded`.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { databaseFile, Engine } from '../../src/main/engine/engine';
import { foldName } from '../../src/shared/names';
import { writeOldDatabase } from '../helpers/old-migrations';
import { makeTempDir, removeTempDir } from '../helpers/temp-dir';

let dataDir: string;

beforeEach(() => {
  dataDir = makeTempDir();
});

afterEach(() => {
  removeTempDir(dataDir);
});

const NAMES = ['Zoë', 'Cléo', 'Señor Biscuit', 'Ørsted', 'Łucja', 'İpek', 'STRASSE', 'Rex'];

function searchFor(engine: Engine, text: string): string[] {
  return engine.services.pets.browse({ search: text }).pets.map((pet) => pet.name);
}

describe('pet search', () => {
  it('finds names whatever their case and accents, on pets created now', () => {
    const engine = new Engine({ dataDir, environment: 'production' });
    try {
      for (const name of NAMES) engine.services.pets.create({ name, categoryId: 1 });
      expect(searchFor(engine, 'zoe')).toEqual(['Zoë']);
      expect(searchFor(engine, 'cle')).toEqual(['Cléo']);
      expect(searchFor(engine, 'sen')).toEqual(['Señor Biscuit']);
      expect(searchFor(engine, 'SENOR b')).toEqual(['Señor Biscuit']);
      expect(searchFor(engine, 'orsted')).toEqual(['Ørsted']);
      expect(searchFor(engine, 'lucja')).toEqual(['Łucja']);
      expect(searchFor(engine, 'ipek')).toEqual(['İpek']);
      expect(searchFor(engine, 'straße')).toEqual(['STRASSE']);
      // Accents typed still find: the query is folded alike.
      expect(searchFor(engine, 'ZOË')).toEqual(['Zoë']);
      expect(searchFor(engine, 'zoé')).toEqual(['Zoë']);
      // A renamed pet is found by its new name.
      const rex = engine.services.pets.browse({ search: 'rex' }).pets[0]!;
      engine.services.pets.update(rex.id, { name: 'Éclair' });
      expect(searchFor(engine, 'eclair')).toEqual(['Éclair']);
    } finally {
      engine.close();
    }
  });

  it('refills the folded names an earlier release stored with their accents, once', () => {
    // The previous release: every migration run, name_folded written by foldName (accents kept).
    const values = NAMES.map((name) => `('${name}', '${foldName(name)}', 1, 'available', 0, 0)`).join(', ');
    writeOldDatabase(
      databaseFile(dataDir, 'production'),
      '9999',
      `INSERT INTO categories (id, name, name_folded) VALUES (1, 'Dogs', 'dogs'); INSERT INTO pets (name, name_folded, category_id, status, created_at, updated_at) VALUES ${values};`,
    );
    const engine = new Engine({ dataDir, environment: 'production' });
    try {
      expect(searchFor(engine, 'zoe')).toEqual(['Zoë']);
      expect(searchFor(engine, 'cle')).toEqual(['Cléo']);
      expect(searchFor(engine, 'sen')).toEqual(['Señor Biscuit']);
      expect(engine.sqlite.prepare(`SELECT value FROM meta WHERE key = 'pet_search_fold'`).get()).toEqual({
        value: expect.any(String),
      });
      // Not at every start: a row written behind the engine's back keeps what it was given.
      engine.sqlite.prepare(`UPDATE pets SET name_folded = 'untouched' WHERE name = 'Rex'`).run();
    } finally {
      engine.close();
    }
    const again = new Engine({ dataDir, environment: 'production' });
    try {
      expect(searchFor(again, 'untouched')).toEqual(['Rex']);
    } finally {
      again.close();
    }
  });
});
