/**
 * The admin token against every spelling of a channel's path: the router matches the
 * decoded path, so `/admin/%61pi/keys.create` is keys.create. Every channel of the admin contract
 * (the photo and site uploads, with their large body limits, among them) is sent without the token
 * under each spelling, over a raw socket so the request line reaches the server exactly as written.
 * Only 401 or 404 with the Error body may come back: a 400 would mean a channel read the payload.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_CHANNELS } from '../../src/shared/admin-contract';
import type { AppHost } from '../../src/main/host/app-host';
import { startAdminHarness, type AdminHarness } from '../helpers/admin-host';
import { httpRequest, rawRequest, type RawResponse } from '../helpers/raw-http';

const TOKEN = 'test-token-0123456789abcdefghijklmnopqrstuv';

let harness: AdminHarness;
let host: AppHost;
let port: number;

const upper = (text: string) =>
  [...text].map((char) => `%${char.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`).join('');
const lower = (text: string) => upper(text).toLowerCase();

/** Each spelling of POST /admin/api/<channel> that a path normaliser or a decoder might equate with it. */
function spellings(channel: string): string[] {
  const [area = '', action = ''] = channel.split('.');
  return [
    `/admin/%61pi/${channel}`,
    `/%61dmin/api/${channel}`,
    `/admin/ap%69/${channel}`,
    `/admin/api/${area}%2e${action}`,
    `/admin/api/${area}%2E${action}`,
    `/admin/api/${lower(channel.slice(0, 1))}${channel.slice(1)}`,
    `/admin/api/${upper(channel)}`,
    `/admin%2Fapi/${channel}`,
    `/admin%2fapi%2f${channel}`,
    `/admin/%2561pi/${channel}`,
    `/admin/api/%25${channel}`,
    `//admin/api/${channel}`,
    `/admin//api/${channel}`,
    `/admin/api//${channel}`,
    `/./admin/api/${channel}`,
    `/admin/./api/${channel}`,
    `/admin/api/./${channel}`,
    `/admin/%2e/api/${channel}`,
    `/admin/x/../api/${channel}`,
    `/admin/x/%2E%2E/api/${channel}`,
    `/admin/api/${channel};x`,
    `/admin;x/api/${channel}`,
    `/admin/api;x/${channel}`,
    `/admin/api/${channel}/`,
    `/admin/api/${channel}?x=1`,
    `/%61dmin/%61pi/${upper(channel)}`,
    `/%61%64%6D%69%6E/%61%70%69/${area}%2E${lower(action)}`,
    `/ADMIN/API/${channel}`,
    `/admin/api/${channel}%C0%AE`,
    `/admin/%ED%A0%80/${channel}`,
    `/admin/api/${channel}%`,
    `http://127.0.0.1:${port}/admin/%61pi/${channel}`,
  ];
}

/** A POST with a JSON body any channel would read, but no token. */
async function postWithoutToken(target: string): Promise<RawResponse> {
  const body = JSON.stringify({ environment: 'production', name: 'Encoded', id: 1 });
  return rawRequest(
    port,
    httpRequest(
      `POST ${target} HTTP/1.1`,
      {
        host: `127.0.0.1:${port}`,
        'content-type': 'application/json',
        'content-length': String(Buffer.byteLength(body)),
        connection: 'close',
      },
      body,
    ),
  );
}

/** At most `width` requests in flight, so thousands of them do not crowd the shared machine. */
async function inBatches<T, R>(items: readonly T[], width: number, run: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = [];
  for (let start = 0; start < items.length; start += width)
    results.push(...(await Promise.all(items.slice(start, start + width).map(run))));
  return results;
}

const keyCount = () =>
  host.engine('production').services.keys.list().length + host.engine('staging').services.keys.list().length;

beforeAll(async () => {
  harness = await startAdminHarness(TOKEN);
  host = harness.host;
  port = Number(new URL(harness.admin.url).port);
});

afterAll(() => harness.stop());

describe('no spelling of a channel’s path gets past the admin token', () => {
  it('every channel, every spelling: 401 or 404 with the Error body, and nothing is created', async () => {
    const keysBefore = keyCount();
    const tries = ADMIN_CHANNELS.flatMap((channel) => spellings(channel).map((target) => ({ channel, target })));
    expect(spellings('keys.create').length).toBeGreaterThanOrEqual(20);
    const answers = await inBatches(tries, 16, async (one) => ({ ...one, answer: await postWithoutToken(one.target) }));
    const passed = answers
      .filter(({ answer }) => answer.status !== 401 && answer.status !== 404)
      .map(({ target, answer }) => `${target} → ${answer.status} ${answer.body.slice(0, 80)}`);
    expect(passed).toEqual([]);
    for (const { answer } of answers) {
      expect(answer.headers['content-type']).toMatch(/^application\/json/);
      expect(answer.headers['cache-control']).toBe('no-store');
      const body = JSON.parse(answer.body) as { code: string; status: number; message: string };
      expect(body).toEqual({
        code: answer.status === 401 ? 'unauthorized' : 'not_found',
        status: answer.status,
        message: expect.any(String),
      });
    }
    expect(keyCount()).toBe(keysBefore);
  });

  it('the photo and site uploads refuse an encoded path before reading a body over the small limit', async () => {
    for (const target of [
      `/admin/%61pi/photos.add`,
      `/admin/ap%69/deploys.fromUpload`,
      `/%61dmin/api/deploys%2EfromUpload`,
    ]) {
      const body = `{"environment":"production","files":[],"x":"${'x'.repeat(5 * 1024 * 1024)}"}`;
      const answer = await rawRequest(
        port,
        httpRequest(
          `POST ${target} HTTP/1.1`,
          {
            host: `127.0.0.1:${port}`,
            'content-type': 'application/json',
            'content-length': String(body.length),
            connection: 'close',
          },
          body,
        ),
      );
      expect(answer.status, target).toBe(401);
    }
  });

  it('an encoded path with the token is the channel itself (the token is checked on the route the router chose)', async () => {
    const body = JSON.stringify({ environment: 'production', name: 'Encoded with token' });
    const answer = await rawRequest(
      port,
      httpRequest(
        `POST /admin/%61pi/categories%2Ecreate HTTP/1.1`,
        {
          host: `127.0.0.1:${port}`,
          'x-admin-token': TOKEN,
          'content-type': 'application/json',
          'content-length': String(body.length),
          connection: 'close',
        },
        body,
      ),
    );
    expect(answer.status).toBe(200);
  });

  it('a path no route serves needs the token too; the pages themselves do not', async () => {
    const get = (target: string, headers: Record<string, string> = {}) =>
      rawRequest(
        port,
        httpRequest(`GET ${target} HTTP/1.1`, { host: `127.0.0.1:${port}`, connection: 'close', ...headers }),
      );
    expect((await get('/admin/api/')).status).toBe(401);
    expect((await get('/admin/no-such-page')).status).toBe(401);
    expect((await get('/admin/no-such-page', { 'x-admin-token': TOKEN })).status).toBe(404);
    expect((await get('/admin/')).status).toBe(200);
    expect((await get('/admin/%69ndex.html')).status).toBe(200);
    const head = await rawRequest(
      port,
      httpRequest('HEAD /admin/ HTTP/1.1', { host: `127.0.0.1:${port}`, connection: 'close' }),
      true,
    );
    expect([head.status, head.headers['cache-control']]).toEqual([200, 'no-store']);
  });
});
