/**
 * The shelter server's HTTPS listener against strangers on the network, in this process with short
 * limits: sockets that never shake hands, headers that never end, bodies sent before anyone logged
 * in. Real sockets on 127.0.0.1, the real listener, a real data dir.
 */
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import tls from 'node:tls';
import { afterEach, describe, expect, it } from 'vitest';
import { startAdminServer } from '../../src/main/http/admin/server';
import { adminServingOf } from '../../src/main/admin/admin-serving';
import { parseResponses } from '../helpers/raw-http';
import { startTeamHarness, teamLogin, teamRequest, type TeamHarness } from '../helpers/team-listener';
import { waitFor } from '../helpers/wait-for';

const PASSWORD = 'a long shelter password';

let harness: TeamHarness | undefined;

afterEach(async () => {
  await harness?.stop();
  harness = undefined;
});

async function withOwner(running: TeamHarness): Promise<TeamHarness> {
  await running.host
    .engine('production')
    .services.staff.add({ name: 'Ana Ruiz', login: 'ana', role: 'owner', password: PASSWORD });
  return running;
}

/** A TLS connection to the listener that trusts its CA; what it receives is kept until the server closes. */
function secureConnection(running: TeamHarness) {
  const socket = tls.connect({
    host: '127.0.0.1',
    port: running.listener.port,
    servername: 'localhost',
    ca: running.caPem,
  });
  const chunks: Buffer[] = [];
  socket.on('data', (chunk: Buffer) => chunks.push(chunk));
  socket.on('error', () => {});
  const secured = new Promise<void>((resolve) => socket.once('secureConnect', () => resolve()));
  let closed = false;
  socket.once('close', () => (closed = true));
  return { socket, secured, closed: () => closed, received: () => Buffer.concat(chunks).toString('latin1') };
}

describe('the handshake', () => {
  it('64 sockets that never send a hello are closed at the handshake timeout, and a desk is answered again at once', async () => {
    const running = (harness = await startTeamHarness({ connectionLimits: { handshakeTimeout: 300 } }));
    const idle = Array.from({ length: 64 }, () => net.connect(running.listener.port, '127.0.0.1'));
    const closed = new Set<net.Socket>();
    for (const socket of idle) {
      socket.on('error', () => {});
      socket.once('close', () => closed.add(socket));
    }
    await waitFor(() => closed.size === idle.length, 5_000);
    const page = await teamRequest(running, '/admin/');
    expect(page.status).toBe(200);
  });

  it('while 64 such sockets are open, a desk’s request is still answered: they may hold only half the connections', async () => {
    const running = (harness = await startTeamHarness({ connectionLimits: { handshakeTimeout: 60_000 } }));
    const idle = Array.from({ length: 64 }, () => net.connect(running.listener.port, '127.0.0.1'));
    try {
      await Promise.all(
        idle.map((socket) => new Promise((resolve) => socket.once('connect', resolve).once('error', resolve))),
      );
      const page = await teamRequest(running, '/admin/');
      expect(page.status).toBe(200);
    } finally {
      for (const socket of idle) socket.destroy();
    }
  });
});

describe('timeouts over TLS', () => {
  it('a request whose headers never end is answered 408 and closed at the configured header timeout', async () => {
    const running = (harness = await startTeamHarness({
      connectionLimits: { headersTimeout: 400, requestTimeout: 20_000 },
    }));
    const slow = secureConnection(running);
    await slow.secured;
    const started = performance.now();
    slow.socket.write('GET /admin/ HTTP/1.1\r\nHost: localhost\r\nX-Slow: ');
    await waitFor(() => slow.closed(), 3_000);
    expect(performance.now() - started).toBeLessThan(3_000);
    const [answer] = parseResponses(Buffer.from(slow.received(), 'latin1'), []);
    expect(answer?.status).toBe(408);
    expect(JSON.parse(answer?.body ?? '{}')).toMatchObject({ code: 'request_timeout', status: 408 });
  });
});

