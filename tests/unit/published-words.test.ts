/**
 * The published words' catalogues: every key of the English one exists in every language with the
 * same placeholders, and nothing is left empty or untranslated by accident.
 */
import { describe, expect, it } from 'vitest';
import { PUBLISHED_LANGUAGES } from '../../src/shared/shelter';
import { CATALOGUES, publishedWords } from '../../src/main/publishing/words/words';

type Tree = { [key: string]: string | Tree };

function leaves(tree: Tree, prefix = ''): Map<string, string> {
  const found = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    if (typeof value === 'string') found.set(`${prefix}${key}`, value);
    else for (const [leaf, text] of leaves(value, `${prefix}${key}.`)) found.set(leaf, text);
  }
  return found;
}

const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((match) => match[1]).sort();
const english = leaves(CATALOGUES.en as unknown as Tree);

describe('the published catalogues', () => {
  it.each(PUBLISHED_LANGUAGES.filter((language) => language !== 'en'))(
    '%s has every English key, no other, each with the same placeholders',
    (language) => {
      const words = leaves(CATALOGUES[language] as unknown as Tree);
      expect([...words.keys()].sort()).toEqual([...english.keys()].sort());
      for (const [key, text] of english) {
        expect(words.get(key)!.trim(), `${language} ${key}`).not.toBe('');
        expect(placeholders(words.get(key)!), `${language} ${key}`).toEqual(placeholders(text));
      }
    },
  );

  it('French, Spanish and German are translations, not copies of the English sentences', () => {
    for (const language of ['fr', 'es', 'de'] as const) {
      const words = leaves(CATALOGUES[language] as unknown as Tree);
      const same = [...english]
        .filter(([key, text]) => text.split(' ').length > 3 && words.get(key) === text)
        .map(([key]) => key);
      expect(same, language).toEqual([]);
    }
  });

  it('words plurals and money as the language does', () => {
    expect(publishedWords('en').t('site.waiting', { count: 1 })).toBe('1 pet is waiting for a family.');
    expect(publishedWords('fr').t('site.waiting', { count: 3 })).toBe('3 animaux attendent une famille.');
    expect(publishedWords('de').t('pet.years', { count: 2 })).toBe('2 Jahre');
    expect(publishedWords('fr').fee(1250, 'EUR')).toBe('1\u202f250,00\u00a0€');
    expect(publishedWords('de').fee(120, 'EUR')).toBe('120,00\u00a0€');
    expect(publishedWords('en').fee(120, 'EUR')).toBe('€120.00');
    expect(publishedWords('es').fee(0, 'EUR')).toBe('Sin tarifa');
  });
});
