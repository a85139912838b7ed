/**
 * Property tests of the public API's headers against the contract (tests/helpers/contract-oracle.ts):
 * Authorization and Content-Type, sent as-is over raw sockets (fuzz.test.ts has the rest).
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AnonymousBudget, startTestServer, type TestServer } from '../helpers/api-server';
import { isBearerOf } from '../helpers/contract-oracle';
import { expectWellBehaved, sendRaw } from '../helpers/fuzz-requests';
import { bearer } from '../helpers/http';

const NUM_RUNS = 150;

let server: TestServer;
let budget: AnonymousBudget;

beforeAll(async () => {
  server = await startTestServer();
  budget = new AnonymousBudget(server.clock);
});

afterAll(async () => {
  await server?.stop();
});

const send = (method: string, target: string, headers: Record<string, string> = {}, body = '') =>
  sendRaw(server.port, method, target, headers, body);
const withKey = () => bearer(server.key);

describe("fuzzing the public API's headers against the contract", () => {
  it('arbitrary Authorization headers: 200 only for "Bearer <the key>", else 401 with WWW-Authenticate', async () => {
    const printable = fc.string({ unit: 'binary-ascii' }).map((text) => text.replace(/[^\x20-\x7e]/g, ''));
    const header = fc.oneof(
      printable,
      printable.map((text) => `Bearer ${text}`),
      fc
        .tuple(
          fc.constantFrom('Bearer', 'bearer', 'BEARER', 'Basic', 'Token', ''),
          fc.constantFrom(' ', '  ', '\t', ''),
          fc.constantFrom('', 'x', ' ', server.key.slice(0, -1)),
          fc.constantFrom('', ' ', 'x'),
        )
        .map(([scheme, gap, before, after]) => `${scheme}${gap}${before}${server.key}${after}`),
    );
    await fc.assert(
      fc.asyncProperty(header, async (authorization) => {
        const valid = isBearerOf(authorization, server.key);
        if (!valid) budget.spend();
        const response = await send('GET', '/v1/pets?limit=1', { authorization });
        expectWellBehaved(response);
        expect(response.status, JSON.stringify(authorization)).toBe(valid ? 200 : 401);
        if (response.status === 401) expect(response.headers['www-authenticate'] ?? '').toMatch(/^Bearer\b/);
      }),
      { numRuns: NUM_RUNS },
    );
  });

  it('arbitrary Content-Type headers on a valid body: 415 unless the media type is application/json', async () => {
    const printable = fc.string({ unit: 'binary-ascii' }).map((text) => text.replace(/[^\x20-\x7e]/g, ''));
    const contentType = fc.oneof(
      printable,
      fc
        .tuple(
          fc.constantFrom(
            'application/json',
            'APPLICATION/JSON',
            'text/plain',
            'application/json-patch+json',
            'application/jsonx',
          ),
          printable,
        )
        .map(([type, tail]) => `${type}${tail}`),
      fc.constantFrom(
        'application/json',
        'application/json; charset=utf-8',
        'Application/Json',
        'multipart/form-data; boundary=x',
        'application/x-www-form-urlencoded',
      ),
    );
    await fc.assert(
      fc.asyncProperty(contentType, async (type) => {
        const response = await send(
          'POST',
          '/v1/pets',
          { ...withKey(), 'content-type': type },
          JSON.stringify({ name: 'Typed', categoryId: 1 }),
        );
        expectWellBehaved(response);
        const mediaType = type.split(';')[0]?.trim().toLowerCase();
        if (mediaType !== 'application/json') expect(response.status, type).toBe(415);
        else if (/^application\/json\s*(;\s*charset=utf-8)?$/i.test(type.trim()))
          expect(response.status, type).toBe(201);
        else expect([201, 400, 415], type).toContain(response.status);
      }),
      { numRuns: NUM_RUNS },
    );
  });
});
