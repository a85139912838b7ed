import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Pet } from '../../src/shared/pet';
import { AnonymousBudget, startTestServer, type TestServer } from '../helpers/api-server';
import { bearer, expectError, expectRateLimitHeaders, jsonHeaders, linkTargets } from '../helpers/http';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
  // 45 pets: 15 of each status, in id order available, pending, sold, available, ...
  const statuses = ['available', 'pending', 'sold'] as const;
  server.engine.services.pets.importMany(
    Array.from({ length: 45 }, (_, i) => ({ name: `Seed ${i + 1}`, categoryId: (i % 4) + 1, status: statuses[i % 3] })),
  );
});

afterAll(async () => {
  await server?.stop();
});

const get = (path: string, headers: Record<string, string> = bearer(server.key)) =>
  fetch(`${server.baseUrl}${path}`, { headers });
const post = (body: string, headers: Record<string, string> = jsonHeaders(server.key)) =>
  fetch(`${server.baseUrl}/pets`, { method: 'POST', headers, body });

async function listAll(query: string): Promise<{ pets: Pet[]; pages: number }> {
  const pets: Pet[] = [];
  let url: string | undefined = `${server.baseUrl}/pets?${query}`;
  let pages = 0;
  while (url) {
    const response: Response = await fetch(url, { headers: bearer(server.key) });
    expect(response.status).toBe(200);
    pets.push(...((await response.json()) as Pet[]));
    const next = linkTargets(response.headers.get('link'), 'next');
    expect(next.length).toBeLessThanOrEqual(1);
    url = next[0];
    if (url) expect(url.startsWith(`${server.baseUrl}/pets?`)).toBe(true);
    pages += 1;
    expect(pages).toBeLessThan(100);
  }
  return { pets, pages };
}

describe('GET /v1/pets', () => {
  it('returns a JSON array of at most 20 pets by default, in id order', async () => {
    const response = await get('/pets');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    const pets = (await response.json()) as Pet[];
    expect(pets).toHaveLength(20);
    expect(pets[0]).toEqual({ id: expect.any(Number), name: 'Seed 1', categoryId: 1, status: 'available' });
    expect(Object.keys(pets[0] ?? {}).sort()).toEqual(['categoryId', 'id', 'name', 'status']);
    expect(pets.map((pet) => pet.id)).toEqual([...pets.map((pet) => pet.id)].sort((a, b) => a - b));
    expect(linkTargets(response.headers.get('link'), 'next')).toHaveLength(1);
  });

  it.each([1, 7, 45, 100])('honours limit=%i', async (limit) => {
    const response = await get(`/pets?limit=${limit}`);
    expect(response.status).toBe(200);
    expect(await response.json()).toHaveLength(Math.min(limit, 45));
  });

  it.each(['0', '101', '-1', 'abc', '1.5', '', 'Infinity', '20&limit=30'])(
    'refuses limit=%s with 400',
    async (limit) => {
      const body = await expectError(await get(`/pets?limit=${limit}`), 400, 'validation_failed');
      expect(body.message).toMatch(/limit/);
    },
  );

  // The document says `type: integer`; other spellings of a number are not integers on the wire.
  it.each(['1e1', '0x10', '0b11', '10.0', '+5', '%205'])(
    'refuses the non-decimal spelling limit=%s with 400',
    async (limit) => {
      const body = await expectError(await get(`/pets?limit=${limit}`), 400, 'validation_failed');
      expect(body.message).toMatch(/limit/);
    },
  );

  it('filters by status and pages within the filter', async () => {
    for (const status of ['available', 'pending', 'sold']) {
      const { pets, pages } = await listAll(`status=${status}&limit=4`);
      expect(pets).toHaveLength(15);
      expect(pages).toBe(4);
      expect(pets.every((pet) => pet.status === status)).toBe(true);
    }
  });

  it.each(['adopted', 'AVAILABLE', ''])('refuses status=%s with 400', async (status) => {
    const body = await expectError(await get(`/pets?status=${status}`), 400, 'validation_failed');
    expect(body.message).toMatch(/status/);
  });

  it.each([7, 9, 15, 45, 100])(
    'follows Link rel="next" with limit=%i: every pet once, no gaps, none on the last page',
    async (limit) => {
      const { pets, pages } = await listAll(`limit=${limit}`);
      const ids = pets.map((pet) => pet.id);
      expect(new Set(ids).size).toBe(45);
      expect(ids).toEqual(server.engine.services.pets.browse({ limit: 500 }).pets.map((pet) => pet.id));
      expect(pages).toBe(Math.ceil(45 / limit));
    },
  );

  it('refuses garbage cursors with 400, never 5xx', async () => {
    const base64 = (text: string) => Buffer.from(text).toString('base64url');
    const cursors = [
      'x',
      'garbage!',
      '%00',
      '%F0%9F%90%B6',
      base64('junk'),
      base64('after:'),
      base64('after:0'),
      base64('after:-5'),
      base64('after:1.5'),
      base64('after:99999999999999999999'),
      base64('before:3'),
      Buffer.from('after:3').toString('base64'),
      'A'.repeat(5_000),
      base64(`after:${'9'.repeat(300)}`),
    ];
    for (const cursor of cursors) {
      const body = await expectError(await get(`/pets?cursor=${cursor}`), 400, 'validation_failed');
      expect(body.message).toMatch(/cursor/);
    }
    await expectError(await get('/pets?cursor=a&cursor=b'), 400, 'validation_failed');
  });

  it('ignores unknown query parameters and still applies the known ones', async () => {
    const response = await get('/pets?limit=2&colour=red');
    expect(response.status).toBe(200);
    expect(await response.json()).toHaveLength(2);
  });
});