describe('bodies before a session', () => {
  it('a forged session cookie with a large upload declared is refused before the body is sent, and the connection closed', async () => {
    const running = (harness = await withOwner(await startTeamHarness()));
    const client = secureConnection(running);
    await client.secured;
    const head = [
      'POST /admin/api/deploys.fromUpload HTTP/1.1',
      'Host: localhost',
      'Content-Type: application/json',
      `Content-Length: ${140 * 1024 * 1024}`,
      'Cookie: __Host-adoption_desk_session=forged-session-id-0123456789abcdef',
    ];
    // The head and one KiB of a body that would go on for 140 MiB: the answer must not wait for the rest.
    client.socket.write(`${head.join('\r\n')}\r\n\r\n{"project":"${'x'.repeat(1024)}`);
    await waitFor(() => client.closed(), 3_000);
    const [answer] = parseResponses(Buffer.from(client.received(), 'latin1'), []);
    expect(answer?.status).toBe(401);
    expect(answer?.headers.connection).toBe('close');
    expect(JSON.parse(answer?.body ?? '{}')).toMatchObject({
      code: 'unauthorized',
      status: 401,
      details: { reason: 'session_expired' },
    });
  });

  it('a login whose declared body is over its limit is answered 413 at once with the admin Error body', async () => {
    const running = (harness = await withOwner(await startTeamHarness()));
    const client = secureConnection(running);
    await client.secured;
    client.socket.write(
      `POST /admin/api/staff.login HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: ${1024 * 1024}\r\n\r\n{"login":"ana",`,
    );
    await waitFor(() => client.closed(), 3_000);
    const [answer] = parseResponses(Buffer.from(client.received(), 'latin1'), []);
    expect(answer?.status).toBe(413);
    expect(JSON.parse(answer?.body ?? '{}')).toMatchObject({ code: 'payload_too_large', status: 413 });
  });

  it('a live session still gets its calls answered; its cookie is __Host- (Secure, Path=/, no Domain)', async () => {
    const running = (harness = await withOwner(await startTeamHarness()));
    const login = await teamRequest(running, '/admin/api/staff.login', { body: { login: 'ana', password: PASSWORD } });
    const setCookie = String(login.headers['set-cookie'] ?? '');
    expect(setCookie).toMatch(/^__Host-adoption_desk_session=[\w-]{43}; Path=\/; HttpOnly; SameSite=Strict; Secure$/);
    const cookie = setCookie.split(';')[0] ?? '';
    const me = await teamRequest(running, '/admin/api/staff.me', { body: {}, cookie });
    expect(me.status).toBe(200);
    expect(JSON.parse(me.body)).toMatchObject({ me: { login: 'ana' } });
    const status = await teamRequest(running, '/admin/api/team.server', { body: {}, cookie });
    expect(status.status, status.body).toBe(200);
  });
});

describe('a folder of the serving computer', () => {
  it('is published by the desk alone: members get 403 desk_only naming no path, the desk at the loopback still deploys it', async () => {
    const running = (harness = await withOwner(await startTeamHarness()));
    const services = running.host.engine('production').services;
    await services.staff.add({ name: 'Sam Ortiz', login: 'sam', role: 'staff', password: PASSWORD });
    const accountId = services.accounts.create({ name: 'Happy Paws', planId: 'free' }).id;
    const project = running.host.engine('production').sites.projects.create({ accountId, name: 'Server folder' });
    const folder = path.join(running.dataDir, 'server-folder');
    fs.mkdirSync(folder);
    fs.writeFileSync(path.join(folder, 'index.html'), '<h1>Site</h1>');
    fs.writeFileSync(path.join(folder, 'secret.txt'), 'not for members', { mode: 0o600 });
    const payload = { environment: 'production', projectId: project.id, folder };
    for (const login of ['sam', 'ana']) {
      const cookie = await teamLogin(running, login, PASSWORD);
      const refused = await teamRequest(running, '/admin/api/deploys.fromFolder', { body: payload, cookie });
      expect(refused.status, refused.body).toBe(403);
      expect(JSON.parse(refused.body)).toMatchObject({
        code: 'forbidden',
        details: { reason: 'desk_only', channel: 'deploys.fromFolder' },
      });
      expect(refused.body).not.toContain(running.dataDir);
    }
    expect(running.host.engine('production').sites.projects.deploys(project.id)).toEqual([]);

    const token = 'test-token-desk-0123456789abcdefghijklmnop';
    const desk = await startAdminServer({
      ...adminServingOf(running.host, path.join(running.dataDir, 'renderer')),
      token,
      port: 0,
    });
    try {
      const response = await fetch(`${new URL(desk.url).origin}/admin/api/deploys.fromFolder`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-admin-token': token },
        body: JSON.stringify(payload),
      });
      expect(response.status).toBe(200);
      expect(await response.json()).toMatchObject({ outcome: 'succeeded' });
    } finally {
      await desk.stop();
    }
  });
});
