/** How times and figures read on screen: the staff's own locale and time zone. */
const moment = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
const clock = new Intl.DateTimeFormat(undefined, { hour: '2-digit', minute: '2-digit' });
const figure = new Intl.NumberFormat();

export function formatMoment(epochMs: number | null): string {
  return epochMs === null ? '—' : moment.format(epochMs);
}

export function formatClock(epochMs: number): string {
  return clock.format(epochMs);
}

export function formatFigure(value: number | null): string {
  return value === null ? '—' : figure.format(value);
}

export function formatSeconds(seconds: number): string {
  if (seconds < 60) return `${seconds} s`;
  const minutes = Math.floor(seconds / 60);
  return seconds % 60 ? `${minutes} min ${seconds % 60} s` : `${minutes} min`;
}
