/**
 * The quota lab's engine words (shared/lab-words.ts) in the window's language: the same key in the
 * `lab` catalogue, its figures formatted for the window's locale. Kept free of the window's i18next
 * instance so that a test can word every report in every language with the real catalogues.
 */
import type { WordValue, Words } from '../../../../shared/lab-words';

/** What wording needs of i18next: a `lab` key and its values (with `count` for the plural). */
export type Translate = (key: string, options: Record<string, unknown>) => string;

function durationIn(locale: string, ms: number): string {
  const [unit, value, digits] =
    ms < 1_000 ? ['millisecond', ms, ms < 10 ? 1 : 0] : ['second', ms / 1000, ms < 10_000 ? 2 : 1];
  return new Intl.NumberFormat(locale, {
    style: 'unit',
    unit,
    unitDisplay: 'short',
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  }).format(value);
}

/** The lab's report and clock read in the API's time (UTC), as the card's own figures do. */
const instantIn = (locale: string, epochMs: number): string =>
  new Intl.DateTimeFormat(locale, { dateStyle: 'short', timeStyle: 'long', timeZone: 'UTC' }).format(epochMs);

function valueIn(translate: Translate, locale: string, name: string, value: WordValue): string | number {
  if (typeof value === 'object') return sayLabWords(translate, locale, value);
  if (typeof value === 'string') return value;
  if (name === 'count') return value;
  if (name.endsWith('Ms')) return durationIn(locale, value);
  if (name.endsWith('At')) return instantIn(locale, value);
  // A request's number and an HTTP status are names, not quantities: no grouping, no decimals.
  if (name.endsWith('Id') || name === 'status') return String(value);
  return new Intl.NumberFormat(locale).format(value);
}

/** `words` said in the window's language (`count` stays a number: i18next picks the plural from it). */
export function sayLabWords(translate: Translate, locale: string, { key, values }: Words): string {
  const options = Object.fromEntries(
    Object.entries(values).map(([name, value]) => [name, valueIn(translate, locale, name, value)]),
  );
  return translate(key, options);
}
