/**
 * The request's host, over raw sockets: two Host lines are refused with 400 in the
 * Error shape (RFC 9112 §3.2), and an absolute-form target is routed by its own authority, not by
 * Host (§3.2.2), to a site or to the API alike.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/api-server';
import { expectRawError } from '../helpers/http';
import { rawExchange, rawRequest } from '../helpers/raw-http';
import { deployedProject } from '../helpers/site-project';

let server: TestServer;
let site: string;

beforeAll(async () => {
  server = await startTestServer();
  const { project } = await deployedProject(server.engine, server.dataDir, { html: '<h1>Welcome home</h1>' });
  site = `${project.slug}.localhost`;
});

afterAll(() => server.stop());

const api = () => `127.0.0.1:${server.port}`;

describe('more than one Host line', () => {
  it.each([
    ['the API', () => [api(), api()], '/v1/openapi.json'],
    ['a site', () => [site, site], '/'],
    ['a site and the API', () => [site, api()], '/'],
    ['the API and a site', () => [api(), site], '/v1/openapi.json'],
  ])(
    'to %s: 400 validation_failed with the rate-limit headers, and the connection is closed',
    async (_label, hosts, target) => {
      const [first, second] = hosts();
      // Pipelined behind it: never read, since the first message's framing is not to be trusted.
      const answers = await rawExchange(
        server.port,
        `GET ${target} HTTP/1.1\r\nHost: ${first}\r\nHost: ${second}\r\n\r\nGET /v1/openapi.json HTTP/1.1\r\nHost: ${api()}\r\n\r\n`,
      );
      expect(answers).toHaveLength(1);
      const error = expectRawError(answers[0]!, 400, 'validation_failed');
      expect(error?.message).toMatch(/host: is sent more than once/);
      expect(answers[0]?.headers.connection).toBe('close');
    },
  );

  it('one Host line, whatever its case, is fine', async () => {
    expect((await rawRequest(server.port, `GET / HTTP/1.1\r\nhOsT: ${site}\r\nConnection: close\r\n\r\n`)).status).toBe(
      200,
    );
  });
});

describe('an absolute-form target', () => {
  it('names a site: the site answers, whatever Host says', async () => {
    const answer = await rawRequest(
      server.port,
      `GET http://${site}/ HTTP/1.1\r\nHost: ${api()}\r\nConnection: close\r\n\r\n`,
    );
    expect(answer).toMatchObject({ status: 200, body: '<h1>Welcome home</h1>' });
    expect(answer.headers['x-ratelimit-limit']).toBeUndefined();
  });

  it('names the API: the API answers, though Host names a site', async () => {
    const answer = await rawRequest(
      server.port,
      `GET http://${api()}/v1/openapi.json HTTP/1.1\r\nHost: ${site}\r\nConnection: close\r\n\r\n`,
    );
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body)).toHaveProperty('openapi');
  });

  it('names a site, with an upper-case scheme and host: the site answers', async () => {
    const answer = await rawRequest(
      server.port,
      `GET HTTP://${site.toUpperCase()}/ HTTP/1.1\r\nHost: ${api()}\r\nConnection: close\r\n\r\n`,
    );
    expect(answer).toMatchObject({ status: 200, body: '<h1>Welcome home</h1>' });
  });
});
