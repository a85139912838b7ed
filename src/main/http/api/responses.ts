import type { z } from 'zod';
import { ErrorBodySchema } from '../../../shared/pet';

/** A response header, as @fastify/swagger reads it from a route's response schema. */
export interface HeaderSchema {
  type: 'integer' | 'string';
  description: string;
}

export type ResponseHeaders = Record<string, HeaderSchema>;

const integer = (description: string): HeaderSchema => ({ type: 'integer', description });
const string = (description: string): HeaderSchema => ({ type: 'string', description });

/** On every answer of the API (docs/contract.md, "Plan limits"), under the standard header profile (openapi-profiles.ts words the others). */
export const RATE_LIMIT_HEADERS: ResponseHeaders = {
  'X-RateLimit-Limit': integer('The limit of the window that binds most.'),
  'X-RateLimit-Remaining': integer('Requests left in that window.'),
  'X-RateLimit-Reset': integer('Unix time (seconds) at which that window resets.'),
  'RateLimit-Policy': string(
    'Both windows as RFC 9651 structured fields, e.g. `"minute";q=60;w=60, "day";q=1000;w=86400`.',
  ),
  RateLimit: string(
    'Remaining requests and seconds to reset per window, e.g. `"minute";r=59;t=30, "day";r=999;t=50370`.',
  ),
};

export const NEXT_PAGE_LINK: ResponseHeaders = { Link: string('`<…>; rel="next"` when a later page exists.') };

export const CREATED_LOCATION: ResponseHeaders = { Location: string('The URL of the created pet.') };

const ERROR_WORDS = {
  400: 'The request is malformed or breaks a rule (`validation_failed`).',
  401: 'API key missing or invalid (`unauthorized`); carries `WWW-Authenticate: Bearer`.',
  404: 'The animal cannot be found (`not_found`).',
  405: 'Method not allowed on this path (`method_not_allowed`); see `Allow`.',
  408: 'The request did not arrive in full in time (`request_timeout`); the connection is closed.',
  410: 'Past the sunset date (`gone`).',
  413: 'Body larger than 1 MiB (`payload_too_large`).',
  415: 'Content-Type is not application/json, or the body is compressed (`unsupported_media_type`).',
  422: 'The `Idempotency-Key` was first sent with another body (`idempotency_mismatch`): nothing was created.',
  429: 'Rate limit exceeded (`rate_limited`) or key temporarily banned (`api_key_banned`); see `Retry-After`.',
  503: 'Another program held the database’s write lock too long (`service_unavailable`): nothing was written; see `Retry-After`.',
  507: 'The server’s disk is full (`insufficient_storage`): nothing was written; reads still work. Retry later.',
} as const;

export type ErrorStatus = keyof typeof ERROR_WORDS;

const ERROR_HEADERS: Partial<Record<ErrorStatus, ResponseHeaders>> = {
  401: { 'WWW-Authenticate': string('`Bearer realm="adoption-desk"`.') },
  405: { Allow: string('The methods this path answers to.') },
  429: { 'Retry-After': integer('Whole seconds to wait: until the binding window resets, or until the ban ends.') },
  503: { 'Retry-After': integer('Whole seconds to wait before retrying.') },
};

/** One documented answer of a route: its body, its words, and its headers (the rate-limit ones always). */
export function answer<S extends z.ZodType>(schema: S, description: string, headers: ResponseHeaders = {}) {
  return { description, headers: { ...RATE_LIMIT_HEADERS, ...headers }, content: { 'application/json': { schema } } };
}

/** A route's Error answers, each with the headers of its status plus `headers` (a deprecated route's, say). */
export function errorAnswers(statuses: ErrorStatus[], headers: ResponseHeaders = {}) {
  return Object.fromEntries(
    statuses.map((status) => [
      status,
      answer(ErrorBodySchema, ERROR_WORDS[status], { ...ERROR_HEADERS[status], ...headers }),
    ]),
  );
}
