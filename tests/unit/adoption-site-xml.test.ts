/**
 * The adoption site's XML (feed.xml, sitemap.xml) stays well-formed whatever the database holds:
 * pets, profiles, categories and the shelter written straight to SQLite with arbitrary strings, as
 * an older version (before the names rule refused noncharacters) or another tool could have stored
 * them, then published through the engine and read back by a strict XML parser.
 */
import fs from 'node:fs';
import path from 'node:path';
import { DOMParser } from '@xmldom/xmldom';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Engine } from '../../src/main/engine/engine';
import { makeTempDir, removeTempDir } from '../helpers/temp-dir';

/** XML 1.0 §2.2, Char: what a document may hold at all; written here from the specification. */
const isXmlChar = (code: number) =>
  code === 0x9 ||
  code === 0xa ||
  code === 0xd ||
  (code >= 0x20 && code <= 0xd7ff) ||
  (code >= 0xe000 && code <= 0xfffd) ||
  (code >= 0x10000 && code <= 0x10ffff);

/**
 * xmldom with every warning and error a failure. It does not check the Char production itself (it
 * reads "\uFFFF" without a word), so that well-formedness constraint is checked first, as a
 * conforming parser must.
 */
function parseStrictly(xml: string, file: string) {
  for (const character of xml) {
    const code = character.codePointAt(0)!;
    if (!isXmlChar(code))
      throw new Error(`${file}: U+${code.toString(16).toUpperCase().padStart(4, '0')} is no XML 1.0 character`);
  }
  const problems: string[] = [];
  const report = (level: string) => (message: string) => problems.push(`${file}: ${level}: ${message}`);
  const document = new DOMParser({
    errorHandler: { warning: report('warning'), error: report('error'), fatalError: report('fatal') },
  }).parseFromString(xml, 'text/xml');
  expect(problems).toEqual([]);
  return document;
}

/** What XML can carry of a text: the characters outside Char dropped, line ends as the parser reads them. */
const asXmlReads = (text: string) =>
  [...text]
    .filter((character) => isXmlChar(character.codePointAt(0)!))
    .join('')
    .replace(/\r\n?/g, '\n');

let dataDir: string;
let engine: Engine;
let projectId: number;

beforeAll(() => {
  dataDir = makeTempDir('site-xml');
  engine = new Engine({ dataDir, environment: 'production' });
  const account = engine.services.accounts.create({ name: 'Happy Paws', planId: 'pro' });
  projectId = engine.sites.projects.create({ accountId: account.id, name: 'Happy Paws' }).id;
});
afterAll(() => {
  engine?.close();
  removeTempDir(dataDir);
});

/** Text an old database may hold: anything at all, with the characters XML cannot carry made likely. */
const hostile = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 24 }),
  fc
    .array(
      fc.constantFrom(
        'Api',
        'pet',
        ' ',
        '\uffff',
        '\ufffe',
        '\u0000',
        '\u0008',
        '\u000b',
        '\u001f',
        '\ud800',
        '\udfff',
        '\u{1fffe}',
        '\ufdd0',
        '\r',
        '\n',
        '<',
        '&',
        ']]>',
        '"',
        "'",
        'é',
        '🐶',
      ),
      { minLength: 1, maxLength: 10 },
    )
    .map((parts) => parts.join('')),
);

const petRow = fc.record({
  name: hostile,
  status: fc.constantFrom('available', 'pending', 'sold'),
  breed: fc.option(hostile),
  colour: fc.option(hostile),
  description: fc.option(hostile),
});
const world = fc.record({
  pets: fc.array(petRow, { minLength: 1, maxLength: 5 }),
  category: hostile,
  shelter: hostile,
  howToAdopt: fc.option(hostile),
});

type World = typeof world extends fc.Arbitrary<infer T> ? T : never;

/** Writes the world straight to SQLite, past every rule, and returns the pets' ids as stored. */
function storeRaw(sample: World): Array<{ id: number; name: string; status: string }> {
  const { sqlite } = engine;
  return sqlite.transaction(() => {
    sqlite.prepare('DELETE FROM pets').run();
    sqlite.prepare("UPDATE categories SET name = ?, name_folded = 'fuzzed' WHERE id = 1").run(sample.category);
    sqlite
      .prepare(
        'INSERT INTO shelter_profile (id, name, how_to_adopt, updated_at) VALUES (1, ?, ?, 0) ON CONFLICT (id) DO UPDATE SET name = excluded.name, how_to_adopt = excluded.how_to_adopt',
      )
      .run(sample.shelter, sample.howToAdopt);
    const pet = sqlite.prepare(
      "INSERT INTO pets (name, name_folded, category_id, status, created_at, updated_at) VALUES (?, '', 1, ?, 0, ?)",
    );
    const profile = sqlite.prepare(
      'INSERT INTO pet_profiles (pet_id, breed_primary, color, description, updated_at) VALUES (?, ?, ?, ?, 0)',
    );
    return sample.pets.map((row, index) => {
      const id = Number(pet.run(row.name, row.status, Date.UTC(2026, 10, 1) + index).lastInsertRowid);
      profile.run(id, row.breed, row.colour, row.description);
      // As SQLite gives it back (a lone surrogate went in as UTF-8's replacement character).
      const stored = sqlite.prepare<[number], { name: string }>('SELECT name FROM pets WHERE id = ?').get(id)!;
      return { id, name: stored.name, status: row.status };
    });
  })();
}

describe('the adoption site over whatever an old database holds', () => {
  it('writes a feed.xml and a sitemap.xml that a strict XML parser reads, with every available pet and every page', async () => {
    await fc.assert(
      fc.asyncProperty(world, async (sample) => {
        const pets = storeRaw(sample);
        const deploy = await engine.sites.projects.deployAdoptionPage(projectId);
        expect(deploy.outcome, deploy.reason ?? '').toBe('succeeded');
        const dir = engine.sites.projects.deployDir(projectId, deploy.number);
        const read = (file: string) => fs.readFileSync(path.join(dir, file), 'utf8');

        const atom = parseStrictly(read('feed.xml'), 'feed.xml');
        const available = pets.filter((pet) => pet.status === 'available');
        const titles = Array.from(atom.getElementsByTagName('entry')).map(
          (entry) => entry.getElementsByTagName('title')[0]?.textContent ?? '',
        );
        expect(titles.sort()).toEqual(available.map((pet) => asXmlReads(pet.name)).sort());

        const sitemap = parseStrictly(read('sitemap.xml'), 'sitemap.xml');
        const locations = Array.from(sitemap.getElementsByTagName('loc')).map((loc) => loc.textContent ?? '');
        // Every pet keeps its page, whatever its status, and the sitemap names it.
        for (const pet of pets)
          expect(
            locations.some((url) => url.includes(`/pets/${pet.id}-`)),
            `pet ${pet.id}`,
          ).toBe(true);
        expect(() => JSON.parse(read('feed.json'))).not.toThrow();
      }),
      {
        numRuns: 40,
        examples: [
          [
            {
              pets: [
                {
                  name: 'Api\uffffpet',
                  status: 'available',
                  breed: null,
                  colour: null,
                  description: 'Loves\ufffe naps',
                },
              ],
              category: 'Dogs',
              shelter: 'Happy Paws',
              howToAdopt: null,
            },
          ],
        ],
      },
    );
  }, 120_000);
});
