/**
 * The window's catalogues (src/renderer/src/locales, src/shared/domain-words/<language>/<part>.json) say the same things in
 * every language: each English key has its translation, no language has a key English lacks, plurals
 * have the forms the language's own rules ask for (French "many", German none beyond one/other), and
 * every `{{value}}` English fills in is filled in the translation too.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(__dirname, '../../src');
const LANGUAGES = ['en', 'fr', 'es', 'de'] as const;
const PLURAL = /_(zero|one|two|few|many|other)$/;

type Tree = { [key: string]: string | Tree };
const flatten = (tree: Tree, prefix = ''): Map<string, string> =>
  new Map(
    Object.entries(tree).flatMap(([key, value]) =>
      typeof value === 'string' ? [[prefix + key, value]] : [...flatten(value, `${prefix}${key}.`)],
    ),
  );
const read = (file: string) => flatten(JSON.parse(readFileSync(file, 'utf8')) as Tree);

const catalogues = (language: string): Map<string, Map<string, string>> => {
  const areas = join(ROOT, 'renderer/src/locales', language);
  const files = new Map(readdirSync(areas).map((f) => [f.replace(/\.json$/, ''), read(join(areas, f))]));
  const domain = join(ROOT, 'shared/domain-words', language);
  for (const f of readdirSync(domain)) files.set(`domain:${f.replace(/\.json$/, '')}`, read(join(domain, f)));
  return files;
};

/** "dose_one" and "dose_other" are one word, "dose", with the forms the language needs. */
const words = (keys: Iterable<string>) => new Set([...keys].map((k) => k.replace(PLURAL, '')));
const placeholders = (text: string) => [...text.matchAll(/\{\{\s*([\w.]+)/g)].map((m) => m[1]).sort();

const english = catalogues('en');

describe.each(LANGUAGES.filter((l) => l !== 'en'))('the window in %s', (language) => {
  const theirs = catalogues(language);
  const forms = new Intl.PluralRules(language).resolvedOptions().pluralCategories;

  it('has every area English has, and no other', () => {
    expect([...theirs.keys()].sort()).toEqual([...english.keys()].sort());
  });

  it.each([...english.keys()])('says every word of %s, and no word English lacks', (area) => {
    const en = english.get(area)!;
    const own = theirs.get(area) ?? new Map<string, string>();
    expect([...words(own.keys())].sort()).toEqual([...words(en.keys())].sort());
    for (const key of en.keys()) {
      const base = key.replace(PLURAL, '');
      if (base !== key) {
        for (const form of forms.filter((f) => f !== 'zero' && f !== 'two')) {
          if (form === 'many' || form === 'one' || form === 'other') {
            expect(own.has(`${base}_${form}`), `${area}:${base}_${form}`).toBe(
              form !== 'many' || forms.includes('many'),
            );
          }
        }
        continue;
      }
      expect(own.get(key), `${area}:${key}`).toBeTruthy();
      expect(placeholders(own.get(key)!), `${area}:${key}`).toEqual(placeholders(en.get(key)!));
    }
  });
});
