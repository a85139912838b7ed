/**
 * Site traffic is not API traffic, even when it never becomes a request: a browser's
 * half-sent or idle connection to a published site that runs into the headers timeout gets a plain
 * 408 from the site, with no rate-limit headers, nothing in the API's request log and nothing counted
 * against the address. The same stalled request on the API's own Host is still the API's 408.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { QuotaSubject } from '../../src/main/quota/quota';
import { startTestServer, type TestServer } from '../helpers/api-server';
import { parseResponses, RawConnection, type RawResponse } from '../helpers/raw-http';
import { deployedProject } from '../helpers/site-project';

const SHORT = { requestTimeout: 1_000, headersTimeout: 500 };
const ADDRESS: QuotaSubject = { kind: 'address', address: '127.0.0.1' };

let server: TestServer;
let site: string;

beforeAll(async () => {
  server = await startTestServer({ connectionLimits: SHORT });
  site = `${(await deployedProject(server.engine, server.dataDir, { name: 'Happy Paws', html: '<h1>Hello</h1>' })).project.slug}.localhost:${server.port}`;
});

afterAll(() => server.stop());

/** Sends `text` on a new connection and waits, without sending more, until the server closes it. */
async function stall(text: string, heads: boolean[] = []): Promise<RawResponse[]> {
  const connection = new RawConnection(server.port, 5_000);
  await connection.connected;
  connection.send(text);
  await connection.closed;
  return parseResponses(connection.received(), heads);
}

const loggedCount = () => {
  server.engine.requestLog.flush();
  return server.engine.requestLog.list({ limit: 10_000 }).length;
};
const addressUsed = () =>
  server.engine.services.quota.currentUsage(ADDRESS).find((window) => window.kind === 'minute')?.used ?? NaN;
const rateLimitHeaders = (answer: RawResponse) =>
  Object.keys(answer.headers).filter((name) => /ratelimit|retry-after/.test(name));

describe('a request on a site’s Host that stops half-way', () => {
  it.each([
    ['the request line and Host, then nothing', () => `GET / HTTP/1.1\r\nHost: ${site}\r\n`],
    ['cut inside a header value', () => `GET /pets/ HTTP/1.1\r\nHost: ${site}\r\nUser-Agent: Mozi`],
    ['cut inside the Host value', () => `GET / HTTP/1.1\r\nAccept: */*\r\nHost: ${site}`],
    [
      'a name of the sites that serves nothing',
      () => `GET / HTTP/1.1\r\nHost: nothing-here.localhost:${server.port}\r\n`,
    ],
    [
      'an absolute-form target naming the site',
      () => `GET http://${site}/ HTTP/1.1\r\nHost: 127.0.0.1:${server.port}\r\n`,
    ],
  ])('%s: the site’s plain 408, no rate-limit headers, nothing logged or counted', async (_label, text) => {
    const [logged, used] = [loggedCount(), addressUsed()];
    const answers = await stall(text());
    expect(answers).toHaveLength(1);
    const [answer] = answers as [RawResponse];
    expect(answer.status).toBe(408);
    expect(answer.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(answer.headers.connection).toBe('close');
    expect(answer.body).toMatch(/did not arrive in time/);
    expect(rateLimitHeaders(answer)).toEqual([]);
    expect(loggedCount()).toBe(logged);
    expect(addressUsed()).toBe(used);
  });

  it('HEAD: the 408 without a body', async () => {
    const answers = await stall(`HEAD / HTTP/1.1\r\nHost: ${site}\r\n`, [true]);
    expect(answers.map((answer) => [answer.status, answer.body])).toEqual([[408, '']]);
  });

  it('a kept-alive connection to the site: the page, then the next request stalls; only the page was served, nothing logged', async () => {
    const logged = loggedCount();
    const answers = await stall(`GET / HTTP/1.1\r\nHost: ${site}\r\n\r\nGET /more HTTP/1.1\r\nHost: ${site}\r\n`);
    expect(answers.map((answer) => answer.status)).toEqual([200, 408]);
    expect(rateLimitHeaders(answers[1]!)).toEqual([]);
    expect(loggedCount()).toBe(logged);
  });
});

describe('the same on the API’s own Host is still the API’s', () => {
  it('408 request_timeout with the Error body and rate-limit headers, logged and counted against the address', async () => {
    const [logged, used] = [loggedCount(), addressUsed()];
    const answers = await stall(`GET /v1/pets HTTP/1.1\r\nHost: 127.0.0.1:${server.port}\r\n`);
    expect(answers.map((answer) => answer.status)).toEqual([408]);
    expect(JSON.parse(answers[0]!.body)).toMatchObject({ code: 'request_timeout', status: 408 });
    expect(rateLimitHeaders(answers[0]!)).toContain('x-ratelimit-limit');
    expect(loggedCount()).toBe(logged + 1);
    expect(addressUsed()).toBe(used + 1);
  });

  it('a connection that sends nothing names no Host: the API answers it, as before', async () => {
    const answers = await stall('');
    expect(answers.map((answer) => answer.status)).toEqual([408]);
    expect(rateLimitHeaders(answers[0]!)).toContain('x-ratelimit-limit');
  });
});
