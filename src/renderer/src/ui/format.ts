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

/** Sizes of files and deploys: bytes, KiB or MiB, one decimal above bytes. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KiB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MiB`;
}
