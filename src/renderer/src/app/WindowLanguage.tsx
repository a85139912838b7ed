/**
 * Speaks the caller's language once the server has said whose it is: the member's own choice (or a
 * single desk's), else the browser's when it is one of ours, else the shelter's. Switches without a
 * reload whenever the answer changes (a login, a choice made in another window); `?pseudo` stays as it is.
 */
import { useEffect } from 'react';
import { useTeam } from '../client/staff';
import { showLanguage } from '../i18n/i18n';
import { askedLanguage, languageFor } from '../i18n/languages';

export function WindowLanguage(): null {
  const team = useTeam().data;
  const chosen = team?.language ?? null;
  const shelter = team?.shelterLanguage ?? null;
  const known = team !== undefined;
  useEffect(() => {
    if (!known || new URLSearchParams(location.search).has('pseudo')) return;
    const language = languageFor({ chosen: chosen ?? askedLanguage(), preferred: navigator.languages, shelter });
    void showLanguage(language).catch(() => undefined);
  }, [known, chosen, shelter]);
  return null;
}
