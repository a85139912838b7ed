import type { OpenAPIV3 } from 'openapi-types';
import { HEADER_PROFILE_ABOUT, type HeaderProfile } from '../../../shared/header-profiles';
import { RATE_LIMIT_HEADERS, type HeaderSchema, type ResponseHeaders } from './responses';

const integer = (description: string): HeaderSchema => ({ type: 'integer', description });
const string = (description: string): HeaderSchema => ({ type: 'string', description });

const IETF_HEADERS: ResponseHeaders = {
  'RateLimit-Policy': RATE_LIMIT_HEADERS['RateLimit-Policy'] ?? string('Both windows.'),
  RateLimit: RATE_LIMIT_HEADERS.RateLimit ?? string('Both windows.'),
};

const GITHUB_HEADERS: ResponseHeaders = {
  'x-ratelimit-limit': integer('The day window’s limit (GitHub’s primary rate limit).'),
  'x-ratelimit-remaining': integer('Requests left in the day window.'),
  'x-ratelimit-used': integer('Requests used in the day window.'),
  'x-ratelimit-reset': integer('Unix time (seconds) at which the day window resets.'),
  'x-ratelimit-resource': string('Always `core`.'),
};

const MALFORMED_HEADERS: ResponseHeaders = {
  ...RATE_LIMIT_HEADERS,
  'RateLimit-Policy': string(
    'Deliberately malformed (the `malformed` header profile): not an RFC 9651 list; clients must ignore it.',
  ),
  RateLimit: string(
    'Deliberately malformed (the `malformed` header profile): wrong types and a negative reset; clients must ignore it.',
  ),
};

const HEADERS_OF: Record<HeaderProfile, ResponseHeaders> = {
  standard: RATE_LIMIT_HEADERS,
  ietf: IETF_HEADERS,
  github: GITHUB_HEADERS,
  'retry-after-date': RATE_LIMIT_HEADERS,
  'no-retry-after': RATE_LIMIT_HEADERS,
  malformed: MALFORMED_HEADERS,
};

const SECONDS = integer('Whole seconds to wait: until the binding window resets, or until the ban ends.');

/** The quota refusals a profile answers with: their status, words and Retry-After. */
const REFUSALS: Record<
  Exclude<HeaderProfile, 'standard'>,
  Partial<Record<'429' | '403', { description: string; retryAfter?: HeaderSchema }>>
> = {
  ietf: {
    429: {
      description:
        'Rate limit exceeded (`rate_limited`) or key temporarily banned (`api_key_banned`); see `Retry-After` and `RateLimit`.',
      retryAfter: SECONDS,
    },
  },
  github: {
    403: {
      description:
        'A secondary rate limit, as GitHub answers it: the minute window exceeded (`rate_limited`) or the key temporarily banned (`api_key_banned`); see `Retry-After`.',
      retryAfter: SECONDS,
    },
    429: {
      description:
        'The primary rate limit, the day window, exceeded (`rate_limited`): `x-ratelimit-remaining` is 0; wait until `x-ratelimit-reset`. No `Retry-After`.',
    },
  },
  'retry-after-date': {
    429: {
      description:
        'Rate limit exceeded (`rate_limited`) or key temporarily banned (`api_key_banned`); see `Retry-After`, an HTTP-date.',
      retryAfter: string('An HTTP-date (IMF-fixdate, by the `Date` header’s clock) from which a request may succeed.'),
    },
  },
  'no-retry-after': {
    429: {
      description:
        'Rate limit exceeded (`rate_limited`) or key temporarily banned (`api_key_banned`). No `Retry-After`: wait until `X-RateLimit-Reset` or `RateLimit`’s `t`.',
    },
  },
  malformed: {
    429: {
      description:
        'Rate limit exceeded (`rate_limited`) or key temporarily banned (`api_key_banned`); see `Retry-After` (valid, unlike `RateLimit`).',
      retryAfter: SECONDS,
    },
  },
};

/** The generator writes every response inline (no $ref), its headers too. */
type Documented = OpenAPIV3.ResponseObject & { headers?: Record<string, OpenAPIV3.HeaderObject> };

function asDocumented(headers: ResponseHeaders): Record<string, OpenAPIV3.HeaderObject> {
  return Object.fromEntries(
    Object.entries(headers).map(([name, header]) => [
      name,
      { schema: { type: header.type }, description: header.description },
    ]),
  );
}

/**
 * The generated document (which the routes declare with the standard headers) as the active header
 * profile answers: its rate-limit headers on every answer, and its quota refusals.
 */
export function describeHeaderProfile(doc: OpenAPIV3.Document, profile: HeaderProfile): OpenAPIV3.Document {
  if (profile === 'standard') return doc;
  doc.info.description = `${doc.info.description ?? ''}\n\nThis environment answers with the quota lab's \`${profile}\` header profile: ${HEADER_PROFILE_ABOUT[profile]}`;
  const rateLimit = asDocumented(HEADERS_OF[profile]);
  const refusals = REFUSALS[profile];
  for (const pathItem of Object.values(doc.paths)) {
    for (const operation of Object.values(pathItem ?? {}) as OpenAPIV3.OperationObject[]) {
      const responses = operation.responses as Record<string, Documented>;
      for (const response of Object.values(responses)) {
        const kept = Object.entries(response.headers ?? {}).filter(([name]) => !(name in RATE_LIMIT_HEADERS));
        response.headers = { ...rateLimit, ...Object.fromEntries(kept) };
      }
      const documented429 = responses['429'];
      if (!documented429) continue;
      for (const status of ['403', '429'] as const) {
        const refusal = refusals[status];
        if (!refusal) continue;
        const others = Object.entries(documented429.headers ?? {}).filter(([name]) => name !== 'Retry-After');
        const retryAfter = refusal.retryAfter ? asDocumented({ 'Retry-After': refusal.retryAfter }) : {};
        responses[status] = {
          ...structuredClone(documented429),
          description: refusal.description,
          headers: { ...Object.fromEntries(others), ...retryAfter },
        };
      }
      operation.responses = Object.fromEntries(Object.entries(responses).sort(([a], [b]) => a.localeCompare(b)));
    }
  }
  return doc;
}