describe('POST /v1/pets', () => {
  it('creates a pet: 201, the Pet, a Location that serves it', async () => {
    const response = await post(JSON.stringify({ name: '  Biscuit  ', categoryId: 1 }));
    expect(response.status).toBe(201);
    const pet = (await response.json()) as Pet;
    expect(pet).toEqual({ id: expect.any(Number), name: 'Biscuit', categoryId: 1, status: 'available' });
    const location = response.headers.get('location');
    expect(location).toBe(`${server.baseUrl}/pets/${pet.id}`);
    const fetched = await fetch(location ?? '', { headers: bearer(server.key) });
    expect(await fetched.json()).toEqual(pet);
  });

  it('keeps a given status', async () => {
    const response = await post(JSON.stringify({ name: 'Pip', categoryId: 4, status: 'pending' }));
    expect(response.status).toBe(201);
    expect(await response.json()).toMatchObject({ name: 'Pip', status: 'pending' });
  });

  it.each([
    ['emoji', '🐶 Rex 🐾'],
    ['ZWJ family and flag', '👩‍👩‍👧‍👦 🏳️‍🌈'],
    ['combining marks (NFD kept as sent)', 'Zoe\u0301 Ame\u0301lie'],
    ['precomposed', 'Zoé'],
    ['RTL', 'قطة صغيرة'],
    ['RTL with bidi marks', '\u202Eשלום\u202C'],
    ['CJK', '小狗ポチ강아지'],
    ['astral ideograph', '𠮷野家'],
    ['inner whitespace', 'Mr.  Whiskers the\u00A0Third\u3000Jr'],
    ['quotes and markup', `"O'Malley" <b>&amp;</b> \\`],
  ])('stores and returns Unicode exactly: %s', async (_label, name) => {
    const response = await post(JSON.stringify({ name, categoryId: 2 }));
    expect(response.status).toBe(201);
    const created = (await response.json()) as Pet;
    expect(created.name).toBe(name);
    const fetched = (await (await get(`/pets/${created.id}`)).json()) as Pet;
    expect(fetched.name).toBe(name);
    expect(server.engine.services.pets.get(created.id)?.name).toBe(name);
  });

  it('trims outer whitespace only', async () => {
    const response = await post(JSON.stringify({ name: ' \n\t 🐱 Tom \u3000', categoryId: 2 }));
    expect(await response.json()).toMatchObject({ name: '🐱 Tom' });
  });

  it('accepts a name of 200 characters and refuses 201', async () => {
    expect((await post(JSON.stringify({ name: 'n'.repeat(200), categoryId: 1 }))).status).toBe(201);
    const body = await expectError(
      await post(JSON.stringify({ name: 'n'.repeat(201), categoryId: 1 })),
      400,
      'validation_failed',
    );
    expect(body.message).toMatch(/name/);
  });

  it("counts the name in characters (code points), as the document's maxLength does", async () => {
    expect((await post(JSON.stringify({ name: '🐶'.repeat(200), categoryId: 1 }))).status).toBe(201);
    await expectError(await post(JSON.stringify({ name: '🐶'.repeat(201), categoryId: 1 })), 400, 'validation_failed');
  });

  it.each([
    ['categoryId as a string', { name: 'A', categoryId: '1' }, /categoryId/],
    ['categoryId 1.5', { name: 'A', categoryId: 1.5 }, /categoryId/],
    ['categoryId 0', { name: 'A', categoryId: 0 }, /categoryId/],
    ['categoryId negative', { name: 'A', categoryId: -1 }, /categoryId/],
    ['categoryId 2^53', { name: 'A', categoryId: 2 ** 53 }, /categoryId/],
    ['categoryId null', { name: 'A', categoryId: null }, /categoryId/],
    ['categoryId true', { name: 'A', categoryId: true }, /categoryId/],
    ['categoryId of no category', { name: 'A', categoryId: 999 }, /categoryId/],
    ['name a number', { name: 42, categoryId: 1 }, /name/],
    ['name empty', { name: '', categoryId: 1 }, /name/],
    ['name blank', { name: '   ', categoryId: 1 }, /name/],
    ['name missing', { categoryId: 1 }, /name/],
    ['categoryId missing', { name: 'A' }, /categoryId/],
    ['status unknown', { name: 'A', categoryId: 1, status: 'adopted' }, /status/],
    ['status null', { name: 'A', categoryId: 1, status: null }, /status/],
    ['unknown field', { name: 'A', categoryId: 1, colour: 'red' }, /colour/],
    ['id given', { id: 5, name: 'A', categoryId: 1 }, /id/],
  ])('refuses %s with 400 naming the field', async (_label, input, field) => {
    const body = await expectError(await post(JSON.stringify(input)), 400, 'validation_failed');
    expect(body.message).toMatch(field);
  });

  it.each([
    ['1e300', '{"name":"A","categoryId":1e300}'],
    ['9007199254740993', '{"name":"A","categoryId":9007199254740993}'],
    ['an array body', '[{"name":"A","categoryId":1}]'],
    ['a string body', '"A"'],
    ['null body', 'null'],
    ['malformed JSON', '{"name":"A",'],
    ['trailing garbage', '{"name":"A","categoryId":1} x'],
    ['empty body', ''],
  ])('refuses %s with 400', async (_label, raw) => {
    await expectError(await post(raw), 400, 'validation_failed');
  });

  it('refuses a non-JSON content type with 415', async () => {
    const body = JSON.stringify({ name: 'A', categoryId: 1 });
    for (const type of ['text/plain', 'application/x-www-form-urlencoded', 'application/xml']) {
      await expectError(
        await post(body, { ...bearer(server.key), 'content-type': type }),
        415,
        'unsupported_media_type',
      );
    }
  });

  it('refuses a compressed body with 415 and Accept-Encoding: identity, rather than calling it malformed JSON', async () => {
    const gzipped = gzipSync(JSON.stringify({ name: 'Squeezed', categoryId: 1 }));
    for (const encoding of ['gzip', 'br', 'deflate, gzip']) {
      const response = await fetch(`${server.baseUrl}/pets`, {
        method: 'POST',
        headers: { ...jsonHeaders(server.key), 'content-encoding': encoding },
        body: gzipped,
      });
      expect(response.headers.get('accept-encoding')).toBe('identity');
      const body = await expectError(response, 415, 'unsupported_media_type');
      expect(body.message).toMatch(/Content-Encoding/);
    }
    const identity = await post(JSON.stringify({ name: 'Plain', categoryId: 1 }), {
      ...jsonHeaders(server.key),
      'content-encoding': 'identity',
    });
    expect(identity.status).toBe(201);
  });

  it('accepts application/json with a charset', async () => {
    const response = await post(JSON.stringify({ name: 'Charset', categoryId: 1 }), {
      ...bearer(server.key),
      'content-type': 'application/json; charset=utf-8',
    });
    expect(response.status).toBe(201);
  });

  it('refuses a body over 1 MiB with 413', async () => {
    const huge = JSON.stringify({ name: 'A', categoryId: 1, padding: 'x'.repeat(1024 * 1024) });
    await expectError(await post(huge), 413, 'payload_too_large');
  });

  it('stored nothing for any refused request', async () => {
    const names = server.engine.services.pets.browse({ limit: 500 }).pets.map((pet) => pet.name);
    expect(names).not.toContain('A');
  });
});

