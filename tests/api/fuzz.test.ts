/**
 * Property tests of the public API against an independent oracle (tests/helpers/contract-oracle.ts,
 * written from the contract's words, not from the server's schemas). Requests go over raw sockets,
 * so malformed percent-encodings, dot segments and over-long ids reach the server as sent.
 * Names that only the pending pet-name rules decide are left to pet-names-api.test.ts, and the
 * Authorization and Content-Type headers to fuzz-headers.test.ts.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/api-server';
import { createVerdict, listVerdict, PET_STATUSES, routeVerdict, type PetStatusWord } from '../helpers/contract-oracle';
import { expectWellBehaved, sendRaw } from '../helpers/fuzz-requests';
import { bearer, linkTargets } from '../helpers/http';

const NUM_RUNS = 150;

interface ListedPet {
  id: number;
  name: string;
  categoryId: number;
  status: PetStatusWord;
}

let server: TestServer;
let categories: Set<number>;
/** Cursors the server issued in Link rel="next", with the last id of the page that announced them. */
const issuedCursors = new Map<string, number>();

beforeAll(async () => {
  server = await startTestServer();
  categories = new Set(server.engine.services.categories.list().map((category) => category.id));
  server.engine.services.pets.importMany(
    Array.from({ length: 60 }, (_, i) => ({ name: `Seed ${i}`, categoryId: (i % 4) + 1, status: PET_STATUSES[i % 3] })),
  );
  for (const query of ['limit=7', 'limit=4&status=pending']) {
    let target: string | undefined = `${server.baseUrl}/pets?${query}`;
    while (target) {
      const response: Response = await fetch(target, { headers: bearer(server.key) });
      const page = (await response.json()) as ListedPet[];
      target = linkTargets(response.headers.get('link'), 'next')[0];
      const cursor = target ? new URL(target).searchParams.get('cursor') : null;
      if (cursor) issuedCursors.set(cursor, page.at(-1)?.id ?? 0);
    }
  }
});

afterAll(async () => {
  await server?.stop();
});

/** One request, byte for byte, on its own connection. */
const send = (method: string, target: string, headers: Record<string, string> = {}, body = '') =>
  sendRaw(server.port, method, target, headers, body);

const withKey = () => bearer(server.key);

/** What the server stores a pet as, for comparing with an answer. */
function storedPet(id: number): ListedPet | undefined {
  return Number.isSafeInteger(id) ? server.engine.services.pets.get(id) : undefined;
}

// --- generators -------------------------------------------------------------------------------

/** Percent-encodings that are not valid UTF-8 escapes, sent raw. */
const malformedEscape = fc.constantFrom(
  '%',
  '%z',
  '%zz',
  '%ff',
  '%FF%FE',
  '%E2%82',
  '%ED%A0%80',
  '%C0%AF',
  '%%',
  '1%',
  '%2',
);
const encoded = (text: fc.Arbitrary<string>) => text.map(encodeURIComponent);

const newPetLike = fc
  .record(
    {
      name: fc.oneof(
        fc.string({ unit: 'grapheme' }),
        fc.string({ unit: 'binary' }),
        fc.string({ unit: 'grapheme', minLength: 195, maxLength: 205 }),
        fc.jsonValue(),
      ),
      categoryId: fc.oneof(
        fc.integer({ min: -3, max: 8 }),
        fc.double(),
        fc.constantFrom(2 ** 53, 2 ** 53 - 1, 1e300, '1', null, 1.5),
        fc.jsonValue(),
      ),
      status: fc.oneof(
        fc.constantFrom(...PET_STATUSES),
        fc.constantFrom('SOLD', 'adopted', '', null),
        fc.string(),
        fc.jsonValue(),
      ),
      extra: fc.jsonValue(),
    },
    { requiredKeys: [] },
  )
  .map((record) => JSON.stringify(record));

const validNewPet = fc
  .record(
    {
      name: fc.string({ unit: 'grapheme', minLength: 1, maxLength: 60 }),
      categoryId: fc.constantFrom(1, 2, 3, 4),
      status: fc.constantFrom(...PET_STATUSES),
    },
    { requiredKeys: ['name', 'categoryId'] },
  )
  .map((record) => JSON.stringify(record));

const rawJsonTweaks = fc.constantFrom(
  '{"name":"Tweaked","categoryId":1.0}',
  '{"name":"Tweaked","categoryId":1e0}',
  '{"name":"Tweaked","categoryId":1,"name":"Again"}',
  '\uFEFF{"name":"Bom","categoryId":1}',
  '{"name":"Proto","categoryId":1,"__proto__":{"x":1}}',
  '{"name":"A","categoryId":-0}',
  '{"name":"A","categoryId":1e400}',
  ' \n{"name":"Spaced","categoryId":3} \t',
  '{"name":"A","categoryId":1}x',
  '[]',
  'null',
);

