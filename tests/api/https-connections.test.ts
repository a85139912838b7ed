/**
 * The HTTPS port under the same limits as the plain one, its SNI cache bounded,
 * and a removal by another connection counting from the very next request on both ports.
 * Real sockets, a real certificate from the local CA, short injected limits.
 */
import net from 'node:net';
import tls from 'node:tls';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApiServer, type RunningServer } from '../../src/main/http/listen';
import { Engine } from '../../src/main/engine/engine';
import { ManualClock } from '../../src/shared/clock';
import { createEnterpriseKey } from '../helpers/api-server';
import { startTestDns, type TestDns } from '../helpers/dns-server';
import { bearer, expectRawError } from '../helpers/http';
import { runCliInProcess } from '../helpers/cli-in-process';
import { parseResponses } from '../helpers/raw-http';
import { siteRequest } from '../helpers/site-http';
import { deployedProject } from '../helpers/site-project';
import { makeTempDir, removeTempDir } from '../helpers/temp-dir';
import { peerCertificate, TlsConnection } from '../helpers/tls-probe';
import { waitFor } from '../helpers/wait-for';

const LIMITS = { headersTimeout: 500, requestTimeout: 1_000, handshakeTimeout: 3_000, maxConnections: 10 };
const NAME = 'www.shelter.test';
const GONE = 'gone.shelter.test';
const GONE_BY_CLI = 'cli.shelter.test';

let dataDir: string;
let dns: TestDns;
let server: RunningServer;
let key: string;

const httpsPort = () => server.httpsPort ?? 0;

beforeAll(async () => {
  dataDir = makeTempDir();
  dns = await startTestDns({
    [NAME]: { CNAME: 'happy-paws.localhost' },
    [GONE]: { CNAME: 'happy-paws.localhost' },
    [GONE_BY_CLI]: { CNAME: 'happy-paws.localhost' },
  });
  // Real time: the certificates' validity is judged by the real clock.
  server = await startApiServer({
    dataDir,
    environment: 'production',
    port: 0,
    clock: new ManualClock(Date.now()),
    connectionLimits: LIMITS,
    sites: { dnsServers: [dns.server], httpsPort: 0 },
  });
  const { project } = await deployedProject(server.engine, dataDir, { html: '<h1>Welcome over TLS</h1>' });
  const { domains } = server.engine.sites;
  for (const name of [NAME, GONE, GONE_BY_CLI]) {
    domains.add(project.slug, name);
    expect((await domains.verify(name)).status).toBe('verified');
  }
  await waitFor(
    () => [NAME, GONE, GONE_BY_CLI].every((name) => domains.get(name).certificate.state === 'issued'),
    10_000,
  );
  ({ key } = createEnterpriseKey(server.engine));
});

afterAll(async () => {
  await server.stop();
  await dns.close();
  removeTempDir(dataDir);
});

/** A TCP connection to the HTTPS port that never sends a byte (no ClientHello). */
function silentConnection(): { socket: net.Socket; connected: Promise<void>; closed: Promise<void> } {
  const socket = net.connect(httpsPort(), '127.0.0.1');
  socket.on('error', () => {});
  return {
    socket,
    connected: new Promise((resolve) => socket.once('connect', () => resolve())),
    closed: new Promise((resolve) => socket.once('close', () => resolve())),
  };
}

async function httpsGet(host: string, target: string, headers = ''): Promise<ReturnType<typeof parseResponses>> {
  const connection = new TlsConnection(httpsPort(), NAME);
  await connection.secured;
  connection.send(`GET ${target} HTTP/1.1\r\nHost: ${host}\r\n${headers}Connection: close\r\n\r\n`);
  await connection.closed;
  return parseResponses(connection.received(), []);
}

describe('before the handshake', () => {
  it('a connection that never sends a ClientHello is closed within the handshake timeout', async () => {
    const silent = silentConnection();
    await silent.connected;
    const started = performance.now();
    const deadline = setTimeout(() => silent.socket.destroy(), 20_000);
    await silent.closed;
    clearTimeout(deadline);
    const elapsed = performance.now() - started;
    expect(elapsed).toBeGreaterThanOrEqual(LIMITS.handshakeTimeout - 100);
    expect(elapsed).toBeLessThan(LIMITS.handshakeTimeout + 1_500);
  });

  it('twice maxConnections silent connections do not keep a real client out: the oldest handshakes make way', async () => {
    const flood = Array.from({ length: 2 * LIMITS.maxConnections }, () => silentConnection());
    await Promise.all(flood.map((silent) => silent.connected));
    let open = flood.length;
    for (const silent of flood) void silent.closed.then(() => (open -= 1));
    try {
      const answers = await httpsGet(NAME, '/');
      expect(answers.map((answer) => [answer.status, answer.body])).toEqual([[200, '<h1>Welcome over TLS</h1>']]);
      // Made way for, not timed out: some of the flood, opened with the rest, is still there.
      expect(open).toBeGreaterThan(0);
      expect(open).toBeLessThan(flood.length);
    } finally {
      for (const silent of flood) silent.socket.destroy();
    }
  });
});

