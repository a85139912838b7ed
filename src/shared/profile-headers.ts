import type { HeaderProfile } from './header-profiles';
import { bindingWindow, remainingIn, windowEnd, type WindowUsage } from './quota';
import { rateLimitHeaders } from './rate-limit-headers';

/**
 * The rate-limit headers of an answer under a header profile. `standard` is rateLimitHeaders()
 * itself, byte for byte: it is on every answer, so it pays one comparison and nothing more.
 */
export function profileRateLimitHeaders(
  profile: HeaderProfile,
  windows: readonly WindowUsage[],
  now: number,
): Record<string, string> {
  if (profile === 'standard' || profile === 'retry-after-date' || profile === 'no-retry-after')
    return rateLimitHeaders(windows, now);
  const standard = rateLimitHeaders(windows, now);
  if (profile === 'ietf')
    return { 'ratelimit-policy': standard['ratelimit-policy'] ?? '', ratelimit: standard.ratelimit ?? '' };
  if (profile === 'github') return githubHeaders(windows);
  return { ...standard, ...malformedFields(windows, now) };
}

/** How a 429 of the quota (rate_limited or api_key_banned) is answered under a profile: its status and Retry-After. */
export interface ProfiledRefusal {
  status: number;
  headers: Record<string, string>;
}

export interface QuotaRefusal {
  code: 'rate_limited' | 'api_key_banned';
  /** Whole seconds until a request may succeed (≥ 1), as the contract's Retry-After. */
  retryAfter: number;
  windows: readonly WindowUsage[];
  now: number;
}

/**
 * `github`: GitHub's primary limit is the day window (its x-ratelimit-* describe it): refused with 429,
 * x-ratelimit-remaining 0 and no Retry-After, as GitHub does. The minute window and a ban are its
 * secondary limits: 403 with Retry-After. Every other profile keeps the contract's 429.
 */
export function profiledRefusal(profile: HeaderProfile, refusal: QuotaRefusal): ProfiledRefusal {
  const seconds = String(refusal.retryAfter);
  switch (profile) {
    case 'github': {
      const day = refusal.windows.find((window) => window.kind === 'day');
      const primary = refusal.code === 'rate_limited' && day !== undefined && remainingIn(day) === 0;
      return primary ? { status: 429, headers: {} } : { status: 403, headers: { 'retry-after': seconds } };
    }
    case 'retry-after-date':
      return { status: 429, headers: { 'retry-after': retryAfterDate(refusal) } };
    case 'no-retry-after':
      return { status: 429, headers: {} };
    default:
      return { status: 429, headers: { 'retry-after': seconds } };
  }
}

/**
 * RFC 9110 §10.2.3's other form, an IMF-fixdate by the environment's clock (the lab clock when on,
 * like Date): the reset of the window that refused (a whole second), or for a ban the moment the
 * seconds name, rounded up so that a client waiting until it is never early.
 */
export function retryAfterDate(refusal: QuotaRefusal): string {
  const exhausted = refusal.windows.filter((window) => remainingIn(window) === 0);
  const at =
    refusal.code === 'rate_limited' && exhausted.length > 0
      ? bindingWindow(exhausted).resetAt
      : refusal.now + refusal.retryAfter * 1000;
  return new Date(Math.ceil(at / 1000) * 1000).toUTCString();
}

function githubHeaders(windows: readonly WindowUsage[]): Record<string, string> {
  const day = windows.find((window) => window.kind === 'day') ?? windows[0];
  if (!day) return {};
  return {
    'x-ratelimit-limit': String(day.limit),
    'x-ratelimit-remaining': String(remainingIn(day)),
    'x-ratelimit-used': String(Math.min(day.used, day.limit)),
    'x-ratelimit-reset': String(Math.ceil(day.resetAt / 1000)),
    'x-ratelimit-resource': 'core',
  };
}

/**
 * The draft's fields as a broken server sends them, figures kept so they look alive:
 * RateLimit-Policy cannot be parsed as an RFC 9651 list at all (`60s`), RateLimit parses but breaks
 * the draft's types (a decimal and a boolean remaining, a negative and a string reset). Draft-11
 * §4–5: such fields MUST be ignored, so a client is left with Retry-After and X-RateLimit-*.
 */
function malformedFields(windows: readonly WindowUsage[], now: number): Record<string, string> {
  const [minute, day] = windows;
  if (!minute || !day) return { 'ratelimit-policy': 'minute;q=;w=60s', ratelimit: '"minute";r=?1;t=-1' };
  const reset = (window: WindowUsage) => Math.max(0, Math.ceil((window.resetAt - now) / 1000));
  return {
    'ratelimit-policy': `"minute";q="${minute.limit}";w=60s, "day";q=${day.limit}.5.0;w=1d`,
    ratelimit: `"minute";r=${remainingIn(minute)}.5;t=-${reset(minute)}, "day";r=?1;t="${reset(day)}"`,
  };
}

/** A sample 200 and refusal of a profile (a free key 60 requests into a minute window), for the window's explanation. */
export function exampleAnswers(
  profile: HeaderProfile,
  now = Date.UTC(2026, 0, 15, 12, 0, 30),
): { ok: Record<string, string>; refusal: ProfiledRefusal & { rateLimit: Record<string, string> } } {
  const windows = (minuteUsed: number): WindowUsage[] => [
    { kind: 'minute', limit: 60, used: minuteUsed, resetAt: windowEnd('minute', now) },
    { kind: 'day', limit: 1_000, used: 120 + minuteUsed, resetAt: windowEnd('day', now) },
  ];
  const refused = windows(60);
  const retryAfter = Math.ceil((windowEnd('minute', now) - now) / 1000);
  return {
    ok: profileRateLimitHeaders(profile, windows(59), now),
    refusal: {
      ...profiledRefusal(profile, { code: 'rate_limited', retryAfter, windows: refused, now }),
      rateLimit: profileRateLimitHeaders(profile, refused, now),
    },
  };
}
