/** The nightly backup's arithmetic: once per local day at HH:MM, across daylight saving changes. */
import { describe, expect, it } from 'vitest';
import { isDue, latestSlot, nextRun, nextSlot, slotOnDay } from '../../src/main/backup/schedule';

const PARIS = 'Europe/Paris';
const NEW_YORK = 'America/New_York';
const DAY_MS = 24 * 60 * 60 * 1_000;
const day = (iso: string) => Date.parse(`${iso}T00:00:00Z`) / DAY_MS;
const utc = (iso: string) => Date.parse(iso);

describe('the nightly backup time', () => {
  it('is HH:MM of the zone’s wall clock on an ordinary day, winter and summer', () => {
    expect(slotOnDay(day('2026-01-15'), '02:00', PARIS)).toBe(utc('2026-01-15T01:00:00Z'));
    expect(slotOnDay(day('2026-07-15'), '02:00', PARIS)).toBe(utc('2026-07-15T00:00:00Z'));
    expect(slotOnDay(day('2026-07-15'), '23:59', NEW_YORK)).toBe(utc('2026-07-16T03:59:00Z'));
    expect(slotOnDay(day('2026-07-15'), '02:00', 'UTC')).toBe(utc('2026-07-15T02:00:00Z'));
  });

  it('runs as the clocks jump past a time the spring change skips', () => {
    // Paris, 29 March 2026: 02:00 CET becomes 03:00 CEST at 01:00 UTC; 02:00 and 02:30 never show.
    expect(slotOnDay(day('2026-03-29'), '02:00', PARIS)).toBe(utc('2026-03-29T01:00:00Z'));
    expect(slotOnDay(day('2026-03-29'), '02:30', PARIS)).toBe(utc('2026-03-29T01:00:00Z'));
    expect(slotOnDay(day('2026-03-29'), '03:00', PARIS)).toBe(utc('2026-03-29T01:00:00Z'));
    expect(slotOnDay(day('2026-03-29'), '03:30', PARIS)).toBe(utc('2026-03-29T01:30:00Z'));
    // New York, 8 March 2026: 02:00 EST becomes 03:00 EDT at 07:00 UTC.
    expect(slotOnDay(day('2026-03-08'), '02:15', NEW_YORK)).toBe(utc('2026-03-08T07:00:00Z'));
  });

  it('runs once, the first time, when the autumn change shows a time twice', () => {
    // Paris, 25 October 2026: 03:00 CEST goes back to 02:00 CET at 01:00 UTC; 02:30 shows at 00:30 and 01:30 UTC.
    const first = utc('2026-10-25T00:30:00Z');
    expect(slotOnDay(day('2026-10-25'), '02:30', PARIS)).toBe(first);
    const afterFirstRun = first + 60_000;
    expect(isDue(utc('2026-10-25T01:45:00Z'), afterFirstRun, '02:30', PARIS)).toBe(false);
    expect(nextSlot(utc('2026-10-25T01:45:00Z'), '02:30', PARIS)).toBe(utc('2026-10-26T01:30:00Z'));
  });

  it('has days of 23 and 25 hours between runs across the changes', () => {
    const beforeSpring = slotOnDay(day('2026-03-28'), '04:00', PARIS);
    expect(nextSlot(beforeSpring, '04:00', PARIS) - beforeSpring).toBe(23 * 60 * 60 * 1_000);
    const beforeAutumn = slotOnDay(day('2026-10-24'), '04:00', PARIS);
    expect(nextSlot(beforeAutumn, '04:00', PARIS) - beforeAutumn).toBe(25 * 60 * 60 * 1_000);
  });

  it('finds the last and the next time from any moment of the day', () => {
    // 01:59:59.999 in Paris on the 16th.
    const justBefore = utc('2026-07-15T23:59:59.999Z');
    expect(latestSlot(utc('2026-07-14T23:59:59Z'), '02:00', PARIS)).toBe(utc('2026-07-14T00:00:00Z'));
    expect(latestSlot(utc('2026-07-15T00:00:00Z'), '02:00', PARIS)).toBe(utc('2026-07-15T00:00:00Z'));
    expect(nextSlot(utc('2026-07-15T00:00:00Z'), '02:00', PARIS)).toBe(utc('2026-07-16T00:00:00Z'));
    expect(nextSlot(justBefore, '02:00', PARIS)).toBe(utc('2026-07-16T00:00:00Z'));
  });

  it('is due once after the time, and once only for nights slept through', () => {
    const setAt = utc('2026-07-14T12:00:00Z');
    expect(isDue(utc('2026-07-14T23:00:00Z'), setAt, '02:00', PARIS)).toBe(false);
    expect(nextRun(utc('2026-07-14T23:00:00Z'), setAt, '02:00', PARIS)).toBe(utc('2026-07-15T00:00:00Z'));
    // Asleep from the 14th to the 17th: one backup at the first check after waking.
    const woke = utc('2026-07-17T09:00:00Z');
    expect(isDue(woke, setAt, '02:00', PARIS)).toBe(true);
    expect(nextRun(woke, setAt, '02:00', PARIS)).toBe(woke);
    expect(isDue(woke + 60_000, woke, '02:00', PARIS)).toBe(false);
    expect(nextRun(woke + 60_000, woke, '02:00', PARIS)).toBe(utc('2026-07-18T00:00:00Z'));
  });
});
