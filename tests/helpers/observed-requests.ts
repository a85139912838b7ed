/**
 * Hand-made traffic for the compliance checks: an answer as the request log records it, and a 429
 * whose window resets at a given time, told by Retry-After in seconds, as an HTTP-date, or not at all.
 */
import type { ObservedRequest } from '../../src/shared/compliance';

export const httpDate = (ms: number) => new Date(ms).toUTCString();
let nextId = 1;

export interface Spec {
  at: number;
  status?: number;
  code?: string | null;
  method?: string;
  path?: string;
  connection?: number;
  latencyMs?: number;
  headers?: Record<string, string>;
}

/** An answer at `at`, its figures read from its headers as the request log reads them; ids count up. */
export function answer({
  at,
  status = 200,
  code = null,
  method = 'GET',
  path = '/v1/pets',
  connection,
  latencyMs = 0.3,
  headers = {},
}: Spec): ObservedRequest {
  const number = (name: string) =>
    headers[name] !== undefined && /^\d+$/.test(headers[name]) ? Number(headers[name]) : null;
  return {
    id: nextId++,
    at,
    method,
    path,
    status,
    code,
    retryAfter: number('retry-after'),
    remaining: number('x-ratelimit-remaining'),
    reset: number('x-ratelimit-reset'),
    headers: { date: httpDate(at), ...headers },
    latencyMs,
    keyId: 1,
    connection: connection ?? null,
    port: null,
  };
}

/** A 429 at `at` whose window resets at `resetAt`, its Retry-After in seconds, as an HTTP-date, or none. */
export function refusal(
  at: number,
  resetAt: number,
  form: 'seconds' | 'http-date' | 'none' = 'seconds',
  extra: Partial<Spec> = {},
): ObservedRequest {
  const seconds = Math.ceil((resetAt - at) / 1000);
  const retryAfter: Record<string, string> =
    form === 'seconds'
      ? { 'retry-after': String(seconds) }
      : form === 'http-date'
        ? { 'retry-after': httpDate(Math.floor(at / 1000) * 1000 + seconds * 1000) }
        : {};
  return answer({
    at,
    status: 429,
    code: 'rate_limited',
    ...extra,
    headers: {
      'x-ratelimit-remaining': '0',
      'x-ratelimit-reset': String(resetAt / 1000),
      ...retryAfter,
      ...extra.headers,
    },
  });
}
