import { expect } from 'vitest';
import { PUBLIC_ERROR_CODES } from '../../src/shared/errors';
import type { RawResponse } from './raw-http';

export function bearer(key: string): Record<string, string> {
  return { authorization: `Bearer ${key}` };
}

export function jsonHeaders(key: string): Record<string, string> {
  return { ...bearer(key), 'content-type': 'application/json' };
}

export interface ErrorResponse {
  code: string;
  message: string;
  status: number;
}

/**
 * Asserts the contract's error shape: JSON content type, {code, message, status} with status
 * equal to the HTTP status and a code from the contract; returns the body for more checks.
 */
export async function expectError(response: Response, status: number, code?: string): Promise<ErrorResponse> {
  const text = await response.text();
  expect(response.status, `status of ${response.url}: ${text}`).toBe(status);
  expect(response.headers.get('content-type') ?? '').toMatch(/^application\/json\b/);
  const body = JSON.parse(text) as ErrorResponse;
  expect(Object.keys(body).sort()).toEqual(['code', 'message', 'status']);
  expect(body.status).toBe(status);
  expect(typeof body.message).toBe('string');
  expect(body.message.trim().length).toBeGreaterThan(0);
  expect(PUBLIC_ERROR_CODES).toContain(body.code);
  if (code !== undefined) expect(body.code).toBe(code);
  return body;
}

/** The targets of `Link` header entries with the given rel, e.g. "next". */
export function linkTargets(header: string | null, rel: string): string[] {
  if (!header) return [];
  const targets: string[] = [];
  for (const match of header.matchAll(/<([^>]*)>\s*((?:;\s*[^;,]+)*)/g)) {
    const params = match[2] ?? '';
    const rels = /;\s*rel\s*=\s*"?([^";,]+)"?/i.exec(params)?.[1]?.split(/\s+/) ?? [];
    if (rels.includes(rel) && match[1] !== undefined) targets.push(match[1]);
  }
  return targets;
}

export const RATE_LIMIT_HEADER_NAMES = [
  'x-ratelimit-limit',
  'x-ratelimit-remaining',
  'x-ratelimit-reset',
  'ratelimit-policy',
  'ratelimit',
];

/** Asserts the five rate-limit headers (docs/contract.md, "Plan limits") are there and well-formed; returns Remaining. */
export function expectRateLimitHeaders(headers: Headers | Record<string, string>, label = ''): number {
  const get = (name: string) => (headers instanceof Headers ? headers.get(name) : headers[name]) ?? undefined;
  for (const name of RATE_LIMIT_HEADER_NAMES) expect(get(name), `${name} ${label}`).toBeDefined();
  for (const name of ['x-ratelimit-limit', 'x-ratelimit-remaining', 'x-ratelimit-reset'])
    expect(get(name), `${name} ${label}`).toMatch(/^\d+$/);
  expect(get('ratelimit-policy'), label).toMatch(/"minute";q=\d+;w=60, "day";q=\d+;w=86400/);
  return Number(get('x-ratelimit-remaining'));
}

/**
 * expectError for an answer read off a raw socket: the Error body (none for HEAD, whose answer never
 * has one), its Content-Type, and the rate-limit headers.
 */
export function expectRawError(
  response: RawResponse,
  status: number,
  code?: string,
  options: { head?: boolean } = {},
): ErrorResponse | undefined {
  const label = `${response.status} ${response.body.slice(0, 200)}`;
  expect(response.status, label).toBe(status);
  expect(response.headers['content-type'] ?? '', label).toMatch(/^application\/json\b/);
  expectRateLimitHeaders(response.headers, label);
  if (options.head) {
    expect(response.body, 'a HEAD answer has no body').toBe('');
    return undefined;
  }
  const body = JSON.parse(response.body) as ErrorResponse;
  expect(Object.keys(body).sort()).toEqual(['code', 'message', 'status']);
  expect(body.status).toBe(status);
  expect(body.message.trim().length).toBeGreaterThan(0);
  expect(PUBLIC_ERROR_CODES).toContain(body.code);
  if (code !== undefined) expect(body.code).toBe(code);
  return body;
}
