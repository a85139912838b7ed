/**
 * The admin server's own limits: a body trickled in is cut at the request timeout, with
 * or without the token, and no more than maxConnections connections are held at once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_HTTP_PREFIX } from '../../src/shared/admin-contract';
import { startAdminHarness, type AdminHarness } from '../helpers/admin-host';
import { parseResponses, RawConnection } from '../helpers/raw-http';
import { waitFor } from '../helpers/wait-for';

const TOKEN = 'test-token-0123456789abcdefghijklmnopqrstuv';
const LIMITS = { requestTimeout: 1_000, headersTimeout: 500, maxConnections: 3 };

let harness: AdminHarness;
let port: number;

beforeAll(async () => {
  harness = await startAdminHarness(TOKEN, { connectionLimits: LIMITS });
  port = Number(new URL(harness.admin.url).port);
});

afterAll(() => harness.stop());

const categoryNames = () =>
  harness.host
    .engine('production')
    .services.categories.list()
    .map((category) => category.name);

/** Sends the headers at once, then the body a byte every 100 ms; resolves when the server closes the connection. */
async function trickle(
  token: string | undefined,
  name: string,
): Promise<{ elapsed: number; received: Buffer; sent: number; length: number }> {
  const body = JSON.stringify({ environment: 'production', name });
  const slow = new RawConnection(port, 20_000);
  await slow.connected;
  const started = performance.now();
  const tokenLine = token === undefined ? '' : `x-admin-token: ${token}\r\n`;
  slow.send(
    `POST ${ADMIN_HTTP_PREFIX}categories.create HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n${tokenLine}Content-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n`,
  );
  let sent = 0;
  const timer = setInterval(() => slow.send(body.charAt(sent++)), 100);
  try {
    await slow.closed;
  } finally {
    clearInterval(timer);
  }
  return { elapsed: performance.now() - started, received: slow.received(), sent, length: body.length };
}

describe('a body trickled in', () => {
  it('with the token: 408 request_timeout in the Error body at the request timeout, and nothing is created', async () => {
    const { elapsed, received, sent, length } = await trickle(TOKEN, 'Slow with token');
    const answers = parseResponses(received, []);
    expect(answers.map((answer) => answer.status)).toEqual([408]);
    expect(JSON.parse(answers[0]!.body)).toEqual({
      code: 'request_timeout',
      message: expect.stringMatching(/did not arrive in time/),
      status: 408,
    });
    expect(elapsed).toBeLessThan(LIMITS.requestTimeout + 1_500);
    expect(sent).toBeLessThan(length);
    expect(categoryNames()).not.toContain('Slow with token');
  });

  it('without the token: the 401 at once, then the connection is cut at the request timeout', async () => {
    const { elapsed, received, sent, length } = await trickle(undefined, 'Slow without token');
    const answers = parseResponses(received, []);
    expect(answers.map((answer) => answer.status)).toEqual([401]);
    expect(elapsed).toBeLessThan(LIMITS.requestTimeout + 1_500);
    expect(sent).toBeLessThan(length);
  });
});

describe('connections', () => {
  it('at most maxConnections at once; the page loads again once one closes', async () => {
    const held = Array.from({ length: LIMITS.maxConnections }, () => new RawConnection(port));
    await Promise.all(held.map((connection) => connection.connected));
    const refused = new RawConnection(port, 5_000);
    refused.send(`GET /admin/ HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nConnection: close\r\n\r\n`);
    await refused.closed;
    expect(refused.received().length).toBe(0);
    held[0]?.destroy();
    await waitFor(async () => (await fetch(harness.admin.url)).status === 200, 5_000);
    for (const connection of held) connection.destroy();
  });
});
