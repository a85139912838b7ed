/**
 * Slow and greedy clients: timeouts answer 408 with the Error body in bounded time, a
 * connection carries a bounded number of requests, the server a bounded number of connections, and a
 * request on its way when the server stops is served rather than refused with the framework's 503.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { QuotaSubject } from '../../src/main/quota/quota';
import { startTestServer, type TestServer } from '../helpers/api-server';
import { bearer, expectRawError } from '../helpers/http';
import { httpRequest, parseResponses, RawConnection } from '../helpers/raw-http';
import { waitFor } from '../helpers/wait-for';

let server: TestServer | undefined;

afterEach(async () => {
  await server?.stop();
  server = undefined;
});

const SHORT = { requestTimeout: 1_000, headersTimeout: 500 };

function request(running: TestServer, requestLine: string, headers: Record<string, string> = {}, body = ''): string {
  return httpRequest(requestLine, { host: `127.0.0.1:${running.port}`, ...headers }, body);
}

const minuteUsed = (running: TestServer, subject: QuotaSubject) =>
  running.engine.services.quota.currentUsage(subject).find((window) => window.kind === 'minute')?.used ?? NaN;

describe('timeouts', () => {
  it('a body trickled a byte at a time gets 408 request_timeout in bounded time, while another client is served', async () => {
    const running = (server = await startTestServer({ connectionLimits: SHORT }));
    const account: QuotaSubject = { kind: 'account', accountId: running.accountId, keyId: 0 };
    const usedBefore = minuteUsed(running, account);
    const body = JSON.stringify({ name: 'Slowpoke', categoryId: 1 });
    const slow = new RawConnection(running.port, 5_000);
    await slow.connected;
    const started = performance.now();
    slow.send(
      request(running, 'POST /v1/pets HTTP/1.1', {
        ...bearer(running.key),
        'content-type': 'application/json',
        'content-length': String(body.length),
      }),
    );
    let sent = 0;
    const trickle = setInterval(() => slow.send(body.charAt(sent++)), 100);
    let slowClosedAt = Number.POSITIVE_INFINITY;
    void slow.closed.then(() => (slowClosedAt = performance.now()));
    try {
      const other = await fetch(`${running.baseUrl}/pets?limit=1`, { headers: bearer(running.key) });
      expect(other.status).toBe(200);
      expect(performance.now(), 'the other client was served while the slow one was still sending').toBeLessThan(
        slowClosedAt,
      );
      await slow.closed;
    } finally {
      clearInterval(trickle);
    }
    const elapsed = performance.now() - started;
    const answers = parseResponses(slow.received(), []);
    expect(answers).toHaveLength(1);
    const error = expectRawError(answers[0]!, 408, 'request_timeout');
    expect(error?.message).toMatch(/body did not arrive in full within 1 s/);
    expect(elapsed).toBeGreaterThanOrEqual(SHORT.requestTimeout - 50);
    expect(elapsed).toBeLessThan(SHORT.requestTimeout + 1_500);
    expect(sent).toBeLessThan(body.length);
    // Counted once (when its headers arrived, and by the other client's request), not again for the 408.
    expect(minuteUsed(running, account)).toBe(usedBefore + 2);
    expect(running.engine.services.pets.browse({ limit: 500 }).pets.map((pet) => pet.name)).not.toContain('Slowpoke');
  });

  it('headers trickled a byte at a time get 408 request_timeout, counted against the address', async () => {
    const running = (server = await startTestServer({ connectionLimits: SHORT }));
    const address: QuotaSubject = { kind: 'address', address: '127.0.0.1' };
    const usedBefore = minuteUsed(running, address);
    const slow = new RawConnection(running.port, 5_000);
    await slow.connected;
    const started = performance.now();
    const head = `GET /v1/pets HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ${'z'.repeat(100)}`;
    let sent = 0;
    const trickle = setInterval(() => slow.send(head.charAt(sent++)), 50);
    try {
      await slow.closed;
    } finally {
      clearInterval(trickle);
    }
    const answers = parseResponses(slow.received(), []);
    expect(answers).toHaveLength(1);
    const error = expectRawError(answers[0]!, 408, 'request_timeout');
    expect(error?.message).toMatch(/headers did not arrive within 0.5 s/);
    expect(performance.now() - started).toBeLessThan(SHORT.headersTimeout + 1_500);
    expect(minuteUsed(running, address)).toBe(usedBefore + 1);
  });

  it('defaults: 30 s for a request, 10 s for its headers, 5 s for an idle kept-alive connection', async () => {
    const running = (server = await startTestServer());
    const http = running.httpServer();
    expect([http.requestTimeout, http.headersTimeout, http.keepAliveTimeout, http.timeout]).toEqual([
      30_000, 10_000, 5_000, 60_000,
    ]);
    expect([http.maxRequestsPerSocket, http.maxConnections]).toEqual([10_000, 1_000]);
  });
});

describe('connection limits', () => {
  it('a connection carries maxRequestsPerSocket requests; the last answer closes it, and nothing pipelined behind gets a bare 503', async () => {
    const running = (server = await startTestServer({ connectionLimits: { maxRequestsPerSocket: 3 } }));
    const connection = new RawConnection(running.port);
    const get = request(running, 'GET /v1/pets?limit=1 HTTP/1.1', bearer(running.key));
    connection.send(get.repeat(5));
    await connection.closed;
    const answers = parseResponses(connection.received(), []);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200]);
    expect(answers[2]?.headers.connection).toBe('close');
    expect(answers[2]?.headers['x-ratelimit-remaining']).toBeDefined();
  });

  it('at most maxConnections connections at once; further ones are refused until one closes', async () => {
    const running = (server = await startTestServer({ connectionLimits: { maxConnections: 2 } }));
    const held = [new RawConnection(running.port), new RawConnection(running.port)];
    await Promise.all(held.map((connection) => connection.connected));
    await waitFor(async () => (await running.connectionCount()) === 2, 2_000);
    const refused = new RawConnection(running.port, 5_000);
    refused.send(request(running, 'GET /v1/openapi.json HTTP/1.1', { connection: 'close' }));
    await refused.closed;
    expect(refused.received().length).toBe(0);
    held[0]?.destroy();
    await waitFor(async () => (await fetch(`${running.baseUrl}/openapi.json`)).status === 200, 5_000);
    held[1]?.destroy();
  });
});

describe('stopping', () => {
  it('requests already on an open connection when the server stops are served, not refused with a bare 503', async () => {
    // A grace no busy machine reaches: the answers must not race the cut-off of connections still open.
    const running = (server = await startTestServer({ stopGraceMs: 60_000 }));
    const body = JSON.stringify({ name: 'Last one in', categoryId: 2 });
    // Node's close() drops connections with no request under way, so the stop must wait until the
    // server has read the first request's headers: an open connection alone is not that.
    let requestsBegun = 0;
    running.httpServer().on('request', () => requestsBegun++);
    const connection = new RawConnection(running.port);
    connection.send(
      request(running, 'POST /v1/pets HTTP/1.1', {
        ...bearer(running.key),
        'content-type': 'application/json',
        'content-length': String(body.length),
      }),
    );
    await waitFor(() => requestsBegun === 1, 10_000);
    const stopped = running.stop();
    server = undefined;
    await waitFor(() => !running.listening(), 10_000);
    // The rest of the first request, and a second one pipelined behind it: it reaches routing while stopping.
    connection.send(body + request(running, 'GET /v1/pets?limit=1 HTTP/1.1', bearer(running.key)));
    await connection.closed;
    await stopped;
    const answers = parseResponses(connection.received(), []);
    expect(answers.map((answer) => answer.status)).toEqual([201, 200]);
    expect(JSON.parse(answers[0]?.body ?? '{}')).toMatchObject({ name: 'Last one in' });
    expect(answers[1]?.headers.connection).toBe('close');
  });
});
