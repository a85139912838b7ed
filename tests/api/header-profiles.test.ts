/**
 * The quota lab's header profiles over real HTTP (docs/guide/quota-lab.md, "Header profiles"): the
 * headers of a 200 and of a refusal under each profile, github's 403 secondary limit, the Error body
 * unchanged in shape, the request log keeping what was sent, and the OpenAPI document following.
 */
import SwaggerParser from '@apidevtools/swagger-parser';
import type { OpenAPIV3 } from 'openapi-types';
import { parseList } from 'structured-headers';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { HEADER_PROFILES, type HeaderProfile } from '../../src/shared/header-profiles';
import { expectError } from '../helpers/http';
import { createKey, MINUTE, startLimitsServer, T0, type LimitsServer } from '../helpers/limits-server';
import { rawRequest } from '../helpers/raw-http';

let server: LimitsServer;
beforeEach(async () => {
  server = await startLimitsServer();
});
afterEach(async () => {
  await server.cleanup();
});

const STANDARD = ['ratelimit', 'ratelimit-policy', 'x-ratelimit-limit', 'x-ratelimit-remaining', 'x-ratelimit-reset'];
const GITHUB = [
  'x-ratelimit-limit',
  'x-ratelimit-remaining',
  'x-ratelimit-reset',
  'x-ratelimit-resource',
  'x-ratelimit-used',
];
const RATE_LIMIT_NAMES = new Set([...STANDARD, ...GITHUB]);

/** What each profile puts on every answer, and how it refuses a request over the minute limit. */
const EXPECTED: Record<HeaderProfile, { names: string[]; status: number; retryAfter: RegExp | null }> = {
  standard: { names: STANDARD, status: 429, retryAfter: /^\d+$/ },
  ietf: { names: ['ratelimit', 'ratelimit-policy'], status: 429, retryAfter: /^\d+$/ },
  github: { names: GITHUB, status: 403, retryAfter: /^\d+$/ },
  'retry-after-date': {
    names: STANDARD,
    status: 429,
    retryAfter: /^[A-Z][a-z]{2}, \d{2} [A-Z][a-z]{2} \d{4} \d{2}:\d{2}:\d{2} GMT$/,
  },
  'no-retry-after': { names: STANDARD, status: 429, retryAfter: null },
  malformed: { names: STANDARD, status: 429, retryAfter: /^\d+$/ },
};

const rateLimitNames = (response: Response) =>
  [...response.headers.keys()].filter((name) => RATE_LIMIT_NAMES.has(name)).sort();
const get = (key: string) => fetch(server.url('/pets'), { headers: { authorization: `Bearer ${key}` } });

