/**
 * docs/contract.md, "The public API" and "Plan limits" "Every response means…": every answer of the API server outside the admin pages —
 * unknown paths, errors raised before routing, malformed HTTP — is the Error body with counted
 * rate-limit headers, and a HEAD answer never has a body. Sent over raw sockets, since HTTP clients
 * would normalise or refuse these requests.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { QuotaSubject } from '../../src/main/quota/quota';
import { AnonymousBudget, createEnterpriseKey, startTestServer, type TestServer } from '../helpers/api-server';
import { expectRateLimitHeaders, expectRawError, RATE_LIMIT_HEADER_NAMES } from '../helpers/http';
import { httpRequest, rawExchange, rawRequest } from '../helpers/raw-http';

let server: TestServer;
let budget: AnonymousBudget;
const address: QuotaSubject = { kind: 'address', address: '127.0.0.1' };

beforeAll(async () => {
  server = await startTestServer({
    // Stand-ins for the admin pages that browser mode mounts with `extend`.
    extend: (app) => {
      app.get('/admin/ping', async () => ({ ok: true }));
      app.post('/admin/post-only', async () => ({ ok: true }));
    },
  });
  budget = new AnonymousBudget(server.clock);
});

afterAll(async () => {
  await server?.stop();
});

/** A request with Host and "Connection: close", sent byte for byte. */
const request = (requestLine: string, headers: Record<string, string> = {}, body = '') =>
  httpRequest(requestLine, { host: `127.0.0.1:${server.port}`, connection: 'close', ...headers }, body);

const keyAccount = (): QuotaSubject => ({ kind: 'account', accountId: server.accountId, keyId: 0 });
const usedThisMinute = (subject: QuotaSubject) =>
  server.engine.services.quota.currentUsage(subject).find((window) => window.kind === 'minute')?.used ?? NaN;

/** Sends a request and checks that it was counted once against `subject`, as its headers say. */
async function countedAnswer(subject: QuotaSubject, text: string, head = false) {
  const before = usedThisMinute(subject);
  const response = await rawRequest(server.port, text, head);
  expect(usedThisMinute(subject), 'counted once').toBe(before + 1);
  expect(Number(response.headers['x-ratelimit-remaining'])).toBe(
    Number(response.headers['x-ratelimit-limit']) - before - 1,
  );
  return response;
}

/** A request without a key: counted against 127.0.0.1. */
function anonymousAnswer(text: string, head = false) {
  budget.spend();
  return countedAnswer(address, text, head);
}

describe('errors raised before routing', () => {
  it.each([
    '/v1/pets/%ff',
    '/v1/pets/%ED%A0%80',
    '/v1/pets/%',
    '/v1/pets/%zz',
    '/v1/%ff',
    '/%ff',
    '/v2/%C3',
    '/v1/pets%E2%82',
  ])('GET %s (bad percent-encoding): 400 validation_failed with counted rate-limit headers', async (path) => {
    const body = expectRawError(await anonymousAnswer(request(`GET ${path} HTTP/1.1`)), 400, 'validation_failed');
    expect(body?.message).toMatch(/percent-encoded/);
  });

  it("with a valid key, a bad URL counts against the key's account, not the address", async () => {
    const addressBefore = usedThisMinute(address);
    const response = await countedAnswer(
      keyAccount(),
      request('GET /v1/pets/%ff HTTP/1.1', { authorization: `Bearer ${server.key}` }),
    );
    expectRawError(response, 400, 'validation_failed');
    expect(usedThisMinute(address)).toBe(addressBefore);
    expect(response.headers['x-ratelimit-limit']).toBe('1000000');
  });

  it('a bad URL meant for getPet carries its deprecation headers; one meant elsewhere does not', async () => {
    const forGetPet = await anonymousAnswer(request('GET /v1/pets/12%zz HTTP/1.1'));
    expectRawError(forGetPet, 400, 'validation_failed');
    expect([forGetPet.headers.deprecation, forGetPet.headers.sunset]).toEqual([
      '@1767225600',
      'Thu, 05 Dec 2030 00:00:00 GMT',
    ]);
    expect(forGetPet.headers.link).toBe(`<http://127.0.0.1:${server.port}/v1/pets>; rel="successor-version"`);
    const elsewhere = await anonymousAnswer(request('GET /v1/pets%zz HTTP/1.1'));
    expectRawError(elsewhere, 400, 'validation_failed');
    expect(elsewhere.headers.sunset).toBeUndefined();
  });

  it('HEAD with a bad URL: the same answer, without a body', async () => {
    expectRawError(await anonymousAnswer(request('HEAD /v1/pets/%ff HTTP/1.1'), true), 400, 'validation_failed', {
      head: true,
    });
  });

  it.each([140, 10_000])(
    'an over-long petId (%i digits): 400 naming petId, with the deprecation and rate-limit headers',
    async (digits) => {
      const response = await countedAnswer(
        keyAccount(),
        request(`GET /v1/pets/${'1'.repeat(digits)} HTTP/1.1`, { authorization: `Bearer ${server.key}` }),
      );
      const body = expectRawError(response, 400, 'validation_failed');
      expect(body?.message).toMatch(/petId/);
      expect(response.headers.sunset).toBe('Thu, 05 Dec 2030 00:00:00 GMT');
    },
  );

  it('a request line over 16 KiB: 400 with counted rate-limit headers', async () => {
    const body = expectRawError(
      await anonymousAnswer(request(`GET /v1/pets?limit=${'1'.repeat(17_000)} HTTP/1.1`)),
      400,
      'validation_failed',
    );
    expect(body?.message).toMatch(/16 KiB/);
  });
});