describe('after the handshake, the plain port’s timeouts', () => {
  it('headers trickled a byte at a time get 408 request_timeout with the Error body, at the headers timeout', async () => {
    const slow = new TlsConnection(httpsPort(), NAME);
    await slow.secured;
    const started = performance.now();
    const head = `GET /v1/pets HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ${'z'.repeat(200)}`;
    let sent = 0;
    const trickle = setInterval(() => slow.send(head.charAt(sent++)), 50);
    try {
      await slow.closed;
    } finally {
      clearInterval(trickle);
    }
    const answers = parseResponses(slow.received(), []);
    expect(answers).toHaveLength(1);
    expect(expectRawError(answers[0]!, 408, 'request_timeout')?.message).toMatch(/headers did not arrive within 0.5 s/);
    expect(performance.now() - started).toBeLessThan(LIMITS.headersTimeout + 1_500);
  });

  it('an idle connection to a site (its name in SNI, no request yet) gets the site’s plain 408: no rate-limit headers, nothing logged', async () => {
    server.engine.requestLog.flush();
    const logged = server.engine.requestLog.list({ limit: 10_000 }).length;
    const idle = new TlsConnection(httpsPort(), NAME);
    await idle.secured;
    await idle.closed;
    const answers = parseResponses(idle.received(), []);
    expect(answers.map((answer) => [answer.status, answer.headers['content-type']])).toEqual([
      [408, 'text/plain; charset=utf-8'],
    ]);
    expect(Object.keys(answers[0]!.headers).filter((name) => name.includes('ratelimit'))).toEqual([]);
    server.engine.requestLog.flush();
    expect(server.engine.requestLog.list({ limit: 10_000 })).toHaveLength(logged);
  });

  it('a body trickled a byte at a time gets 408 request_timeout at the request timeout, and nothing is created', async () => {
    const body = JSON.stringify({ name: 'Slow over TLS', categoryId: 1 });
    const slow = new TlsConnection(httpsPort(), NAME);
    await slow.secured;
    const started = performance.now();
    slow.send(
      `POST /v1/pets HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: ${bearer(key).authorization}\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n`,
    );
    let sent = 0;
    const trickle = setInterval(() => slow.send(body.charAt(sent++)), 100);
    try {
      await slow.closed;
    } finally {
      clearInterval(trickle);
    }
    const answers = parseResponses(slow.received(), []);
    expect(answers).toHaveLength(1);
    expect(expectRawError(answers[0]!, 408, 'request_timeout')?.message).toMatch(
      /body did not arrive in full within 1 s/,
    );
    expect(performance.now() - started).toBeLessThan(LIMITS.requestTimeout + 1_500);
    expect(sent).toBeLessThan(body.length);
    expect(server.engine.services.pets.browse({ limit: 500 }).pets.map((pet) => pet.name)).not.toContain(
      'Slow over TLS',
    );
  });
});

describe('the SNI cache', () => {
  it('stays bounded after thousands of random names, and a real name still gets its certificate', async () => {
    const https = server.https;
    if (!https) throw new Error('no HTTPS server');
    const randomName = () => `${Math.random().toString(36).slice(2)}-${'x'.repeat(200)}.example`;
    // One client context for all: making one per connection would cost the test more than the server.
    const secureContext = tls.createSecureContext();
    const handshake = (servername: string) =>
      new Promise<string>((resolve) => {
        const socket = tls.connect(
          { host: '127.0.0.1', port: httpsPort(), servername, secureContext, rejectUnauthorized: false },
          () => {
            socket.destroy();
            resolve('secured');
          },
        );
        socket.on('error', () => resolve('refused'));
      });
    for (let round = 0; round < 1_100; round += 20) {
      expect(await Promise.all(Array.from({ length: 20 }, () => handshake(randomName())))).not.toContain('secured');
    }
    expect(https.cachedNames()).toBeLessThanOrEqual(1_000);
    expect(https.cachedNames()).toBeGreaterThan(0);
    expect((await peerCertificate(httpsPort(), NAME)).subject.CN).toBe(NAME);
  });
});

describe('a removal made by another connection (as the CLI makes it)', () => {
  it('counts from the very next request: plain HTTP gets no 308, and the very next handshake no certificate', async () => {
    expect((await siteRequest(server.port, GONE, '/')).status).toBe(308);
    await peerCertificate(httpsPort(), GONE);
    const other = new Engine({ dataDir, environment: 'production' });
    try {
      // A request just before: whatever the server checks at most every so often, it has just checked.
      expect((await fetch(`${server.baseUrl}/openapi.json`)).status).toBe(200);
      other.sites.domains.remove(GONE);
      const next = await siteRequest(server.port, GONE, '/');
      expect(next.status).toBe(404);
      expect(next.body).toContain('There is no site at this domain');
      expect((await fetch(`${server.baseUrl}/openapi.json`)).status).toBe(200);
      await expect(peerCertificate(httpsPort(), GONE)).rejects.toThrow();
    } finally {
      other.close();
    }
    // The other name keeps its certificate and its redirect.
    expect((await siteRequest(server.port, NAME, '/')).status).toBe(308);
  });

  it('by `domains remove` (the CLI over its own engine): the request right after the command returns gets no 308', async () => {
    expect((await siteRequest(server.port, GONE_BY_CLI, '/')).status).toBe(308);
    const removed = await runCliInProcess(dataDir, ['domains', 'remove', GONE_BY_CLI]);
    expect(removed.code).toBe(0);
    expect((await siteRequest(server.port, GONE_BY_CLI, '/')).status).toBe(404);
    await expect(peerCertificate(httpsPort(), GONE_BY_CLI)).rejects.toThrow();
  });
});
