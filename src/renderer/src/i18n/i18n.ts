/**
 * The window's one i18next instance (react-i18next's `useTranslation` reads it): English loaded
 * before the first paint, another language's catalogues fetched when it is chosen, switched without
 * a reload. Dates and figures follow it through `windowLocale()` (ui/format.ts).
 */
import i18next, { type i18n } from 'i18next';
import Pseudo from 'i18next-pseudo';
import { initReactI18next } from 'react-i18next';
import { localeFor, PSEUDO_LANGUAGE, type ShownLanguage, type WindowLanguage } from './languages';
import { EN, loadCatalogues, NAMESPACES } from './resources';

export const windowI18n: i18n = i18next.createInstance();

void windowI18n
  .use(initReactI18next)
  .use(new Pseudo({ languageToPseudo: PSEUDO_LANGUAGE, letterMultiplier: 2, wrapped: false }))
  .init({
    lng: 'en',
    fallbackLng: 'en',
    supportedLngs: ['en', 'fr', 'es', 'de', PSEUDO_LANGUAGE],
    ns: NAMESPACES,
    defaultNS: 'common',
    resources: { en: EN },
    initAsync: false,
    // React escapes what it renders; a value is never markup.
    interpolation: { escapeValue: false },
    postProcess: ['pseudo'],
    returnNull: false,
    react: { useSuspense: false },
  });

const preferred = (): readonly string[] => (typeof navigator === 'undefined' ? [] : navigator.languages);

let locale = localeFor('en', preferred());
const listeners = new Set<() => void>();

/** The BCP 47 locale of the window's dates, times, numbers and money. */
export function windowLocale(): string {
  return locale;
}

/** Called (with no argument) after each switch, once the new words are in: formats cached per locale rebuild. */
export function onLanguageChanged(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Switches the window's words, dates and figures; resolves once they show. */
export async function showLanguage(language: ShownLanguage): Promise<void> {
  if (language !== 'en' && language !== PSEUDO_LANGUAGE && !windowI18n.hasResourceBundle(language, 'common')) {
    const catalogues = await loadCatalogues(language as WindowLanguage);
    for (const ns of NAMESPACES) windowI18n.addResourceBundle(language, ns, catalogues[ns], true, true);
  }
  locale = localeFor(language, preferred());
  await windowI18n.changeLanguage(language);
  if (typeof document !== 'undefined') document.documentElement.lang = language === PSEUDO_LANGUAGE ? 'en' : language;
  for (const listener of listeners) listener();
}

export function shownLanguage(): ShownLanguage {
  return windowI18n.language as ShownLanguage;
}
