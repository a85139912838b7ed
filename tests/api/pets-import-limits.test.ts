/**
 * `pets import` reads within limits and refuses, naming the row and the column, what it
 * cannot take exactly: a file too large (at once, before reading it), too many rows, a cell longer
 * than any column takes, bytes that are not UTF-8 (never turned into U+FFFD), a repeated or unknown
 * column (`__proto__` included). A refused import writes nothing.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { IMPORT_LIMITS, readCsvRecords } from '../../src/main/pets/import-file';
import { importPetFile, readPetImport, type ImportServices } from '../../src/main/pets/staff-import';
import { Engine } from '../../src/main/engine/engine';
import { makeTempDir, removeTempDir } from '../helpers/temp-dir';
import { runCliInProcess } from '../helpers/cli-in-process';

let dir: string;
beforeEach(() => {
  dir = makeTempDir('import-limits');
});
afterEach(() => removeTempDir(dir));

function file(name: string, content: string | Buffer): string {
  const target = path.join(dir, name);
  fs.writeFileSync(target, content);
  return target;
}

const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => 'imported',
    (error: Error) => error.message,
  );

describe('pets import limits', () => {
  it('refuses a file over the size limit at once, saying the limit, before reading it', async () => {
    const big = path.join(dir, 'big.csv');
    fs.writeFileSync(big, 'name,categoryId\n');
    // Sparse: 200 MB the import would have to read, written in no time.
    fs.truncateSync(big, 200 * 1024 * 1024);
    const started = performance.now();
    expect(await refusal(readPetImport(big))).toMatch(
      /big\.csv is 200 MiB: pets import reads files of at most 16 MiB \(100,000 rows\); split it .*; nothing was imported\.$/,
    );
    expect(performance.now() - started).toBeLessThan(1_000);
  });

  it('refuses the row past the row limit', { timeout: 120_000 }, async () => {
    const rows = Array.from({ length: IMPORT_LIMITS.rows + 1 }, (_, index) => `P${index},1`);
    expect(await refusal(readPetImport(file('many.csv', `name,categoryId\n${rows.join('\n')}\n`)))).toMatch(
      /holds more than 100,000 rows: pets import reads at most that many at a time/,
    );
  });

  it('refuses a cell longer than any column takes, by row and column, without holding it whole', async () => {
    const long = 'x'.repeat(1024 * 1024);
    expect(
      await refusal(readPetImport(file('long.csv', `name,categoryId,description\nRex,1,short\nBo,1,${long}\n`))),
    ).toMatch(
      /^row 2, column description: longer than 20,000 bytes, more than any column takes; nothing was imported\.$/,
    );
  });

  it('refuses bytes that are not UTF-8 by row and column (a Latin-1 file), in the header too, and in JSON by line', async () => {
    const latin1 = Buffer.concat([
      Buffer.from('name,categoryId,color\nRex,1,brown\nZo'),
      Buffer.from([0xeb]),
      Buffer.from(',1,grey\n'),
    ]);
    expect(await refusal(readPetImport(file('latin1.csv', latin1)))).toMatch(
      /^row 2, column name: is not valid UTF-8 \(save the file as "CSV UTF-8"\); nothing was imported\.$/,
    );
    const header = Buffer.concat([
      Buffer.from('name,categoryId,col'),
      Buffer.from([0xc3, 0x28]),
      Buffer.from('\nRex,1,x\n'),
    ]);
    expect(await refusal(readPetImport(file('header.csv', header)))).toMatch(/^header, column 3: is not valid UTF-8/);
    const json = Buffer.concat([
      Buffer.from('[\n{"name": "Rex", "categoryId": 1},\n{"name": "Zo'),
      Buffer.from([0xeb]),
      Buffer.from('", "categoryId": 1}\n]\n'),
    ]);
    expect(await refusal(readPetImport(file('latin1.json', json)))).toMatch(/latin1\.json, line 3: is not valid UTF-8/);
  });

  it('refuses a repeated column and any column it does not know, __proto__ included', async () => {
    expect(await refusal(readPetImport(file('twice.csv', 'name,categoryId,name\nRex,1,Bo\n')))).toMatch(
      /^header, column name: appears twice \(columns 1 and 3\); nothing was imported\.$/,
    );
    for (const column of ['__proto__', 'constructor', 'colour']) {
      expect(await refusal(readPetImport(file(`${column}.csv`, `name,categoryId,${column}\nRex,1,x\n`)))).toMatch(
        new RegExp(`^header, column ${column}: not a column pets import knows`),
      );
    }
  });

  it('reads a spreadsheet’s UTF-8 file: the byte-order mark skipped, unquoted cells trimmed, quoted ones kept', async () => {
    const excel = file('excel.csv', '\uFEFFname, categoryId, description\r\nZoë, 1 ,"  two spaces  "\r\n');
    const records: string[][] = [];
    await readCsvRecords(excel, (cells) => records.push(cells));
    expect(records).toEqual([
      ['name', 'categoryId', 'description'],
      ['Zoë', '1', '  two spaces  '],
    ]);
    expect(await readPetImport(excel)).toEqual([
      { pet: { name: 'Zoë', categoryId: 1 }, profile: { description: 'two spaces' } },
    ]);
  });

  it(
    'a chunk that fails while writing (checked, then a category removed meanwhile) takes the chunks before it back',
    { timeout: 120_000 },
    async () => {
      const engine = new Engine({ dataDir: path.join(dir, 'data'), environment: 'production' });
      try {
        const rows = Array.from({ length: 12_000 }, (_, index) => `Pet ${index},1`);
        const csv = file('chunks.csv', `name,categoryId\n${rows.join('\n')}\n`);
        const { pets } = engine.services;
        let chunks = 0;
        const failing: ImportServices = {
          ...engine.services,
          pets: {
            importMany: (...args: Parameters<typeof pets.importMany>) => {
              chunks += 1;
              if (chunks === 2) throw new Error('disk gone');
              return pets.importMany(...args);
            },
            remove: (id) => pets.remove(id),
          },
        };
        expect(await refusal(importPetFile(csv, undefined, failing))).toBe('disk gone');
        expect(chunks).toBe(2);
        expect(pets.count()).toBe(0);
      } finally {
        engine.close();
      }
    },
  );

  it('through the CLI: a file refused in its last row writes nothing', { timeout: 120_000 }, async () => {
    const dataDir = path.join(dir, 'data');
    new Engine({ dataDir, environment: 'production' }).close();
    const rows = Array.from({ length: 12_000 }, (_, index) => `Pet ${index},1,brown`);
    const broken = file(
      'broken.csv',
      Buffer.concat([
        Buffer.from(`name,categoryId,color\n${rows.join('\n')}\nZo`),
        Buffer.from([0xeb]),
        Buffer.from(',1,grey\n'),
      ]),
    );
    const result = await runCliInProcess(dataDir, ['pets', 'import', broken]);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/^Error: row 12001, column name: is not valid UTF-8/);
    const engine = new Engine({ dataDir, environment: 'production' });
    try {
      expect(engine.services.pets.count()).toBe(0);
    } finally {
      engine.close();
    }
  });
});