describe('unknown paths, in and outside /v1', () => {
  it.each(['/v2/pets', '/', '/foo', '//v1/pets', '/v1//pets', '/v1', '*', 'http://elsewhere.example/v2/pets'])(
    'GET %s: 404 not_found with counted rate-limit headers',
    async (target) => {
      expectRawError(await anonymousAnswer(request(`GET ${target} HTTP/1.1`)), 404, 'not_found');
    },
  );

  it('an absolute-form target is counted like its path (no way around the limits)', async () => {
    const response = await anonymousAnswer(request(`GET http://elsewhere.example/v1/pets HTTP/1.1`));
    expectRawError(response, 401, 'unauthorized');
  });

  it.each([
    ['malformed JSON', 'application/json', '{bad'],
    ['XML', 'text/xml', '<pet/>'],
    ['over 1 MiB', 'application/json', `{"padding":"${'x'.repeat(1_100_000)}"}`],
  ])(
    'an unknown path or a wrong method is 404 or 405 whatever the body (%s): the body is not read',
    async (_label, type, body) => {
      const headers = {
        authorization: `Bearer ${server.key}`,
        'content-type': type,
        'content-length': String(body.length),
      };
      expectRawError(await rawRequest(server.port, request('POST /v2/pets HTTP/1.1', headers, body)), 404, 'not_found');
      expectRawError(
        await rawRequest(server.port, request('PUT /v1/pets HTTP/1.1', headers, body)),
        405,
        'method_not_allowed',
      );
      expectRawError(
        await rawRequest(server.port, request('POST /v1/pets/1 HTTP/1.1', headers, body)),
        405,
        'method_not_allowed',
      );
    },
  );

  it('the admin pages (routes added with `extend`) stay outside the limits', async () => {
    const before = usedThisMinute(address);
    const response = await rawRequest(server.port, request('GET /admin/ping HTTP/1.1'));
    expect(response.status).toBe(200);
    for (const name of RATE_LIMIT_HEADER_NAMES) expect(response.headers[name]).toBeUndefined();
    expect(usedThisMinute(address)).toBe(before);
  });
});

