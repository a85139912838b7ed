import vm from 'node:vm';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SITE_JS } from '../../src/main/publishing/adoption-site/assets';
import { AccountNameSchema, CategoryNameSchema, KeyLabelSchema } from '../../src/shared/admin-schemas';
import { firstFreeName, foldForSearch, foldName } from '../../src/shared/names';
import { PetNameSchema } from '../../src/shared/pet';
import { deduplicatedNames } from '../../src/main/db/sql-functions';

/** The one message the schema gives for `input`, or the parsed value. */
function verdict(schema: typeof PetNameSchema, input: unknown): { ok: string } | { refused: string } {
  const result = schema.safeParse(input);
  if (result.success) return { ok: result.data };
  expect(result.error.issues, 'one message per name').toHaveLength(1);
  return { refused: result.error.issues[0]?.message ?? '' };
}

describe('the name rules (pets, categories, accounts, key labels)', () => {
  it('refuse control characters anywhere inside, naming the first one', () => {
    const cases: [string, string][] = [
      ['Rex\x1b[2J', 'U+001B'],
      ['Rex\nFake row', 'U+000A'],
      ['Tab\there', 'U+0009'],
      ['Nul\0', 'U+0000'],
      ['Del\x7f', 'U+007F'],
      ['C1 \u009b31m', 'U+009B'],
      ['Next\u0085line', 'U+0085'],
      ['Line\u2028sep', 'U+2028'],
      ['Para\u2029sep', 'U+2029'],
    ];
    for (const [name, found] of cases) {
      for (const schema of [PetNameSchema, CategoryNameSchema, AccountNameSchema, KeyLabelSchema]) {
        expect(verdict(schema, name), JSON.stringify(name)).toEqual({
          refused: `must not contain control characters (found ${found})`,
        });
      }
    }
  });

  it('trim white space (line breaks included) at the ends before judging', () => {
    expect(verdict(PetNameSchema, '  Bella \n')).toEqual({ ok: 'Bella' });
    expect(verdict(PetNameSchema, '\r\n\tBella\u2028')).toEqual({ ok: 'Bella' });
  });

  it('refuse names that are empty or only invisible characters, each with its own message', () => {
    expect(verdict(PetNameSchema, '   ')).toEqual({ refused: 'must not be empty' });
    expect(verdict(PetNameSchema, '\u00a0\u3000')).toEqual({ refused: 'must not be empty' });
    for (const invisible of [
      '\u200b',
      '\u200c',
      '\u200d',
      '\u2060',
      '\u200b \ufeff\u200d',
      '\u3164',
      '\u00ad',
      '\ufe0f',
      '\u{e0041}',
    ]) {
      for (const schema of [PetNameSchema, CategoryNameSchema, AccountNameSchema]) {
        expect(verdict(schema, invisible), JSON.stringify(invisible)).toEqual({
          refused: 'must contain at least one visible character',
        });
      }
      expect(verdict(KeyLabelSchema, invisible)).toEqual({ refused: 'must contain at least one visible character' });
    }
    expect(verdict(KeyLabelSchema, '')).toEqual({ ok: '' });
  });

  it('keep everything else exactly: emoji sequences, joiners inside words, bidi marks, any script', () => {
    for (const name of [
      '👩‍👩‍👧 Family',
      '🏳️‍🌈',
      '🏴󠁧󠁢󠁳󠁣󠁴󠁿 Nessie',
      '1️⃣ One',
      'Señor',
      'ক্ষ',
      'שלום\u200f Rex',
      'Zoë\u200bZ',
      '\u0301',
    ]) {
      expect(verdict(PetNameSchema, name), JSON.stringify(name)).toEqual({ ok: name });
    }
  });

  it('refuse lone surrogates, which are not text', () => {
    expect(verdict(PetNameSchema, 'Rex\ud800')).toEqual({
      refused: 'must be valid Unicode text (it holds half of a surrogate pair)',
    });
  });

  it('refuse Unicode noncharacters in every plane, naming the first one (U+FFFF broke the Atom feed)', () => {
    const cases: [string, string][] = [
      ['Api\uffffpet', 'U+FFFF'],
      ['Api\ufffepet', 'U+FFFE'],
      ['\ufdd0Rex', 'U+FDD0'],
      ['Rex\ufdef', 'U+FDEF'],
      ['Rex \u{1fffe}', 'U+1FFFE'],
      ['Rex \u{10ffff}', 'U+10FFFF'],
      ['Rex \u{8ffff} \uffff', 'U+8FFFF'],
    ];
    for (const [name, found] of cases) {
      for (const schema of [PetNameSchema, CategoryNameSchema, AccountNameSchema, KeyLabelSchema]) {
        expect(verdict(schema, name), JSON.stringify(name)).toEqual({
          refused: `must not contain Unicode noncharacters (found ${found})`,
        });
      }
    }
    // Their neighbours are text: the replacement character, the last Arabic ligature, a plane-1 letter.
    for (const name of ['Rex\ufffd', 'Rex\ufdcf\ufdf0', 'Rex \u{1fffd}', '\u{10000}Rex'])
      expect(verdict(PetNameSchema, name)).toEqual({ ok: name });
  });

  it('keep the length limits of each kind of name', () => {
    expect(verdict(PetNameSchema, 'x'.repeat(201))).toEqual({ refused: 'must be at most 200 characters' });
    expect(verdict(CategoryNameSchema, 'x'.repeat(101))).toEqual({ refused: 'must be at most 100 characters' });
    expect(verdict(KeyLabelSchema, 'x'.repeat(201))).toEqual({ refused: 'must be at most 200 characters' });
  });
});

