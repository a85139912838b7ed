import { expect } from 'vitest';
import { PUBLIC_ERROR_CODES } from '../../src/shared/errors';

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
