/** How times and figures read on screen: the window's language's locale (i18n), the staff's own time zone. */
import { windowLocale } from '../i18n/i18n';

const formats = new Map<string, Intl.DateTimeFormat | Intl.NumberFormat>();

/** One formatter per locale and style, built on first use after each switch of language. */
function cached<F extends Intl.DateTimeFormat | Intl.NumberFormat>(name: string, make: (locale: string) => F): F {
  const key = `${windowLocale()} ${name}`;
  let format = formats.get(key) as F | undefined;
  if (!format) {
    format = make(windowLocale());
    formats.set(key, format);
  }
  return format;
}

const moment = () => cached('moment', (l) => new Intl.DateTimeFormat(l, { dateStyle: 'medium', timeStyle: 'short' }));
const clock = () => cached('clock', (l) => new Intl.DateTimeFormat(l, { hour: '2-digit', minute: '2-digit' }));
const figure = () => cached('figure', (l) => new Intl.NumberFormat(l));

export function formatMoment(epochMs: number | null): string {
  return epochMs === null ? '—' : moment().format(epochMs);
}

export function formatClock(epochMs: number): string {
  return clock().format(epochMs);
}

export function formatFigure(value: number | null): string {
  return value === null ? '—' : figure().format(value);
}

export function formatSeconds(seconds: number): string {
  if (seconds < 60) return `${seconds} s`;
  const minutes = Math.floor(seconds / 60);
  return seconds % 60 ? `${minutes} min ${seconds % 60} s` : `${minutes} min`;
}

/** Sizes of files and deploys in the locale's unit words ("1,5 Mo", "1.5 MB"): bytes, kB or MB, one decimal above bytes. */
export function formatBytes(bytes: number): string {
  const [value, unit] =
    bytes < 1024
      ? [bytes, 'byte']
      : bytes < 1024 * 1024
        ? [bytes / 1024, 'kilobyte']
        : [bytes / 1024 / 1024, 'megabyte'];
  return cached(
    `bytes-${unit}`,
    (l) =>
      new Intl.NumberFormat(l, {
        style: 'unit',
        unit,
        unitDisplay: 'short',
        maximumFractionDigits: unit === 'byte' ? 0 : 1,
      }),
  ).format(value);
}

const day = () => cached('day', (l) => new Intl.DateTimeFormat(l, { dateStyle: 'medium' }));
const longDay = () =>
  cached(
    'longDay',
    (l) => new Intl.DateTimeFormat(l, { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' }),
  );

/** "1 déc. 2026", "Dec 1, 2026". */
export function formatDay(epochMs: number | null): string {
  return epochMs === null ? '—' : day().format(epochMs);
}

/** "mardi 1 décembre 2026". */
export function formatLongDay(epochMs: number): string {
  return longDay().format(epochMs);
}

/** "1 250,50 €", "€1,250.50": money as the window's language writes it; a bare figure without a currency. */
export function formatMoney(amount: number, currency: string | null): string {
  if (!currency) return cached('money', (l) => new Intl.NumberFormat(l, { minimumFractionDigits: 2 })).format(amount);
  return cached(`money ${currency}`, (l) => new Intl.NumberFormat(l, { style: 'currency', currency })).format(amount);
}

const calendarDay = () =>
  cached('calendarDay', (l) => new Intl.DateTimeFormat(l, { dateStyle: 'medium', timeZone: 'UTC' }));

/** A calendar day as the engine keeps it (YYYY-MM-DD) in the window's words, "1 déc. 2026", the same day in every time zone. */
export function formatCalendarDay(day: string | null): string {
  if (day === null) return '—';
  const at = Date.parse(`${day}T00:00:00Z`);
  return Number.isNaN(at) ? day : calendarDay().format(at);
}

/** A figure with one decimal, "50.0", "50,0" (a rate in percent: the words put the % sign where the language does). */
export function formatOneDecimal(value: number): string {
  return cached(
    'oneDecimal',
    (l) => new Intl.NumberFormat(l, { minimumFractionDigits: 1, maximumFractionDigits: 1 }),
  ).format(value);
}

/** "a, b and c", "a, b et c": a list in the window's words. */
export function formatList(items: readonly string[]): string {
  return new Intl.ListFormat(windowLocale(), { type: 'conjunction' }).format(items);
}

/** A month (YYYY-MM): "décembre 2026", or "déc. 26" for a chart's axis. */
export function formatMonth(month: string, width: 'long' | 'short' = 'long'): string {
  const [year = 1970, number = 1] = month.split('-').map(Number);
  const format = cached(`month ${width}`, (l) =>
    width === 'long'
      ? new Intl.DateTimeFormat(l, { month: 'long', year: 'numeric', timeZone: 'UTC' })
      : new Intl.DateTimeFormat(l, { month: 'short', year: '2-digit', timeZone: 'UTC' }),
  );
  return format.format(Date.UTC(year, number - 1, 1));
}