const postBodies = fc.oneof(
  validNewPet,
  newPetLike,
  rawJsonTweaks,
  fc.json(),
  fc.string({ unit: 'binary' }),
  fc.string({ unit: 'grapheme-ascii' }),
);

const limitText = fc.oneof(
  fc.stringMatching(/^[0-9]{0,25}$/),
  fc.integer({ min: -5, max: 130 }).map(String),
  fc.constantFrom('1e1', '+5', '0x10', '5.0', ' 5', '5 ', '', '020', '0100', '１０', 'Infinity', 'NaN'),
);
const limitWire = fc.oneof(encoded(limitText), malformedEscape, fc.constantFrom('%35', '%31%30', '1%30', '+5', '%2B5'));
const statusWire = fc.oneof(
  encoded(
    fc.oneof(
      fc.constantFrom(...PET_STATUSES),
      fc.constantFrom('SOLD', 'Available', 'adopted', '', 'sold ', 'sold\u0000'),
      fc.string(),
    ),
  ),
  fc.constantFrom('%73old', 'sol%64', 'pend%69ng', 'sold+'),
  malformedEscape,
);
/** Built once the cursors have been collected. */
const cursorWire = () =>
  fc.oneof(
    fc.constantFrom(...issuedCursors.keys()),
    encoded(fc.string()),
    malformedEscape,
    fc.constantFrom('', 'YWZ0ZXI6', '%41%41'),
  );
const keyWire = fc.oneof(
  fc.constantFrom('limit', 'status', 'cursor'),
  fc.constantFrom('li%6Dit', 'LIMIT', 'limit%20', 'sta%74us', 'cur%73or', 'limit[]'),
  encoded(fc.string({ maxLength: 8 })),
  malformedEscape,
);

// --- properties -------------------------------------------------------------------------------

