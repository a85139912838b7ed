/**
 * The quota lab's header profiles: how one environment's API words its rate limits, so a client can
 * be proven right against other APIs' habits (docs/guide/quota-lab.md, "Header profiles"). The
 * headers themselves are made in profile-headers.ts.
 */
import { z } from 'zod';

export const HEADER_PROFILES = [
  'standard',
  'ietf',
  'github',
  'retry-after-date',
  'no-retry-after',
  'malformed',
] as const;
export const HeaderProfileSchema = z.enum(HEADER_PROFILES, { error: `must be one of ${HEADER_PROFILES.join(', ')}` });
export type HeaderProfile = (typeof HEADER_PROFILES)[number];

/** The contract's own headers: what every environment answers with until staff pick another profile. */
export const DEFAULT_HEADER_PROFILE: HeaderProfile = 'standard';

/** One line per profile, the same words in the window and the CLI. */
export const HEADER_PROFILE_ABOUT: Record<HeaderProfile, string> = {
  standard:
    'The contract’s headers: X-RateLimit-* and the IETF draft’s RateLimit and RateLimit-Policy; a 429 carries Retry-After in seconds.',
  ietf: 'Only the IETF draft-11 fields RateLimit and RateLimit-Policy (no X-RateLimit-*); a 429 carries Retry-After in seconds.',
  github:
    'GitHub’s x-ratelimit-limit/remaining/used/reset/resource for the day (reset in epoch seconds); the minute limit and bans are a secondary limit, 403 with Retry-After; the day limit a 429 without it.',
  'retry-after-date': 'The standard headers, with Retry-After as an HTTP-date (by the lab clock) instead of seconds.',
  'no-retry-after':
    'The standard headers without Retry-After: a refused client must wait for the reset the headers give.',
  malformed:
    'Garbage RateLimit and RateLimit-Policy fields (wrong types, unparseable), which a client must ignore; X-RateLimit-* and Retry-After stay valid.',
};

export function isHeaderProfile(value: unknown): value is HeaderProfile {
  return typeof value === 'string' && (HEADER_PROFILES as readonly string[]).includes(value);
}
