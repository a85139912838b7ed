/**
 * The languages the window speaks, and whose it speaks: the member's own choice, else the browser's
 * (or the OS's, which Electron passes as the browser's) when it is one of ours, else the shelter's.
 */
import { PUBLISHED_LANGUAGES, type PublishedLanguage } from '../../../shared/shelter';

/** The window speaks the languages the shelter publishes in: one list, so a new language is added once. */
export const WINDOW_LANGUAGES: readonly PublishedLanguage[] = PUBLISHED_LANGUAGES;
export type WindowLanguage = PublishedLanguage;

/**
 * English with every letter accented and its vowels doubled (about 40 % longer): a word that shows
 * in plain letters was never translated, a label cut short has no room for French or German.
 */
export const PSEUDO_LANGUAGE = 'en-XA';
export type ShownLanguage = WindowLanguage | typeof PSEUDO_LANGUAGE;

export function isWindowLanguage(tag: string): tag is WindowLanguage {
  return (WINDOW_LANGUAGES as readonly string[]).includes(tag);
}

/** "fr-CA" speaks French; "pt-BR" none of ours. */
export function ourLanguageOf(tag: string): WindowLanguage | null {
  const base = tag.toLowerCase().split('-')[0] ?? '';
  return isWindowLanguage(base) ? base : null;
}

export interface LanguageChoice {
  /** The member's (team mode) or the desk's (single desk) own choice, when one was made. */
  chosen: WindowLanguage | null;
  /** `navigator.languages`, the user's preferred first. */
  preferred: readonly string[];
  /** The language the shelter publishes in, once known. */
  shelter: WindowLanguage | null;
}

export function languageFor({ chosen, preferred, shelter }: LanguageChoice): WindowLanguage {
  if (chosen) return chosen;
  for (const tag of preferred) {
    const ours = ourLanguageOf(tag);
    if (ours) return ours;
  }
  return shelter ?? 'en';
}

/**
 * The locale dates and figures are written in: the browser's own variant of the language when it
 * prefers one ("en-GB" days before months, "de-CH" apostrophes), else the language's main country.
 */
const MAIN_LOCALE: Record<WindowLanguage, string> = { en: 'en-US', fr: 'fr-FR', es: 'es-ES', de: 'de-DE' };

export function localeFor(language: ShownLanguage, preferred: readonly string[]): string {
  if (language === PSEUDO_LANGUAGE) return 'en-US';
  const variant = preferred.find((tag) => ourLanguageOf(tag) === language && tag.includes('-'));
  return variant ?? MAIN_LOCALE[language];
}

/** Where a language picked before logging in is kept: this tab only, until a member's own choice is known. */
const PICKED_KEY = 'adoption-desk.language';

/** The language asked for without a member's choice: one picked in this tab, else the address's `?lang=`. */
export function askedLanguage(): WindowLanguage | null {
  if (typeof location === 'undefined') return null;
  const asked = sessionStorage.getItem(PICKED_KEY) ?? new URLSearchParams(location.search).get('lang');
  return asked && isWindowLanguage(asked) ? asked : null;
}

export function rememberPicked(language: WindowLanguage): void {
  sessionStorage.setItem(PICKED_KEY, language);
}