describe('header profiles', () => {
  it('standard is every environment’s default, the contract’s headers', async () => {
    expect(server.engine.headerProfile.current).toBe('standard');
    const { key } = createKey(server.engine, 'enterprise', { perMinute: 1, perDay: 100 });
    const ok = await get(key);
    expect(rateLimitNames(ok)).toEqual(STANDARD);
    const refused = await get(key);
    await expectError(refused, 429, 'rate_limited');
    expect(refused.headers.get('retry-after')).toBe('30');
  });

  for (const profile of HEADER_PROFILES) {
    it(`${profile}: the headers of a 200 and of a refusal; the Error body keeps its shape and code`, async () => {
      server.engine.headerProfile.set(profile);
      const expected = EXPECTED[profile];
      const { key } = createKey(server.engine, 'enterprise', { perMinute: 2, perDay: 100 });
      for (let i = 0; i < 2; i++) {
        const ok = await get(key);
        expect(ok.status).toBe(200);
        expect(rateLimitNames(ok)).toEqual(expected.names);
        expect(ok.headers.get('retry-after')).toBeNull();
      }
      const refused = await get(key);
      await expectError(refused, expected.status, 'rate_limited');
      expect(rateLimitNames(refused)).toEqual(expected.names);
      const retryAfter = refused.headers.get('retry-after');
      if (expected.retryAfter === null) expect(retryAfter).toBeNull();
      else expect(retryAfter).toMatch(expected.retryAfter);
    });
  }

  it('retry-after-date: the HTTP-date is the minute window’s reset, by the environment’s clock', async () => {
    server.engine.headerProfile.set('retry-after-date');
    const { key } = createKey(server.engine, 'enterprise', { perMinute: 1, perDay: 100 });
    await get(key);
    const refused = await get(key);
    const resetAt = T0 - (T0 % MINUTE) + MINUTE;
    expect(refused.headers.get('retry-after')).toBe(new Date(resetAt).toUTCString());
    expect(Number(refused.headers.get('x-ratelimit-reset')) * 1000).toBe(resetAt);
  });

  it('github: the day window is the primary limit (429, remaining 0, no Retry-After); a ban is a secondary one (403)', async () => {
    server.engine.headerProfile.set('github');
    const primary = createKey(server.engine, 'enterprise', { perMinute: 100, perDay: 2 });
    await get(primary.key);
    const last = await get(primary.key);
    expect(last.headers.get('x-ratelimit-used')).toBe('2');
    const refused = await get(primary.key);
    await expectError(refused, 429, 'rate_limited');
    expect(refused.headers.get('retry-after')).toBeNull();
    expect(refused.headers.get('x-ratelimit-remaining')).toBe('0');
    expect(Number(refused.headers.get('x-ratelimit-reset'))).toBeGreaterThan(T0 / 1000);
    expect(refused.headers.get('x-ratelimit-resource')).toBe('core');

    const secondary = createKey(server.engine, 'enterprise', { perMinute: 1, perDay: 100 });
    await get(secondary.key);
    let answer = await get(secondary.key);
    await expectError(answer.clone(), 403, 'rate_limited');
    // Ten more after the 403 before the window resets: banned, and the ban is answered 403 too.
    for (let i = 0; i < 11; i++) answer = await get(secondary.key);
    await expectError(answer.clone(), 403, 'api_key_banned');
    expect(Number(answer.headers.get('retry-after'))).toBeGreaterThan(60);
  });

  it('malformed: the draft’s fields cannot be used, Retry-After and X-RateLimit-* can', async () => {
    server.engine.headerProfile.set('malformed');
    const { key } = createKey(server.engine, 'enterprise', { perMinute: 1, perDay: 100 });
    const ok = await get(key);
    expect(() => parseList(ok.headers.get('ratelimit-policy') ?? '')).toThrow();
    expect(ok.headers.get('x-ratelimit-remaining')).toBe('0');
    const refused = await get(key);
    expect(refused.headers.get('retry-after')).toBe('30');
  });

  it('a malformed request answered on the socket wears the profile too, and the request log keeps the head as sent', async () => {
    server.engine.headerProfile.set('ietf');
    const raw = await rawRequest(server.running.port, 'GARBAGE\r\n\r\n');
    expect(raw.status).toBe(400);
    expect(raw.headers['ratelimit']).toBeDefined();
    expect(raw.headers['x-ratelimit-limit']).toBeUndefined();

    server.engine.headerProfile.set('github');
    const { key } = createKey(server.engine, 'enterprise', { perMinute: 5, perDay: 100 });
    expect((await get(key)).status).toBe(200);
    const logged = server.engine.requestLog.list({ limit: 10 });
    const github = logged.find((request) => request.status === 200);
    expect(github?.headers['x-ratelimit-used']).toBe('1');
    expect(github?.headers['ratelimit']).toBeUndefined();
    const socketAnswer = logged.find((request) => request.status === 400);
    expect(socketAnswer?.headers['ratelimit']).toBeDefined();
    expect(socketAnswer?.headers['x-ratelimit-limit']).toBeUndefined();
  });
});

describe('the OpenAPI document follows the active profile', () => {
  const documentOf = async () => (await (await fetch(server.url('/openapi.json'))).json()) as OpenAPIV3.Document;
  const responses = (doc: OpenAPIV3.Document) =>
    doc.paths['/pets']?.get?.responses as Record<string, OpenAPIV3.ResponseObject>;

  it('documents each profile’s headers and refusals, valid every time, and the standard one again when set back', async () => {
    const standard = await documentOf();
    expect(Object.keys(responses(standard)['200']?.headers ?? {})).toContain('X-RateLimit-Limit');
    expect(responses(standard)['403']).toBeUndefined();

    server.engine.headerProfile.set('github');
    const github = await documentOf();
    await expect(SwaggerParser.validate(structuredClone(github) as never)).resolves.toBeTruthy();
    expect(Object.keys(responses(github)['200']?.headers ?? {})).toEqual(
      expect.arrayContaining(['x-ratelimit-used', 'x-ratelimit-resource']),
    );
    expect(Object.keys(responses(github)['200']?.headers ?? {})).not.toContain('RateLimit');
    expect(responses(github)['403']?.headers?.['Retry-After']).toBeDefined();
    expect(responses(github)['403']?.description).toMatch(/secondary/);
    expect(responses(github)['429']?.headers?.['Retry-After']).toBeUndefined();
    expect(github.info.description).toContain('`github` header profile');

    server.engine.headerProfile.set('ietf');
    const ietf = await documentOf();
    expect(Object.keys(responses(ietf)['200']?.headers ?? {}).filter((name) => name !== 'Link')).toEqual([
      'RateLimit-Policy',
      'RateLimit',
    ]);

    server.engine.headerProfile.set('retry-after-date');
    const dated = await documentOf();
    expect(responses(dated)['429']?.headers?.['Retry-After']).toMatchObject({ schema: { type: 'string' } });

    server.engine.headerProfile.set('no-retry-after');
    expect(responses(await documentOf())['429']?.headers?.['Retry-After']).toBeUndefined();

    server.engine.headerProfile.set('standard');
    expect(await documentOf()).toEqual(standard);
  });
});
