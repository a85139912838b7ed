/**
 * When the nightly backup runs: once per calendar day of the shelter server's time
 * zone, at a time of day, decided from the clock alone so tests can move it. The schedule follows
 * real time, never the quota lab's clock.
 */

const formatters = new Map<string, Intl.DateTimeFormat>();

/** The zone's wall clock at `instant`, as if it were UTC (ms). */
function wallClock(instant: number, timeZone: string): number {
  let format = formatters.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(timeZone, format);
  }
  const parts: Record<string, number> = {};
  for (const part of format.formatToParts(instant)) if (part.type !== 'literal') parts[part.type] = Number(part.value);
  // Whole seconds only: the milliseconds are the instant's own.
  return (
    Date.UTC(
      parts.year ?? 1970,
      (parts.month ?? 1) - 1,
      parts.day ?? 1,
      parts.hour ?? 0,
      parts.minute ?? 0,
      parts.second ?? 0,
    ) +
    (((instant % 1_000) + 1_000) % 1_000)
  );
}

/** The time zone this process runs in (the TZ environment variable, else the system's). */
export function localTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}

/** "HH:MM" as minutes after midnight. */
export function minutesOf(at: string): number {
  const [hours = 0, minutes = 0] = at.split(':').map(Number);
  return hours * 60 + minutes;
}

const DAY_MS = 24 * 60 * 60 * 1_000;

/**
 * The instant of `at` on the zone's calendar day `day` (days since 1970-01-01): the first instant its
 * wall clock shows that time. A time skipped when clocks go forward runs as they jump past it; a time
 * shown twice when they go back runs the first time only.
 */
export function slotOnDay(day: number, at: string, timeZone: string): number {
  const wanted = day * DAY_MS + minutesOf(at) * 60_000;
  // The zone's offset half a day either side: at most one change of offset lies between them.
  const offsets = [
    wallClock(wanted - DAY_MS / 2, timeZone) - (wanted - DAY_MS / 2),
    wallClock(wanted + DAY_MS / 2, timeZone) - (wanted + DAY_MS / 2),
  ];
  const exact = offsets.map((offset) => wanted - offset).filter((instant) => wallClock(instant, timeZone) === wanted);
  if (exact.length > 0) return Math.min(...exact);
  // In the gap: the first instant whose wall clock is past the time is the moment the clocks jumped.
  let [low, high] = [
    Math.min(...offsets.map((offset) => wanted - offset)),
    Math.max(...offsets.map((offset) => wanted - offset)),
  ];
  while (high - low > 1) {
    const middle = Math.floor((low + high) / 2);
    if (wallClock(middle, timeZone) >= wanted) high = middle;
    else low = middle;
  }
  return high;
}

function dayOf(instant: number, timeZone: string): number {
  return Math.floor(wallClock(instant, timeZone) / DAY_MS);
}

/** The last scheduled moment at or before `now`. */
export function latestSlot(now: number, at: string, timeZone: string): number {
  const today = dayOf(now, timeZone);
  const slot = slotOnDay(today, at, timeZone);
  return slot <= now ? slot : slotOnDay(today - 1, at, timeZone);
}

/** The first scheduled moment after `now`. */
export function nextSlot(now: number, at: string, timeZone: string): number {
  const today = dayOf(now, timeZone);
  const slot = slotOnDay(today, at, timeZone);
  return slot > now ? slot : slotOnDay(today + 1, at, timeZone);
}

/**
 * Whether a nightly backup is due: a scheduled moment passed after `doneUpTo` (the last nightly
 * attempt, or when the schedule was set). A machine asleep at the time backs up at its next check,
 * once, however many nights it slept.
 */
export function isDue(now: number, doneUpTo: number, at: string, timeZone: string): boolean {
  return latestSlot(now, at, timeZone) > doneUpTo;
}

/** When the next nightly backup runs: now when one is due, else the next scheduled moment. */
export function nextRun(now: number, doneUpTo: number, at: string, timeZone: string): number {
  return isDue(now, doneUpTo, at, timeZone) ? now : nextSlot(now, at, timeZone);
}