describe('foldName', () => {
  it('matches case beyond ASCII, compatibility forms and ignorable characters', () => {
    const same: [string, string][] = [
      ['SEÑOR', 'señor'],
      ['ÉCLAIR', 'éclair'],
      ['E\u0301CLAIR', 'éclair'],
      ['STRASSE', 'Straße'],
      ['ẞ', 'ss'],
      ['ΣΟΦΟΣ', 'σοφος'],
      ['σοφοσ', 'σοφος'],
      ['ﬁsh', 'FISH'],
      ['Ｄｏｇｓ', 'dogs'],
      ['\u212Aelvin', 'kelvin'],
      ['Zoë\u200b', 'ZOË'],
    ];
    for (const [a, b] of same) expect(foldName(a), `${a} ~ ${b}`).toBe(foldName(b));
    expect(foldName('Señor')).not.toBe(foldName('Senor'));
  });
});

describe('foldForSearch', () => {
  it('ignores case and accents, so a keyboard without them finds every name', () => {
    const finds: [string, string][] = [
      ['zoe', 'Zoë'],
      ['cle', 'Cléo'],
      ['sen', 'Señor Biscuit'],
      ['senor', 'SEÑOR'],
      ['eclair', 'E\u0301CLAIR'],
      ['strasse', 'Straße'],
      ['istanbul', 'İstanbul'],
      ['orsted', 'Ørsted'],
      ['lucja', 'Łucja'],
      ['koji', 'Kōji'],
      ['coeur', 'Cœur'],
      ['ξενια', 'Ξένια'],
      ['σοφοσ', 'ΣΟΦΟΣ'],
      ['dogs', 'Ｄｏｇｓ'],
      ['zoe', 'Zo\u200bë'],
    ];
    for (const [typed, name] of finds)
      expect(foldForSearch(name), `${typed} finds ${name}`).toContain(foldForSearch(typed));
    expect(foldForSearch('Zoë')).toBe('zoe');
  });

  it('is stable: folding twice changes nothing, and the folded form of a folded query still matches', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 30 }), (text) => {
        const folded = foldForSearch(text);
        expect(foldForSearch(folded)).toBe(folded);
      }),
      { numRuns: 500 },
    );
  });

  it('folds printable ASCII by its shortcut exactly as the full fold does', () => {
    // The full steps, as foldForSearch runs them for any other text.
    const full = (text: string) =>
      text
        .normalize('NFKD')
        .toLowerCase()
        .toUpperCase()
        .toLowerCase()
        .normalize('NFKD')
        .replace(/[\p{Mn}\p{Me}\p{Default_Ignorable_Code_Point}]/gu, '')
        .normalize('NFC');
    fc.assert(
      fc.property(
        fc.string({ unit: fc.integer({ min: 0, max: 0x7f }).map((code) => String.fromCharCode(code)), maxLength: 40 }),
        (text) => {
          expect(foldForSearch(text)).toBe(full(text));
        },
      ),
      { numRuns: 1000 },
    );
    for (let code = 0; code <= 0x7f; code += 1)
      expect(foldForSearch(`A${String.fromCharCode(code)}z`)).toBe(full(`A${String.fromCharCode(code)}z`));
  });

  it("is the very function the adoption site's script runs: its embedded source folds alike", () => {
    const source = /var fold = ([\s\S]*?);\n {2}var form/.exec(SITE_JS)?.[1];
    expect(source).toBeDefined();
    const embedded = vm.runInNewContext(`(${source})`) as (text: string) => string;
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 30 }), (text) => {
        expect(embedded(text)).toBe(foldForSearch(text));
      }),
      { numRuns: 200 },
    );
  });
});

describe('firstFreeName and deduplicatedNames', () => {
  it('number a taken name, skipping numbers already in use, within the length limit', () => {
    const taken = new Set(['acme', 'acme (2)'].map(foldName));
    expect(firstFreeName('Fresh', (folded) => taken.has(folded), 200)).toBe('Fresh');
    expect(firstFreeName('ACME', (folded) => taken.has(folded), 200)).toBe('ACME (3)');
    const long = 'x'.repeat(200);
    const numbered = firstFreeName(long, (folded) => folded === long, 200);
    expect(numbered).toBe(`${'x'.repeat(196)} (2)`);
    expect(firstFreeName(`${'x'.repeat(195)}🐶`, (folded) => !folded.endsWith(')'), 200)).toBe(
      `${'x'.repeat(195)} (2)`,
    );
  });

  it("keep the first of each name (by id) and rename later duplicates without taking another row's name", () => {
    const renamed = deduplicatedNames(
      [
        { id: 4, name: 'Acme (2)' },
        { id: 1, name: 'Acme' },
        { id: 2, name: 'ACME' },
        { id: 3, name: 'Señor' },
        { id: 5, name: 'SEÑOR' },
        { id: 6, name: 'acme' },
      ],
      200,
    );
    expect([...renamed.entries()].sort(([a], [b]) => a - b)).toEqual([
      [2, 'ACME (3)'],
      [5, 'SEÑOR (2)'],
      [6, 'acme (4)'],
    ]);
    expect(
      deduplicatedNames(
        [
          { id: 1, name: 'A' },
          { id: 2, name: 'B' },
        ],
        200,
      ).size,
    ).toBe(0);
  });
});
