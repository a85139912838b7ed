import fc from 'fast-check';
import { parseList, serializeList } from 'structured-headers';
import { describe, expect, it } from 'vitest';
import { rateLimitHeaders } from '../../src/shared/rate-limit-headers';
import { bindingWindow, remainingIn, windowEnd, type WindowUsage } from '../../src/shared/quota';

const SF_INTEGER_MAX = 999_999_999_999_999;

const windowsArbitrary = fc
  .record({
    now: fc.integer({ min: 1_700_000_000_000, max: 2_000_000_000_000 }),
    perMinute: fc.integer({ min: 1, max: Number.MAX_SAFE_INTEGER }),
    perDay: fc.integer({ min: 1, max: Number.MAX_SAFE_INTEGER }),
    usedMinute: fc.nat(),
    usedDay: fc.nat(),
  })
  .map(({ now, perMinute, perDay, usedMinute, usedDay }) => ({
    now,
    windows: [
      { kind: 'minute', limit: perMinute, used: Math.min(usedMinute, perMinute), resetAt: windowEnd('minute', now) },
      { kind: 'day', limit: perDay, used: Math.min(usedDay, perDay), resetAt: windowEnd('day', now) },
    ] as WindowUsage[],
  }));

describe('rate-limit headers', () => {
  it('write RateLimit exactly as the structured-fields library would', () => {
    fc.assert(
      fc.property(windowsArbitrary, ({ now, windows }) => {
        const expected = serializeList(
          windows.map((window) => [
            window.kind,
            new Map([
              ['r', Math.min(remainingIn(window), SF_INTEGER_MAX)],
              ['t', Math.ceil((window.resetAt - now) / 1000)],
            ]),
          ]),
        );
        expect(rateLimitHeaders(windows, now).ratelimit).toBe(expected);
      }),
    );
  });

  it('stay valid structured fields for any Enterprise figure, however large', () => {
    const now = Date.UTC(2026, 10, 23, 12, 0, 30);
    const windows: WindowUsage[] = [
      { kind: 'minute', limit: Number.MAX_SAFE_INTEGER, used: 1, resetAt: windowEnd('minute', now) },
      { kind: 'day', limit: Number.MAX_SAFE_INTEGER, used: 1, resetAt: windowEnd('day', now) },
    ];
    const headers = rateLimitHeaders(windows, now);
    expect(headers['x-ratelimit-limit']).toBe(String(Number.MAX_SAFE_INTEGER));
    expect(headers['x-ratelimit-remaining']).toBe(String(Number.MAX_SAFE_INTEGER - 1));
    expect(parseList(headers.ratelimit!)).toEqual([
      [
        'minute',
        new Map([
          ['r', SF_INTEGER_MAX],
          ['t', 30],
        ]),
      ],
      [
        'day',
        new Map([
          ['r', SF_INTEGER_MAX],
          ['t', 43_170],
        ]),
      ],
    ]);
    expect(parseList(headers['ratelimit-policy']!)).toEqual([
      [
        'minute',
        new Map([
          ['q', SF_INTEGER_MAX],
          ['w', 60],
        ]),
      ],
      [
        'day',
        new Map([
          ['q', SF_INTEGER_MAX],
          ['w', 86_400],
        ]),
      ],
    ]);
  });

  it('name the window bindingWindow() picks, both orders, ties and exhausted windows included', () => {
    const figure = fc.integer({ min: 0, max: 3 });
    fc.assert(
      fc.property(
        figure,
        figure,
        figure,
        figure,
        fc.integer({ min: 0, max: 2 }),
        fc.integer({ min: 0, max: 2 }),
        (la, ua, lb, ub, ra, rb) => {
          const now = Date.UTC(2026, 10, 27, 12, 0, 0);
          const windows: WindowUsage[] = [
            { kind: 'minute', limit: la + 1, used: Math.min(ua, la + 1), resetAt: now + ra * 1000 },
            { kind: 'day', limit: lb + 1, used: Math.min(ub, lb + 1), resetAt: now + rb * 1000 },
          ];
          for (const pair of [windows, [...windows].reverse()]) {
            const binding = bindingWindow(pair);
            expect(rateLimitHeaders(pair, now)).toMatchObject({
              'x-ratelimit-limit': String(binding.limit),
              'x-ratelimit-remaining': String(remainingIn(binding)),
              'x-ratelimit-reset': String(Math.ceil(binding.resetAt / 1000)),
            });
          }
        },
      ),
    );
  });
});
