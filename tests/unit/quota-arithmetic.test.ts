import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  bindingWindow,
  describeWindow,
  remainingIn,
  secondsUntil,
  windowEnd,
  windowStart,
  type WindowUsage,
} from '../../src/shared/quota';

const at = (iso: string): number => Date.parse(iso);

describe('windowStart / windowEnd: fixed windows aligned to the UTC minute and the UTC day', () => {
  it('aligns the minute window to whole UTC minutes', () => {
    expect(windowStart('minute', at('2026-06-01T10:00:59.999Z'))).toBe(at('2026-06-01T10:00:00.000Z'));
    expect(windowEnd('minute', at('2026-06-01T10:00:59.999Z'))).toBe(at('2026-06-01T10:01:00.000Z'));
    expect(windowStart('minute', at('2026-06-01T10:01:00.000Z'))).toBe(at('2026-06-01T10:01:00.000Z'));
    expect(windowEnd('minute', at('2026-06-01T10:01:00.000Z'))).toBe(at('2026-06-01T10:02:00.000Z'));
  });

  it('aligns the day window to UTC midnight, whatever the local time zone', () => {
    expect(windowStart('day', at('2026-06-01T23:59:59.999Z'))).toBe(at('2026-06-01T00:00:00.000Z'));
    expect(windowEnd('day', at('2026-06-01T23:59:59.999Z'))).toBe(at('2026-06-02T00:00:00.000Z'));
    expect(windowStart('day', at('2026-06-02T00:00:00.000Z'))).toBe(at('2026-06-02T00:00:00.000Z'));
    // The last day of a month and a leap day roll over like any other.
    expect(windowEnd('day', at('2028-02-29T12:00:00.000Z'))).toBe(at('2028-03-01T00:00:00.000Z'));
    expect(windowEnd('minute', at('2026-12-31T23:59:30.000Z'))).toBe(at('2027-01-01T00:00:00.000Z'));
  });

  it('always contains the instant and is exactly one window long (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: Date.UTC(2100, 0, 1) }),
        fc.constantFrom('minute' as const, 'day' as const),
        (now, kind) => {
          const start = windowStart(kind, now);
          const end = windowEnd(kind, now);
          const length = kind === 'minute' ? 60_000 : 86_400_000;
          expect(start).toBeLessThanOrEqual(now);
          expect(end).toBeGreaterThan(now);
          expect(end - start).toBe(length);
          expect(start % length).toBe(0);
          const date = new Date(start);
          expect(date.getUTCSeconds()).toBe(0);
          expect(date.getUTCMilliseconds()).toBe(0);
          if (kind === 'day') expect(date.getUTCHours() * 60 + date.getUTCMinutes()).toBe(0);
        },
      ),
    );
  });
});

const minuteEnd = at('2026-06-01T10:01:00.000Z');
const dayEnd = at('2026-06-02T00:00:00.000Z');
const minute = (limit: number, used: number): WindowUsage => ({ kind: 'minute', limit, used, resetAt: minuteEnd });
const day = (limit: number, used: number): WindowUsage => ({ kind: 'day', limit, used, resetAt: dayEnd });

describe('bindingWindow', () => {
  it('picks the window with fewest remaining', () => {
    expect(bindingWindow([minute(60, 10), day(1000, 10)]).kind).toBe('minute');
    expect(bindingWindow([minute(100, 0), day(5, 2)]).kind).toBe('day');
    expect(bindingWindow([day(5, 2), minute(100, 0)]).kind).toBe('day');
  });

  it('on a tie with requests left, picks the one that resets first, in either order', () => {
    expect(bindingWindow([minute(5, 1), day(5, 1)]).kind).toBe('minute');
    expect(bindingWindow([day(5, 1), minute(5, 1)]).kind).toBe('minute');
  });

  it('when both are exhausted, picks the one that resets later (only it lets a request through)', () => {
    expect(bindingWindow([minute(3, 3), day(3, 3)]).kind).toBe('day');
    expect(bindingWindow([day(3, 3), minute(3, 3)]).kind).toBe('day');
    // Over-used (limit lowered below use) counts as 0 remaining, not negative.
    expect(bindingWindow([minute(5, 40), day(3, 3)]).kind).toBe('day');
    expect(remainingIn(minute(5, 40))).toBe(0);
  });

  it('returns the only window, and refuses none', () => {
    expect(bindingWindow([day(7, 1)])).toEqual(day(7, 1));
    expect(() => bindingWindow([])).toThrow();
  });

  it('never picks a window with more remaining than another (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 500 }),
        fc.integer({ min: 0, max: 600 }),
        fc.integer({ min: 1, max: 500 }),
        fc.integer({ min: 0, max: 600 }),
        (ml, mu, dl, du) => {
          const windows = [minute(ml, mu), day(dl, du)];
          const chosen = bindingWindow(windows);
          const fewest = Math.min(...windows.map(remainingIn));
          expect(remainingIn(chosen)).toBe(fewest);
          if (remainingIn(windows[0]!) === remainingIn(windows[1]!))
            expect(chosen.kind).toBe(fewest === 0 ? 'day' : 'minute');
        },
      ),
    );
  });
});

describe('secondsUntil (the value of Retry-After)', () => {
  const now = at('2026-06-01T10:00:30.250Z');

  it('rounds up to whole seconds', () => {
    expect(secondsUntil(now + 29_750, now)).toBe(30);
    expect(secondsUntil(now + 29_751, now)).toBe(30);
    expect(secondsUntil(now + 30_001, now)).toBe(31);
    expect(secondsUntil(now + 1, now)).toBe(1);
    expect(secondsUntil(minuteEnd, at('2026-06-01T10:00:59.999Z'))).toBe(1);
  });

  it('is never below 1, even at or past the instant', () => {
    expect(secondsUntil(now, now)).toBe(1);
    expect(secondsUntil(now - 5_000, now)).toBe(1);
  });

  it('makes floor(now/1000) + Retry-After land on the reset second (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 86_400 }), fc.integer({ min: 1, max: 999 }), (resetSecond, msBefore) => {
        const reset = Date.UTC(2026, 5, 2); // on a whole second
        const instant = reset - (resetSecond - 1) * 1000 - msBefore;
        expect(Math.floor(instant / 1000) + secondsUntil(reset, instant)).toBe(reset / 1000);
        expect(secondsUntil(reset, instant)).toBeGreaterThanOrEqual(1);
      }),
    );
  });
});

describe('describeWindow', () => {
  it('names the windows as the 429 message does', () => {
    expect(describeWindow('minute')).toBe('per-minute');
    expect(describeWindow('day')).toBe('per-day');
  });
});