describe('GET /v1/pets/{petId} (deprecated)', () => {
  const sunset = 'Thu, 05 Dec 2030 00:00:00 GMT';

  function expectDeprecationHeaders(response: Response): void {
    expect(response.headers.get('deprecation')).toBe('@1767225600');
    expect(response.headers.get('sunset')).toBe(sunset);
    expect(linkTargets(response.headers.get('link'), 'successor-version')).toEqual([`${server.baseUrl}/pets`]);
  }

  it('returns the pet with Deprecation, Sunset and a successor Link', async () => {
    const pet = server.engine.services.pets.create({ name: 'Fetch me', categoryId: 3 });
    const response = await get(`/pets/${pet.id}`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual(pet);
    expectDeprecationHeaders(response);
  });

  it('answers 404 for a pet that does not exist, with the same headers', async () => {
    const response = await get('/pets/999999');
    expectDeprecationHeaders(response);
    await expectError(response, 404, 'not_found');
    await expectError(await get('/pets/9223372036854775807'), 404, 'not_found');
  });

  it.each(['abc', '0', '-1', '1.5', '01', '1e3', '%20', '9223372036854775808', '99999999999999999999999'])(
    'refuses petId %s with 400',
    async (petId) => {
      const response = await get(`/pets/${petId}`);
      expectDeprecationHeaders(response);
      const body = await expectError(response, 400, 'validation_failed');
      expect(body.message).toMatch(/petId/);
    },
  );

  it('carries the headers on a 401 too', async () => {
    const response = await get('/pets/1', {});
    expectDeprecationHeaders(response);
    await expectError(response, 401, 'unauthorized');
  });

  it('answers 410 gone from the sunset on, with the headers', async () => {
    const pet = server.engine.services.pets.create({ name: 'Soon gone', categoryId: 1 });
    const before = server.clock.now();
    try {
      server.clock.set(Date.UTC(2030, 11, 4, 23, 59, 59));
      expect((await get(`/pets/${pet.id}`)).status).toBe(200);
      server.clock.set(Date.UTC(2030, 11, 5));
      const response = await get(`/pets/${pet.id}`);
      expectDeprecationHeaders(response);
      await expectError(response, 410, 'gone');
      server.clock.set(Date.UTC(2031, 0, 1));
      await expectError(await get('/pets/999999'), 410, 'gone');
      expect((await get('/pets?limit=1')).status).toBe(200);
    } finally {
      server.clock.set(before);
    }
  });
});

describe('unknown paths and methods', () => {
  it.each(['/', '/pet', '/pets/1/owner', '/store/orders', '/PETS', '/openapi'])(
    'answers 404 not_found for %s',
    async (path) => {
      await expectError(await get(path), 404, 'not_found');
    },
  );

  it.each(['/v2/pets', '/', '/foo'])('answers 404 outside /v1 too (%s), with the rate-limit headers', async (path) => {
    const budget = new AnonymousBudget(server.clock);
    budget.spend();
    const response = await fetch(`${new URL(server.baseUrl).origin}${path}`);
    expectRateLimitHeaders(response.headers);
    await expectError(response, 404, 'not_found');
  });

  it.each([
    ['DELETE', '/pets', ['GET', 'POST']],
    ['PUT', '/pets', ['GET', 'POST']],
    ['PATCH', '/pets/1', ['GET']],
    ['DELETE', '/pets/1', ['GET']],
    ['POST', '/pets/1', ['GET']],
    ['POST', '/openapi.json', ['GET']],
  ])('answers %s %s with 405 and an Allow header', async (method, path, mustAllow) => {
    const response = await fetch(`${server.baseUrl}${path}`, { method, headers: bearer(server.key) });
    const allow = (response.headers.get('allow') ?? '').split(',').map((part) => part.trim());
    for (const allowed of mustAllow) expect(allow).toContain(allowed);
    expect(allow).not.toContain(method);
    const body = await expectError(response, 405, 'method_not_allowed');
    expect(body.message).toContain(method);
  });

  it('answers unknown paths and wrong methods the same way without a key', async () => {
    const budget = new AnonymousBudget(server.clock);
    budget.spend();
    await expectError(await fetch(`${server.baseUrl}/nothing-here`), 404, 'not_found');
    budget.spend();
    await expectError(await fetch(`${server.baseUrl}/pets`, { method: 'DELETE' }), 405, 'method_not_allowed');
  });
});
