/**
 * Calendar days and months in a named time zone (IANA, e.g. "Europe/Paris"), with the runtime's Intl:
 * the reports count by the shelter's months, whose midnights move with daylight saving time.
 */

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string): Intl.DateTimeFormat {
  let made = formatters.get(timeZone);
  if (!made) {
    made = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(timeZone, made);
  }
  return made;
}

/** True when the runtime knows the zone ("UTC", "America/Chicago"). */
export function isTimeZone(timeZone: string): boolean {
  try {
    formatter(timeZone);
    return true;
  } catch {
    return false;
  }
}

/** The wall clock of `instant` in the zone, as if it were UTC (ms). */
function wallClock(instant: number, timeZone: string): number {
  const parts: Record<string, number> = {};
  for (const part of formatter(timeZone).formatToParts(instant))
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  return Date.UTC(
    parts.year ?? 1970,
    (parts.month ?? 1) - 1,
    parts.day ?? 1,
    parts.hour ?? 0,
    parts.minute ?? 0,
    parts.second ?? 0,
  );
}

/** The instant at which the zone's wall clock shows midnight starting this day (month 1-12; day may overflow into the next month). */
export function zonedMidnight(year: number, month: number, day: number, timeZone: string): number {
  const wanted = Date.UTC(year, month - 1, day);
  // Two rounds: the offset at the first guess may differ from the one at midnight across a DST change.
  let instant = wanted - (wallClock(wanted, timeZone) - wanted);
  instant = wanted - (wallClock(instant, timeZone) - instant);
  return instant;
}

/** The zone's calendar day of `instant`, YYYY-MM-DD. */
export function zonedDay(instant: number, timeZone: string): string {
  return new Date(wallClock(instant, timeZone)).toISOString().slice(0, 10);
}

/** A month, YYYY-MM, as the half-open span [from, to) of the zone's midnights. */
export function monthSpan(month: string, timeZone: string): { from: number; to: number } {
  const [year = 1970, number = 1] = month.split('-').map(Number);
  return { from: zonedMidnight(year, number, 1, timeZone), to: zonedMidnight(year, number + 1, 1, timeZone) };
}

/** The month `count` months after (or before, when negative) `month`, YYYY-MM. */
export function addMonths(month: string, count: number): string {
  const [year = 1970, number = 1] = month.split('-').map(Number);
  const index = year * 12 + (number - 1) + count;
  return `${String(Math.floor(index / 12)).padStart(4, '0')}-${String((index % 12) + 1).padStart(2, '0')}`;
}
