import { formatMonth } from '../../ui/format';

/** This computer's month, YYYY-MM, or (`back` 1) the last whole one, the one usually reported. */
export function monthOf(now: Date, back = 0): string {
  const month = new Date(now.getFullYear(), now.getMonth() - back, 1);
  return `${month.getFullYear()}-${String(month.getMonth() + 1).padStart(2, '0')}`;
}

/** The `count` months up to and including `month`, newest first. */
export function monthsBefore(month: string, count: number): string[] {
  const [year = 1970, number = 1] = month.split('-').map(Number);
  return Array.from({ length: count }, (_, back) => {
    const date = new Date(Date.UTC(year, number - 1 - back, 1));
    return `${date.getUTCFullYear()}-${String(date.getUTCMonth() + 1).padStart(2, '0')}`;
  });
}

/** "March 2026", or "Mar 26" for a chart's axis, in the window's language. */
export const monthLabel = formatMonth;
