/**
 * Browser mode's admin API against the real pieces: the AppHost running both environments, the
 * admin handlers over their services, and the admin server on 127.0.0.1. Every refusal is tried on
 * a channel that writes (categories.create), so a guard that let one through would leave a trace.
 */
import http from 'node:http';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_HTTP_PREFIX } from '../../src/shared/admin-contract';
import type { RunningAdmin } from '../../src/main/http/admin/server';
import type { AppHost } from '../../src/main/host/app-host';
import { startAdminHarness, type AdminHarness } from '../helpers/admin-host';
import { httpRequest, rawRequest } from '../helpers/raw-http';

const TOKEN = 'test-token-0123456789abcdefghijklmnopqrstuv';

let harness: AdminHarness;
let host: AppHost;
let admin: RunningAdmin;
let port: number;

interface Answer {
  status: number;
  contentType: string;
  body: unknown;
}

/** One request with exactly these headers (Host included, which fetch will not let a caller set). */
function request(channel: string, headers: Record<string, string>, body: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const outgoing = http.request(
      {
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: `${ADMIN_HTTP_PREFIX}${channel}`,
        headers: { ...headers, 'content-length': Buffer.byteLength(body) },
        setHost: false,
      },
      (response) => {
        let text = '';
        response.setEncoding('utf8').on('data', (chunk: string) => (text += chunk));
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            contentType: response.headers['content-type'] ?? '',
            body: JSON.parse(text),
          }),
        );
      },
    );
    outgoing.on('error', reject);
    outgoing.end(body);
  });
}

/** HTTP/1.0 allows a request without Host; Node's server lets it through to the application. */
function requestWithoutHost(channel: string, body: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => {
      socket.end(
        `POST ${ADMIN_HTTP_PREFIX}${channel} HTTP/1.0\r\nx-admin-token: ${TOKEN}\r\ncontent-type: application/json\r\ncontent-length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
      );
    });
    let text = '';
    socket.setEncoding('utf8').on('data', (chunk: string) => (text += chunk));
    socket.on('end', () => resolve(text));
    socket.on('error', reject);
  });
}

const hostHeader = () => `127.0.0.1:${port}`;
const good = () => ({ host: hostHeader(), 'x-admin-token': TOKEN, 'content-type': 'application/json' });
const newCategory = (name: string) => JSON.stringify({ environment: 'production', name });
const categoryNames = () =>
  host
    .engine('production')
    .services.categories.list()
    .map((category) => category.name);

async function expectRefused(
  answer: Answer,
  status: number,
  code: string,
  message: RegExp,
  triedName: string,
): Promise<void> {
  expect(answer.status).toBe(status);
  expect(answer.contentType).toMatch(/^application\/json/);
  expect(answer.body).toEqual({ code, message: expect.stringMatching(message), status });
  expect(categoryNames()).not.toContain(triedName);
}

beforeAll(async () => {
  harness = await startAdminHarness(TOKEN);
  ({ host, admin } = harness);
  port = Number(new URL(admin.url).port);
});

afterAll(() => harness.stop());

describe('a request that passes every guard', () => {
  it('runs the channel and answers 200 with its value', async () => {
    const answer = await request('categories.create', good(), newCategory('Ferrets'));
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ name: 'Ferrets', petCount: 0 });
    expect(categoryNames()).toContain('Ferrets');
  });

  it('the admin pages themselves need no token (it is in the fragment, read by the page)', async () => {
    const response = await fetch(admin.url);
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('Adoption Desk');
    expect(response.headers.get('x-frame-options')).toBe('DENY');
  });

  it('no answer may be kept by a browser or a proxy, the pages included: Cache-Control no-store', async () => {
    const answers = [
      await fetch(admin.url),
      await fetch(`${new URL(admin.url).origin}${ADMIN_HTTP_PREFIX}servers.status`, { method: 'POST' }),
      await fetch(`${new URL(admin.url).origin}/admin/missing`),
    ];
    expect(answers.map((response) => response.headers.get('cache-control'))).toEqual([
      'no-store',
      'no-store',
      'no-store',
    ]);
  });

  it('every answer carries a Content-Security-Policy: no inline or foreign script, never in a frame', async () => {
    for (const response of [
      await fetch(admin.url),
      await fetch(`${new URL(admin.url).origin}${ADMIN_HTTP_PREFIX}servers.status`, { method: 'POST' }),
    ]) {
      const policy = response.headers.get('content-security-policy') ?? '';
      const directives = new Map(
        policy
          .split(';')
          .map((directive) => directive.trim().split(/\s+/))
          .map(([name = '', ...values]) => [name, values]),
      );
      expect(directives.get('script-src')).toEqual(["'self'"]);
      expect(directives.get('frame-ancestors')).toEqual(["'none'"]);
      expect(directives.get('object-src')).toEqual(["'none'"]);
      expect(directives.get('base-uri')).toEqual(["'none'"]);
      expect(directives.get('connect-src')).toEqual(["'self'"]);
    }
  });
});

describe('the guard refuses, before any channel runs', () => {
  it('no token: 401', async () => {
    const { 'x-admin-token': _, ...headers } = good();
    await expectRefused(
      await request('categories.create', headers, newCategory('No token')),
      401,
      'unauthorized',
      /admin token is missing or wrong/,
      'No token',
    );
  });

  it('a wrong token: 401', async () => {
    const answer = await request(
      'categories.create',
      { ...good(), 'x-admin-token': `${TOKEN.slice(0, -1)}x` },
      newCategory('Wrong token'),
    );
    await expectRefused(answer, 401, 'unauthorized', /admin token is missing or wrong/, 'Wrong token');
  });

  it('the token is checked before the body is read: no token and a malformed or huge body still get 401', async () => {
    const { 'x-admin-token': _, ...headers } = good();
    expect((await request('categories.create', headers, '{"environment":')).status).toBe(401);
    expect((await request('categories.create', headers, `{"name":"${'x'.repeat(5 * 1024 * 1024)}"}`)).status).toBe(401);
  });

  it('a foreign Host (DNS rebinding): 403', async () => {
    const answer = await request(
      'categories.create',
      { ...good(), host: `rebind.example:${port}` },
      newCategory('Foreign host'),
    );
    await expectRefused(answer, 403, 'forbidden', /only under 127\.0\.0\.1 or localhost/, 'Foreign host');
  });

  it('no Host at all (HTTP/1.0): 403', async () => {
    const raw = await requestWithoutHost('categories.create', newCategory('No host'));
    expect(raw).toMatch(/^HTTP\/1\.[01] 403 /);
    expect(raw).toContain('"code":"forbidden"');
    expect(categoryNames()).not.toContain('No host');
  });

  it('two Host lines (the API server’s rule, RFC 9112 §3.2): 400 and the connection closed, whichever comes first', async () => {
    const body = newCategory('Two hosts');
    for (const hosts of [
      [hostHeader(), 'rebind.example'],
      ['rebind.example', hostHeader()],
      [hostHeader(), hostHeader()],
    ]) {
      const lines = hosts.map((name) => `Host: ${name}\r\n`).join('');
      const answer = await rawRequest(
        port,
        `POST ${ADMIN_HTTP_PREFIX}categories.create HTTP/1.1\r\n${lines}x-admin-token: ${TOKEN}\r\ncontent-type: application/json\r\ncontent-length: ${body.length}\r\n\r\n${body}`,
      );
      expect(answer.status).toBe(400);
      expect(answer.headers.connection).toBe('close');
      expect(answer.headers['cache-control']).toBe('no-store');
      expect(JSON.parse(answer.body)).toEqual({
        code: 'validation_failed',
        message: expect.stringMatching(/^header host: is sent more than once/),
        status: 400,
      });
    }
    const page = await rawRequest(
      port,
      httpRequest('GET /admin/ HTTP/1.1', { host: hostHeader(), Host: 'rebind.example', connection: 'close' }),
    );
    expect(page.status).toBe(400);
    expect(categoryNames()).not.toContain('Two hosts');
  });

  it('a foreign Origin: 403', async () => {
    const answer = await request(
      'categories.create',
      { ...good(), origin: 'https://evil.example' },
      newCategory('Foreign origin'),
    );
    await expectRefused(answer, 403, 'forbidden', /other sites are refused/, 'Foreign origin');
  });

  it('Origin: null (a sandboxed frame, a file: page): 403', async () => {
    const answer = await request('categories.create', { ...good(), origin: 'null' }, newCategory('Null origin'));
    await expectRefused(answer, 403, 'forbidden', /other sites are refused/, 'Null origin');
  });

  it('the page’s own Origin is fine', async () => {
    const answer = await request(
      'categories.create',
      { ...good(), origin: `http://${hostHeader()}` },
      newCategory('Own origin'),
    );
    expect(answer.status).toBe(200);
  });

  it('a text/plain body (what a cross-site fetch may send without a preflight): 415', async () => {
    const answer = await request(
      'categories.create',
      { ...good(), 'content-type': 'text/plain' },
      newCategory('Plain text'),
    );
    await expectRefused(
      answer,
      415,
      'unsupported_media_type',
      /^Content-Type must be application\/json\.$/,
      'Plain text',
    );
  });

  it('a form-encoded body (what a cross-site form posts): 415', async () => {
    const answer = await request(
      'categories.create',
      { ...good(), 'content-type': 'application/x-www-form-urlencoded' },
      'environment=production&name=Form',
    );
    await expectRefused(answer, 415, 'unsupported_media_type', /^Content-Type must be application\/json\.$/, 'Form');
  });
});

