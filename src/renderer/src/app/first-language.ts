/**
 * Second of the window's imports (after `./no-eval`): the first paint's language, and its catalogues'
 * fetch started at once, while the rest of the window's modules are still being evaluated, instead of
 * after them. The first paint speaks the browser's (the OS's) language when it is one of ours; the
 * member's own choice and the shelter's language follow once the server has said them
 * (app/WindowLanguage.tsx). `?pseudo` shows the pseudo-language, for finding words never translated;
 * `?lang=fr` one of ours, whatever the browser prefers (the tests' way in, and a member's bookmark).
 */
import { askedLanguage, languageFor, PSEUDO_LANGUAGE, type ShownLanguage } from '../i18n/languages';
import { loadCatalogues } from '../i18n/resources';

export const firstLanguage: ShownLanguage = new URLSearchParams(location.search).has('pseudo')
  ? PSEUDO_LANGUAGE
  : languageFor({ chosen: askedLanguage(), preferred: navigator.languages, shelter: null });

// showLanguage asks for the same catalogues later and is given this fetch, not a second one.
if (firstLanguage !== PSEUDO_LANGUAGE) void loadCatalogues(firstLanguage).catch(() => undefined);
