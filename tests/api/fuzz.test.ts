import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NewPetSchema, type Pet } from '../../src/shared/pet';
import { AnonymousBudget, startTestServer, type TestServer } from '../helpers/api-server';
import { bearer, expectError, jsonHeaders } from '../helpers/http';

const NUM_RUNS = 150;
const SEEDED_CATEGORIES = new Set([1, 2, 3, 4]);

let server: TestServer;
let budget: AnonymousBudget;

beforeAll(async () => {
  server = await startTestServer();
  budget = new AnonymousBudget(server.clock);
});

afterAll(async () => {
  await server?.stop();
});

/** Never a 5xx; any failure is the contract's Error body (a 429 included). Returns the body text. */
async function expectWellBehaved(response: Response): Promise<string> {
  expect(response.status).toBeLessThan(500);
  if (response.status < 300) return response.text();
  const body = await expectError(response.clone(), response.status);
  if (response.status === 429) expect(['rate_limited', 'api_key_banned']).toContain(body.code);
  return response.text();
}

/** What the server sees of a string body: fetch sends UTF-8, so lone surrogates become U+FFFD. */
function asSent(text: string): string {
  return new TextDecoder().decode(new TextEncoder().encode(text));
}

/** The oracle for POST /pets: the NewPet rules plus "the category exists". */
function shouldCreate(body: string): { name: string } | undefined {
  let parsed: unknown;
  try {
    parsed = JSON.parse(asSent(body).replace(/^\uFEFF/, ''));
  } catch {
    return undefined;
  }
  const result = NewPetSchema.safeParse(parsed);
  if (!result.success || !SEEDED_CATEGORIES.has(result.data.categoryId)) return undefined;
  return { name: result.data.name };
}

const printableAscii = fc.string({ unit: 'binary-ascii' }).map((text) => text.replace(/[^\x20-\x7e]/g, ''));

const newPetLike = fc
  .record(
    {
      name: fc.oneof(fc.string({ unit: 'grapheme' }), fc.string({ unit: 'binary' }), fc.jsonValue()),
      categoryId: fc.oneof(fc.integer({ min: -3, max: 8 }), fc.double(), fc.constantFrom(2 ** 53, 1e300, '1', null), fc.jsonValue()),
      status: fc.oneof(fc.constantFrom('available', 'pending', 'sold'), fc.string(), fc.jsonValue()),
      extra: fc.jsonValue(),
    },
    { requiredKeys: [] },
  )
  .map((record) => JSON.stringify(record));

const validNewPet = fc
  .record(
    {
      name: fc.string({ unit: 'grapheme', minLength: 1, maxLength: 60 }).filter((name) => name.trim().length > 0),
      categoryId: fc.constantFrom(...SEEDED_CATEGORIES),
      status: fc.constantFrom('available', 'pending', 'sold'),
    },
    { requiredKeys: ['name', 'categoryId'] },
  )
  .map((record) => JSON.stringify(record));

const postBodies = fc.oneof(validNewPet, newPetLike, fc.json(), fc.string({ unit: 'binary' }), fc.string({ unit: 'grapheme-ascii' }));

