import { parseList } from 'structured-headers';
import { describe, expect, it } from 'vitest';
import { HEADER_PROFILES } from '../../src/shared/header-profiles';
import {
  exampleAnswers,
  profiledRefusal,
  profileRateLimitHeaders,
  retryAfterDate,
} from '../../src/shared/profile-headers';
import { windowEnd, type WindowUsage } from '../../src/shared/quota';
import { rateLimitHeaders } from '../../src/shared/rate-limit-headers';

const now = Date.UTC(2026, 10, 26, 8, 0, 30, 250);
const windows = (minuteUsed: number, dayUsed: number): WindowUsage[] => [
  { kind: 'minute', limit: 60, used: minuteUsed, resetAt: windowEnd('minute', now) },
  { kind: 'day', limit: 1_000, used: dayUsed, resetAt: windowEnd('day', now) },
];

describe('header profiles', () => {
  it('standard, retry-after-date and no-retry-after send the contract’s headers byte for byte', () => {
    for (const profile of ['standard', 'retry-after-date', 'no-retry-after'] as const) {
      expect(profileRateLimitHeaders(profile, windows(3, 40), now)).toEqual(rateLimitHeaders(windows(3, 40), now));
    }
    expect(
      profiledRefusal('standard', { code: 'rate_limited', retryAfter: 30, windows: windows(60, 100), now }),
    ).toEqual({ status: 429, headers: { 'retry-after': '30' } });
  });

  it('ietf sends only the draft’s two fields', () => {
    const headers = profileRateLimitHeaders('ietf', windows(3, 40), now);
    expect(Object.keys(headers).sort()).toEqual(['ratelimit', 'ratelimit-policy']);
    expect(parseList(headers.ratelimit!)).toEqual([
      [
        'minute',
        new Map([
          ['r', 57],
          ['t', 30],
        ]),
      ],
      [
        'day',
        new Map([
          ['r', 960],
          ['t', 57_570],
        ]),
      ],
    ]);
  });

  it('github describes the day window with an epoch reset; the minute limit and a ban are 403 with Retry-After, the day limit 429 without', () => {
    expect(profileRateLimitHeaders('github', windows(3, 40), now)).toEqual({
      'x-ratelimit-limit': '1000',
      'x-ratelimit-remaining': '960',
      'x-ratelimit-used': '40',
      'x-ratelimit-reset': String(windowEnd('day', now) / 1000),
      'x-ratelimit-resource': 'core',
    });
    expect(profiledRefusal('github', { code: 'rate_limited', retryAfter: 30, windows: windows(60, 100), now })).toEqual(
      { status: 403, headers: { 'retry-after': '30' } },
    );
    expect(
      profiledRefusal('github', { code: 'api_key_banned', retryAfter: 900, windows: windows(60, 1_000), now }),
    ).toEqual({ status: 403, headers: { 'retry-after': '900' } });
    expect(
      profiledRefusal('github', { code: 'rate_limited', retryAfter: 57_570, windows: windows(10, 1_000), now }),
    ).toEqual({ status: 429, headers: {} });
  });

  it('retry-after-date gives an IMF-fixdate: the refusing window’s reset, or a ban’s end rounded up', () => {
    const refusal = { code: 'rate_limited', retryAfter: 30, windows: windows(60, 100), now } as const;
    expect(retryAfterDate(refusal)).toBe('Thu, 26 Nov 2026 08:01:00 GMT');
    expect(profiledRefusal('retry-after-date', refusal).headers['retry-after']).toBe('Thu, 26 Nov 2026 08:01:00 GMT');
    const ban = retryAfterDate({ code: 'api_key_banned', retryAfter: 900, windows: windows(60, 100), now });
    expect(ban).toBe('Thu, 26 Nov 2026 08:15:31 GMT');
    expect(Date.parse(ban)).toBeGreaterThanOrEqual(now + 900_000);
    expect(
      profiledRefusal('no-retry-after', { code: 'api_key_banned', retryAfter: 30, windows: windows(60, 100), now }),
    ).toEqual({ status: 429, headers: {} });
  });

  it('malformed: RateLimit-Policy cannot be parsed, RateLimit parses with the wrong types; X-RateLimit-* stay valid', () => {
    const headers = profileRateLimitHeaders('malformed', windows(3, 40), now);
    expect(() => parseList(headers['ratelimit-policy']!)).toThrow();
    const fields = parseList(headers.ratelimit!);
    expect(
      fields
        .flatMap(([, params]) => [...params.values()])
        .some((value) => !Number.isInteger(value) || (value as number) < 0),
    ).toBe(true);
    expect(headers['x-ratelimit-remaining']).toBe('57');
    expect(
      profiledRefusal('malformed', { code: 'rate_limited', retryAfter: 30, windows: windows(60, 100), now }),
    ).toEqual({ status: 429, headers: { 'retry-after': '30' } });
  });

  it('every profile has an example refusal with its headers, for the window', () => {
    for (const profile of HEADER_PROFILES)
      expect(Object.keys(exampleAnswers(profile).refusal.rateLimit).length).toBeGreaterThan(0);
  });
});
