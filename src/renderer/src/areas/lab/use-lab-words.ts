import { useTranslation } from 'react-i18next';
import type { Words } from '../../../../shared/lab-words';
import { windowLocale } from '../../i18n/i18n';
import { sayLabWords } from './say-lab-words';

/**
 * Says an engine sentence in the window's language from its words; the engine's English stands
 * when there are none (a report or run made before they were, an unforeseen failure).
 */
export function useLabWords(): (words: Words | null | undefined, english: string) => string {
  const { t } = useTranslation('lab');
  return (words, english) =>
    words ? sayLabWords((key, options) => String(t(key as never, options as never)), windowLocale(), words) : english;
}