describe('fuzzing the public API never yields a 5xx or a malformed error', () => {
  it('POST /v1/pets with arbitrary bodies: 201 exactly when the body is a valid NewPet', async () => {
    const before = server.engine.services.pets.count();
    let created = 0;
    await fc.assert(
      fc.asyncProperty(postBodies, async (body) => {
        const response = await fetch(`${server.baseUrl}/pets`, { method: 'POST', headers: jsonHeaders(server.key), body });
        const text = await expectWellBehaved(response);
        const expected = shouldCreate(body);
        if (response.status === 429) return;
        if (expected) {
          expect(response.status, text).toBe(201);
          expect((JSON.parse(text) as Pet).name).toBe(expected.name);
          created += 1;
        } else {
          expect(response.status, text).toBe(400);
        }
      }),
      { numRuns: NUM_RUNS * 2 },
    );
    expect(created).toBeGreaterThan(0);
    expect(server.engine.services.pets.count()).toBe(before + created);
  });

  it('GET /v1/pets with arbitrary query strings', async () => {
    const pair = fc.tuple(fc.oneof(fc.constantFrom('limit', 'status', 'cursor'), fc.string()), fc.oneof(fc.string({ unit: 'binary' }), fc.integer().map(String), fc.constantFrom('available', 'sold', '')));
    const encoded = fc.array(pair, { maxLength: 4 }).map((pairs) => new URLSearchParams(pairs).toString());
    const rawQuery = fc.oneof(printableAscii, fc.webQueryParameters());
    await fc.assert(
      fc.asyncProperty(fc.oneof(encoded, rawQuery), async (query) => {
        const response = await fetch(`${server.baseUrl}/pets?${query}`, { headers: bearer(server.key) });
        const text = await expectWellBehaved(response);
        if (response.status === 200) expect(Array.isArray(JSON.parse(text))).toBe(true);
        else expect([400, 429]).toContain(response.status);
      }),
      { numRuns: NUM_RUNS },
    );
  });

  it('arbitrary paths and methods under /v1/', async () => {
    const segment = fc.oneof(fc.string({ unit: 'binary' }).map(encodeURIComponent), printableAscii.map((text) => text.replace(/[?#%]/g, '')), fc.constantFrom('pets', 'openapi.json', '1', '..', '.'));
    const method = fc.constantFrom('GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS');
    await fc.assert(
      fc.asyncProperty(fc.array(segment, { minLength: 1, maxLength: 4 }), method, async (segments, verb) => {
        const response = await fetch(`${server.baseUrl}/${segments.join('/')}`, {
          method: verb,
          headers: jsonHeaders(server.key),
          ...(verb === 'GET' || verb === 'OPTIONS' ? {} : { body: '{}' }),
        });
        await expectWellBehaved(response);
        if (verb === 'OPTIONS' && response.status === 204) expect(response.headers.get('allow')).toBeTruthy();
      }),
      { numRuns: NUM_RUNS },
    );
  });

  it('arbitrary Authorization headers: 200 only for "Bearer <the key>", else 401', async () => {
    const header = fc.oneof(
      printableAscii,
      printableAscii.map((text) => `Bearer ${text}`),
      fc.tuple(fc.constantFrom('Bearer', 'bearer', 'BEARER', 'Basic', 'Token', ''), fc.constantFrom(' ', '  ', '\t'), printableAscii).map(([scheme, gap, tail]) => `${scheme}${gap}${server.key}${tail}`),
    );
    await fc.assert(
      fc.asyncProperty(header, async (authorization) => {
        const valid = new RegExp(`^\\s*bearer\\s+${server.key}\\s*$`, 'i').test(authorization);
        if (!valid) budget.spend();
        const response = await fetch(`${server.baseUrl}/pets?limit=1`, { headers: { authorization } });
        await expectWellBehaved(response);
        if (response.status !== 429) expect(response.status).toBe(valid ? 200 : 401);
        if (response.status === 401) expect(response.headers.get('www-authenticate') ?? '').toMatch(/^Bearer\b/);
      }),
      { numRuns: NUM_RUNS },
    );
  });

  it('arbitrary Content-Type headers on a valid body: 201 for JSON, else 415 (or 400)', async () => {
    const contentType = fc.oneof(
      printableAscii,
      fc.tuple(fc.constantFrom('application/json', 'APPLICATION/JSON', 'text/plain', 'application/json-patch+json'), printableAscii).map(([type, tail]) => `${type}${tail}`),
      fc.constantFrom('application/json', 'application/json; charset=utf-8', 'multipart/form-data; boundary=x', 'application/x-www-form-urlencoded'),
    );
    await fc.assert(
      fc.asyncProperty(contentType, async (type) => {
        const response = await fetch(`${server.baseUrl}/pets`, { method: 'POST', headers: { ...bearer(server.key), 'content-type': type }, body: JSON.stringify({ name: 'Typed', categoryId: 1 }) });
        await expectWellBehaved(response);
        expect([201, 400, 415, 429]).toContain(response.status);
        const mediaType = type.split(';')[0]?.trim().toLowerCase();
        if (response.status !== 429 && mediaType !== 'application/json') expect(response.status).toBe(415);
        if (response.status !== 429 && /^application\/json\s*(;\s*charset=utf-8)?$/i.test(type.trim())) expect(response.status).toBe(201);
      }),
      { numRuns: NUM_RUNS },
    );
  });
});