describe('fuzzing the public API against the contract', () => {
  it('POST /v1/pets with arbitrary bodies: 201 with the stored pet exactly when the contract accepts the body, else 400', async () => {
    const before = server.engine.services.pets.count();
    let created = 0;
    await fc.assert(
      fc.asyncProperty(postBodies, async (body) => {
        const response = await send('POST', '/v1/pets', { ...withKey(), 'content-type': 'application/json' }, body);
        expectWellBehaved(response);
        const verdict = createVerdict(body, categories);
        expect(response.status, `${body} → ${response.body}`).toBe(verdict.status);
        if (verdict.status === 201) {
          const pet = JSON.parse(response.body) as ListedPet;
          expect(pet).toEqual({ id: expect.any(Number), ...verdict.pet });
          expect(response.headers.location).toBe(`http://127.0.0.1:${server.port}/v1/pets/${pet.id}`);
          expect(storedPet(pet.id)).toEqual(pet);
          created += 1;
        }
      }),
      { numRuns: NUM_RUNS * 2 },
    );
    expect(created).toBeGreaterThan(0);
    expect(server.engine.services.pets.count()).toBe(before + created);
  });

  it('GET /v1/pets with arbitrary queries, malformed escapes included: 200 with a correct page exactly when the contract allows the query, else 400 naming the parameter', async () => {
    const pair = fc.oneof(
      fc.tuple(keyWire, fc.oneof(limitWire, statusWire, cursorWire())).map(([key, value]) => `${key}=${value}`),
      keyWire,
    );
    const query = fc.array(pair, { maxLength: 4 }).map((pairs) => pairs.join('&'));
    await fc.assert(
      fc.asyncProperty(query, async (raw) => {
        const response = await send('GET', `/v1/pets?${raw}`, withKey());
        expectWellBehaved(response);
        const verdict = listVerdict(raw, new Set(issuedCursors.keys()));
        expect(response.status, `?${raw} → ${response.body}`).toBe(verdict.status);
        if (verdict.status === 400) {
          const { message } = JSON.parse(response.body) as { message: string };
          expect(
            verdict.fields.some((field) => message.includes(field)),
            message,
          ).toBe(true);
          return;
        }
        const page = JSON.parse(response.body) as ListedPet[];
        expect(page.length).toBeLessThanOrEqual(verdict.limit);
        const ids = page.map((pet) => pet.id);
        expect(ids).toEqual([...ids].sort((a, b) => a - b));
        expect(new Set(ids).size).toBe(ids.length);
        if (verdict.filter) expect(page.every((pet) => pet.status === verdict.filter)).toBe(true);
        if (verdict.cursor !== undefined)
          expect(ids.every((id) => id > (issuedCursors.get(verdict.cursor ?? '') ?? 0))).toBe(true);
        for (const pet of page) expect(storedPet(pet.id)).toEqual(pet);
      }),
      { numRuns: NUM_RUNS * 2 },
    );
  });

  it('GET /v1/pets/{petId} with arbitrary ids, over-long and malformed ones included: 200/404 for an int64, else 400', async () => {
    const existing = server.engine.services.pets.browse({ limit: 50 }).pets.map((pet) => String(pet.id));
    const idText = fc.oneof(
      fc.constantFrom(...existing),
      fc.bigInt({ min: 1n, max: 2n ** 63n - 1n }).map(String),
      fc.bigInt({ min: 2n ** 63n, max: 10n ** 30n }).map(String),
      fc.stringMatching(/^[0-9]{1,200}$/),
      fc.constantFrom(
        '9223372036854775807',
        '9223372036854775808',
        '0',
        '00',
        '01',
        '-1',
        '+1',
        '1.0',
        '1e3',
        '0x1',
        ' 1',
        '1 ',
        '１',
        '',
        '.',
        '..',
      ),
      fc.string(),
    );
    const idWire = fc.oneof(
      encoded(idText),
      fc.constantFrom(...existing).map((id) => `%3${id.charAt(0)}${id.slice(1)}`),
      malformedEscape,
      fc.tuple(fc.constantFrom(...existing), malformedEscape).map(([id, bad]) => `${id}${bad}`),
      fc.constantFrom('.', '..', '1%2F2', '%2e%2e', '1;2', '1%00'),
    );
    const suffix = fc.constantFrom('', '?x=1', '?limit=abc');
    await fc.assert(
      fc.asyncProperty(idWire, suffix, fc.constantFrom('GET', 'HEAD'), async (id, query, method) => {
        const head = method === 'HEAD';
        const response = await send(method, `/v1/pets/${id}${query}`, withKey());
        expectWellBehaved(response, head);
        expect(response.headers.sunset, 'getPet answers carry Sunset').toBe('Thu, 05 Dec 2030 00:00:00 GMT');
        const verdict = routeVerdict(method, `/v1/pets/${id}`);
        if (verdict.status !== 'pet') {
          expect(response.status, `${id} → ${response.body}`).toBe(verdict.status);
          if (!head && verdict.status === 400)
            expect(response.body).toMatch(verdict.reason === 'petId' ? /petId/ : /percent-encoded/);
          return;
        }
        const pet = storedPet(Number(verdict.petId));
        expect(response.status, `${id} → ${response.body}`).toBe(pet ? 200 : 404);
        if (pet && !head) expect(JSON.parse(response.body)).toEqual(pet);
      }),
      { numRuns: NUM_RUNS * 2 },
    );
  });

  it('arbitrary paths and methods, sent as-is: 404 unknown, 405 with Allow, 204 with Allow for OPTIONS, 400 for malformed escapes', async () => {
    const segment = fc.oneof(
      fc.constantFrom(
        'v1',
        'pets',
        'openapi.json',
        '1',
        '..',
        '.',
        '',
        'V1',
        'PETS',
        'p%65ts',
        '%761',
        'pets%2F1',
        '%2e%2e',
        'v2',
        'admin',
      ),
      fc.stringMatching(/^[A-Za-z0-9\-._~!$&'()*+,;=:@]{0,12}$/),
      encoded(fc.string({ unit: 'binary', maxLength: 6 })),
      malformedEscape,
    );
    const path = fc.oneof(
      fc.array(segment, { minLength: 1, maxLength: 5 }).map((segments) => `/${segments.join('/')}`),
      fc.constantFrom(
        '/v1/pets',
        '/v1/pets/1',
        '/v1/openapi.json',
        '/v1/pets/',
        '/v1',
        '/',
        '//v1/pets',
        '/v1/pets/1/',
      ),
    );
    const method = fc.constantFrom('GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS');
    await fc.assert(
      fc.asyncProperty(path, method, async (target, verb) => {
        const body = verb === 'POST' ? JSON.stringify({ name: 'Routed', categoryId: 1 }) : '';
        const headers = { ...withKey(), ...(verb === 'POST' ? { 'content-type': 'application/json' } : {}) };
        const response = await send(verb, target, headers, body);
        const head = verb === 'HEAD';
        expectWellBehaved(response, head);
        const verdict = routeVerdict(verb, target);
        const allow = (response.headers.allow ?? '').split(',').map((method) => method.trim());
        if (verdict.status === 'pet') {
          expect(response.status, `${verb} ${target}`).toBe(storedPet(Number(verdict.petId)) ? 200 : 404);
        } else {
          expect(response.status, `${verb} ${target} → ${response.body}`).toBe(verdict.status);
        }
        if (verdict.status === 405) expect(allow).toEqual(expect.arrayContaining(verdict.allow));
        if (verdict.status === 204) expect(allow).toContain('GET');
      }),
      { numRuns: NUM_RUNS * 2 },
    );
  });
});