describe('admin errors travel with their HTTP status and the Error body', () => {
  it.each([
    ['categories.create', newCategory(''), 400, 'validation_failed', /name: must not be empty/],
    ['categories.create', '{"environment":', 400, 'validation_failed', /not valid JSON/],
    ['categories.create', newCategory('Dogs'), 409, 'conflict', /already named/],
    [
      'accounts.create',
      JSON.stringify({
        environment: 'production',
        account: { name: 'Big partner', planId: 'enterprise', perMinute: 100, perDay: 50 },
      }),
      400,
      'validation_failed',
      /^account\.perDay: must be at least the per-minute figure \(100\)$/,
      { field: 'perDay', perMinute: 100, reason: 'per_day_below_per_minute' },
    ],
    [
      'plans.update',
      JSON.stringify({ environment: 'production', planId: 'free', change: { perMinute: 60, perDay: 30 } }),
      400,
      'validation_failed',
      /^change\.perDay: must be at least/,
      { field: 'perDay', perMinute: 60, reason: 'per_day_below_per_minute' },
    ],
    ['categories.remove', JSON.stringify({ environment: 'production', id: 999 }), 404, 'not_found', /999/],
    ['no.such.channel', '{}', 404, 'not_found', /no admin channel named no\.such\.channel/],
  ] as [string, string, number, string, RegExp, Record<string, unknown>?][])(
    '%s %s: %i',
    async (channel, body, status, code, message, details) => {
      const answer = await request(channel, good(), body);
      expect(answer.status).toBe(status);
      expect(answer.body).toEqual({
        code,
        message: expect.stringMatching(message),
        status,
        ...(details && { details }),
      });
    },
  );
});