describe('malformed HTTP', () => {
  it.each([
    ['an unknown HTTP version', 'GET /v1/pets HTTP/9.9', {}],
    ['an invalid method', 'G@T /v1/pets HTTP/1.1', {}],
    ['a space in a header name', 'GET /v1/pets HTTP/1.1', { 'Bad Header': 'x' }],
    [
      'Content-Length with Transfer-Encoding',
      'POST /v1/pets HTTP/1.1',
      { 'content-length': '3', 'transfer-encoding': 'chunked' },
    ],
    ['two Content-Lengths that differ', 'POST /v1/pets HTTP/1.1', { 'content-length': '3', 'Content-Length': '4' }],
    ['headers over 16 KiB', 'GET /v1/pets HTTP/1.1', { 'x-big': 'a'.repeat(17_000) }],
  ])(
    "%s: 400 validation_failed with rate-limit headers counted against the socket's address",
    async (_label, line, headers) => {
      expectRawError(await anonymousAnswer(request(line, headers)), 400, 'validation_failed');
    },
  );

  it('HEAD with a malformed request line or headers over 16 KiB: 400 with the headers and no body', async () => {
    expectRawError(await anonymousAnswer(request('HEAD /v1/pets HTTP/1.1 extra'), true), 400, 'validation_failed', {
      head: true,
    });
    expectRawError(
      await anonymousAnswer(request('HEAD /v1/pets HTTP/1.1', { 'x-big': 'a'.repeat(17_000) }), true),
      400,
      'validation_failed',
      { head: true },
    );
  });

  it('HTTP/1.1 without Host: 400 naming the Host header, with the rate-limit headers', async () => {
    budget.spend();
    const body = expectRawError(
      await rawRequest(server.port, httpRequest('GET /v1/pets HTTP/1.1', { connection: 'close' })),
      400,
      'validation_failed',
    );
    expect(body?.message).toMatch(/host/i);
  });

  it('HTTP/1.0 without Host is fine', async () => {
    const response = await rawRequest(
      server.port,
      httpRequest('GET /v1/pets HTTP/1.0', { authorization: `Bearer ${server.key}` }),
    );
    expect(response.status).toBe(200);
    expectRateLimitHeaders(response.headers);
  });

  it('an Expect other than 100-continue is ignored rather than refused with a bare 417', async () => {
    const response = await rawRequest(
      server.port,
      request('GET /v1/pets HTTP/1.1', { authorization: `Bearer ${server.key}`, expect: 'something-else' }),
    );
    expect(response.status).toBe(200);
    expectRateLimitHeaders(response.headers);
  });

  it('CONNECT: 405 method_not_allowed with an empty Allow and counted rate-limit headers', async () => {
    const response = await anonymousAnswer(
      httpRequest('CONNECT example.com:443 HTTP/1.1', { host: 'example.com:443' }),
    );
    expectRawError(response, 405, 'method_not_allowed');
    expect(response.headers.allow).toBe('');
  });

  it('a body malformed after its request was answered (a 401 before the body) gets no second answer', async () => {
    budget.spend();
    const answers = await rawExchange(
      server.port,
      request(
        'POST /v1/pets HTTP/1.1',
        { 'content-type': 'application/json', 'transfer-encoding': 'chunked' },
        'zz\r\n',
      ),
    );
    expect(answers.map((answer) => answer.status)).toEqual([401]);
  });
});

describe('a HEAD answer never has a body', () => {
  it.each([
    ['401 without a key', 'HEAD /v1/pets HTTP/1.1', {}, 401],
    ['400 for a bad petId', 'HEAD /v1/pets/abc HTTP/1.1', { authorization: 'key' }, 400],
    ['404 for an unknown path', 'HEAD /nothing HTTP/1.1', {}, 404],
    ['405 on a path without GET', 'HEAD /admin/post-only HTTP/1.1', {}, 405],
  ])('%s', async (_label, line, headers, status) => {
    const withKey: Record<string, string> = 'authorization' in headers ? { authorization: `Bearer ${server.key}` } : {};
    budget.spend();
    expectRawError(await rawRequest(server.port, request(line, withKey), true), status, undefined, { head: true });
  });

  it('429 once over the limit', async () => {
    const account = server.engine.services.accounts.create({
      name: 'one a minute',
      planId: 'enterprise',
      perMinute: 1,
      perDay: 100,
    });
    const { key } = server.engine.services.keys.create({ accountId: account.id });
    const head = request('HEAD /v1/pets HTTP/1.1', { authorization: `Bearer ${key}` });
    expect((await rawRequest(server.port, head, true)).status).toBe(200);
    const refused = await rawRequest(server.port, head, true);
    expectRawError(refused, 429, undefined, { head: true });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
  });

  it('200 for a page: the headers of the GET, no body', async () => {
    const { key } = createEnterpriseKey(server.engine, 'head reader');
    const response = await rawRequest(
      server.port,
      request('HEAD /v1/pets HTTP/1.1', { authorization: `Bearer ${key}` }),
      true,
    );
    expect(response.status).toBe(200);
    expect(response.body).toBe('');
    expectRateLimitHeaders(response.headers);
  });
});
