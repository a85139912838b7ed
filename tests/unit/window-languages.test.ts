/** Whose language the window speaks: the member's choice, else the browser's when it is one of ours, else the shelter's. */
import { describe, expect, it } from 'vitest';
import { languageFor, localeFor, ourLanguageOf, PSEUDO_LANGUAGE } from '../../src/renderer/src/i18n/languages';

describe('languageFor', () => {
  it('the member’s (or the desk’s) own choice wins over the browser and the shelter', () => {
    expect(languageFor({ chosen: 'de', preferred: ['fr-FR', 'en'], shelter: 'es' })).toBe('de');
  });

  it('else the first of the browser’s languages that is one of ours, region and case aside', () => {
    expect(languageFor({ chosen: null, preferred: ['pt-BR', 'FR-ca', 'de'], shelter: 'es' })).toBe('fr');
    expect(languageFor({ chosen: null, preferred: ['es-MX'], shelter: 'fr' })).toBe('es');
  });

  it('else the shelter’s language, and English when the shelter has none', () => {
    expect(languageFor({ chosen: null, preferred: ['pt-BR', 'ja'], shelter: 'fr' })).toBe('fr');
    expect(languageFor({ chosen: null, preferred: [], shelter: 'de' })).toBe('de');
    expect(languageFor({ chosen: null, preferred: ['it'], shelter: null })).toBe('en');
  });

  it('reads a tag’s language, none for one not ours', () => {
    expect(ourLanguageOf('de-CH')).toBe('de');
    expect(ourLanguageOf('pt-BR')).toBeNull();
    expect(ourLanguageOf('')).toBeNull();
  });

  it('writes dates in the browser’s own variant of the language, else the language’s main country', () => {
    expect(localeFor('en', ['en-GB', 'fr'])).toBe('en-GB');
    expect(localeFor('fr', ['en-GB'])).toBe('fr-FR');
    expect(localeFor('de', ['de-CH'])).toBe('de-CH');
    expect(localeFor(PSEUDO_LANGUAGE, ['fr-FR'])).toBe('en-US');
  });
});
