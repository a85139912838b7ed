/**
 * The words everything published is said in: one i18next instance over one catalogue per language
 * (en.ts and its translations), with the language's locale for dates, numbers and money (Intl).
 */
import i18next from 'i18next';
import type { PublishedLanguage } from '../../../shared/shelter';
import { de } from './de';
import { en, type Catalogue } from './en';
import { es } from './es';
import { fr } from './fr';

export const CATALOGUES: Record<PublishedLanguage, Catalogue> = { en, fr, es, de };

/** A key of the catalogue, its plural forms under one name ("site.waiting" with a count). */
type Leaves<T, Prefix extends string = ''> = {
  [K in keyof T & string]: T[K] extends string
    ? `${Prefix}${K extends `${infer Base}_${'one' | 'other'}` ? Base : K}`
    : Leaves<T[K], `${Prefix}${K}.`>;
}[keyof T & string];
export type WordKey = Leaves<Catalogue>;

/** Where Intl takes its formats: the contract's English long dates have always read "27 November 2026". */
export interface WordLocales {
  published: string;
  contract: string;
}

const LOCALES: Record<PublishedLanguage, WordLocales> = {
  en: { published: 'en', contract: 'en-GB' },
  fr: { published: 'fr-FR', contract: 'fr-FR' },
  es: { published: 'es-ES', contract: 'es-ES' },
  de: { published: 'de-DE', contract: 'de-DE' },
};

export interface PublishedWords {
  /** The BCP 47 tag the output declares (`<html lang>`, the feeds' language). */
  language: string;
  locales: WordLocales;
  /** The catalogue's words for `key`, `{{values}}` filled in as given (HTML escaping is the caller's). */
  t: (key: WordKey, values?: Record<string, string | number>) => string;
  /** "€120.00", "120,00 €": the amount in the currency, as the language writes it; the bare amount without a currency. */
  fee: (amount: number, currency: string | null) => string;
  /** Upper case as the language writes it (the cards' small labels). */
  upper: (text: string) => string;
}

/** Words from a catalogue: the shelter's language, or a test's pseudo-language. */
export function wordsOf(language: string, catalogue: Catalogue, locales: WordLocales): PublishedWords {
  const instance = i18next.createInstance();
  void instance.init({
    lng: language,
    fallbackLng: false,
    resources: { [language]: { translation: catalogue } },
    initAsync: false,
    interpolation: { escapeValue: false },
  });
  // The window's catalogues type i18next's keys for the whole project (renderer/src/i18n/i18next.d.ts);
  // these are checked as WordKey instead.
  const t = instance.getFixedT(language) as unknown as (key: string, values?: Record<string, unknown>) => string;
  const formats = new Map<string, Intl.NumberFormat>();
  return {
    language,
    locales,
    t: (key, values) => t(key, values ?? {}),
    fee: (amount, currency) => {
      if (amount === 0) return t('pet.noFee');
      if (currency === null)
        return new Intl.NumberFormat(locales.published, {
          minimumFractionDigits: 2,
          maximumFractionDigits: 2,
          useGrouping: false,
        }).format(amount);
      let format = formats.get(currency);
      if (format === undefined) {
        format = new Intl.NumberFormat(locales.published, { style: 'currency', currency });
        formats.set(currency, format);
      }
      return format.format(amount);
    },
    upper: (text) => text.toLocaleUpperCase(locales.published),
  };
}

/**
 * i18next's context for words said before a pet's name: `vowel` when it starts with one, where
 * French elides ("À propos d’Ayşe"). Not before h or y, which French elides only in some names.
 */
export function beforeName(name: string): { name: string; context?: 'vowel' } {
  return /^[aeiouàâäæéèêëîïôöœùûü]/iu.test(name.normalize('NFC')) ? { name, context: 'vowel' } : { name };
}

/** i18next's context for words that agree with the pet's sex ("Nala a été adoptée"); the masculine, as French says an animal of unknown sex, otherwise. */
export function agreeingWith(sex: string | null | undefined): { context?: 'female' } {
  return sex === 'female' ? { context: 'female' } : {};
}

const made = new Map<PublishedLanguage, PublishedWords>();

/** The shelter's language's words, made once per language. */
export function publishedWords(language: PublishedLanguage = 'en'): PublishedWords {
  let words = made.get(language);
  if (words === undefined) {
    words = wordsOf(language, CATALOGUES[language], LOCALES[language]);
    made.set(language, words);
  }
  return words;
}
