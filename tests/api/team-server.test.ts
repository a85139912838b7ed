/**
 * The shelter server as a shelter runs it: a real `serve --team` process on a temp data
 * dir whose first owner was made on the CLI, reached over HTTPS at a non-loopback address of this
 * machine with the local CA (exported by `certificates ca`) as the only trusted root.
 */
import type { ChildProcess } from 'node:child_process';
import { createHash, X509Certificate } from 'node:crypto';
import fs from 'node:fs';
import https from 'node:https';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import tls from 'node:tls';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureRendererBuilt } from '../../src/main/http/admin/renderer-build';
import { fingerprintText, shortCodeOf } from '../../src/shared/team';
import { adminClient, overHttp } from '../helpers/admin-client';
import { freePort } from '../helpers/free-port';
import { runCliInProcess } from '../helpers/cli-in-process';
import { PROJECT_ROOT, runServerToExit, spawnServerProcess } from '../helpers/processes';
import { makeTempDir, removeTempDir } from '../helpers/temp-dir';
import { waitFor } from '../helpers/wait-for';

/** An IPv4 address of this machine other desks could use: the listener binds 0.0.0.0 by default. */
const address = Object.values(os.networkInterfaces())
  .flatMap((addresses) => addresses ?? [])
  .find((one) => !one.internal && one.family === 'IPv4')?.address;
const SKIP_REASON =
  'this machine has no non-loopback IPv4 address: the shelter server cannot be reached as another desk would';
if (!address && process.env.CI === 'true') throw new Error(SKIP_REASON);

interface Started {
  child: ChildProcess;
  output(): string;
  /** The loopback admin pages: origin and token. */
  admin: { origin: string; token: string };
}

let dataDir: string;
let caPem: string;
let teamPort: number;
let server: Started | undefined;
const password = 'a long shelter password';

async function start(args: string[]): Promise<Started> {
  const child = spawnServerProcess(dataDir, ['--other-port', '0', '--admin', ...args]);
  let output = '';
  child.stdout?.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
  const line = await waitFor(() => {
    if (child.exitCode !== null) throw new Error(`serve exited: ${output}`);
    return /^Admin pages: (http:\/\/127\.0\.0\.1:\d+)\/admin\/#token=(\S+)$/m.exec(output) ?? undefined;
  }, 60_000);
  // The shelter lines come right after the admin line, in the same write or the next.
  if (args.includes('--team')) await waitFor(() => output.includes('Compare this code on every desk:'), 10_000);
  return { child, output: () => output, admin: { origin: line[1]!, token: line[2]! } };
}

async function stop(started: Started | undefined): Promise<void> {
  if (!started || started.child.exitCode !== null || started.child.signalCode !== null) return;
  const exited = new Promise((resolve) => started.child.once('exit', resolve));
  started.child.kill('SIGTERM');
  await exited;
}

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** One HTTPS request to the shelter server at `address`, trusting only the exported CA; `host` replaces the Host line. */
function teamRequest(
  pathname: string,
  options: { method?: string; body?: unknown; cookie?: string; host?: string; headers?: Record<string, string> } = {},
): Promise<Answer> {
  const body = options.body === undefined ? undefined : JSON.stringify(options.body);
  const headers: Record<string, string> = {
    host: options.host ?? `${address}:${teamPort}`,
    ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    ...(options.cookie ? { cookie: options.cookie } : {}),
    ...options.headers,
  };
  return new Promise((resolve, reject) => {
    // servername '': the certificate is checked against the address connected to, whatever the Host line says.
    const request = https.request(
      {
        host: address,
        port: teamPort,
        path: pathname,
        method: options.method ?? (body ? 'POST' : 'GET'),
        headers,
        ca: caPem,
        rejectUnauthorized: true,
        servername: '',
        agent: false,
      },
      (response) => {
        let text = '';
        response.setEncoding('utf8').on('data', (chunk: string) => (text += chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: text }));
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}

/** The loopback admin pages of a started server, with its token (`{ token: true }`) or without. */
const adminOf = (started: Started) => adminClient(overHttp(() => started.admin.origin, started.admin.token));

beforeAll(async () => {
  ensureRendererBuilt(PROJECT_ROOT);
  dataDir = makeTempDir('team-server');
  const passwordFile = path.join(dataDir, 'password.txt');
  fs.writeFileSync(passwordFile, `${password}\n`);
  const owner = await runCliInProcess(dataDir, [
    'staff',
    'add',
    '--name',
    'Ana Ruiz',
    '--login',
    'ana',
    '--role',
    'owner',
    '--password-file',
    passwordFile,
  ]);
  expect(owner.code, owner.stderr).toBe(0);
  const ca = await runCliInProcess(dataDir, ['certificates', 'ca']);
  expect(ca.code, ca.stderr).toBe(0);
  caPem = ca.stdout;
  teamPort = await freePort();
}, 240_000);

afterAll(async () => {
  await stop(server);
  removeTempDir(dataDir);
});

describe.skipIf(!address)(`serve --team over HTTPS at this machine's address (${address ?? SKIP_REASON})`, () => {
  it('prints where other desks go and the code to compare, the same as the CA’s and team.server’s', async () => {
    server = await start(['--team', '--team-port', String(teamPort)]);
    const shelter = /^Shelter server: (https:\/\/\S+\/admin\/)(?: \(also (.+)\))?$/m.exec(server.output());
    expect(shelter?.[1]).toBe(`https://${os.hostname().toLowerCase()}:${teamPort}/admin/`);
    expect(shelter?.[2]).toContain(`https://${address}:${teamPort}/admin/`);
    const printed = /^Compare this code on every desk: (\S+)$/m.exec(server.output())?.[1];
    const fingerprint = fingerprintText(createHash('sha256').update(new X509Certificate(caPem).raw).digest('hex'));
    expect(printed).toBe(shortCodeOf(fingerprint));
    expect(printed).toMatch(/^[0-9A-F]{4}(-[0-9A-F]{4}){3}$/);
    // The token is printed once, for the loopback pages only.
    expect(server.output().match(/token=/g)).toHaveLength(1);

    const state = await adminOf(server).ok('team.server', {}, { token: true });
    expect(state).toMatchObject({ serving: true, port: teamPort, fingerprint, shortCode: printed });
    expect(state.urls).toContain(`https://${address}:${teamPort}/admin/`);
  }, 120_000);

  it('serves a certificate naming this computer and its address, trusted through the exported CA alone', async () => {
    const certificate = await new Promise<X509Certificate>((resolve, reject) => {
      const socket = tls.connect(
        { host: address, port: teamPort, ca: caPem, rejectUnauthorized: true, servername: '' },
        () => {
          const peer = socket.getPeerX509Certificate();
          socket.end();
          if (peer) resolve(peer);
          else reject(new Error('no certificate served'));
        },
      );
      socket.on('error', reject);
    });
    const names = certificate.subjectAltName ?? '';
    expect(names).toContain(`DNS:${os.hostname().toLowerCase()}`);
    expect(names).toContain(`DNS:${os.hostname().toLowerCase()}.local`);
    expect(names).toContain('DNS:localhost');
    expect(names).toContain(`IP Address:${address}`);
    expect(names).toContain('IP Address:127.0.0.1');
    expect(certificate.checkIssued(new X509Certificate(caPem))).toBe(true);
    expect(fs.statSync(path.join(dataDir, 'certificates', 'team-server.json')).mode & 0o777).toBe(0o600);
  }, 30_000);

  it('loads the pages, logs in with a Secure session cookie, and answers a member’s calls', async () => {
    const page = await teamRequest('/admin/');
    expect(page.status).toBe(200);
    expect(page.body).toContain('<!doctype html>');
    expect(page.headers['strict-transport-security']).toBe('max-age=31536000');

    const login = await teamRequest('/admin/api/staff.login', { body: { login: 'ana', password } });
    expect(login.status, login.body).toBe(200);
    const setCookie = String(login.headers['set-cookie'] ?? '');
    expect(setCookie).toMatch(/^__Host-adoption_desk_session=[\w-]+; /);
    expect(setCookie.split('; ')).toEqual(expect.arrayContaining(['Secure', 'HttpOnly', 'SameSite=Strict', 'Path=/']));
    const cookie = setCookie.split(';')[0]!;

    const me = await teamRequest('/admin/api/staff.me', { body: {}, cookie });
    expect(me.status, me.body).toBe(200);
    expect(JSON.parse(me.body)).toMatchObject({ teamMode: true, me: { login: 'ana', role: 'owner' } });
    const state = await teamRequest('/admin/api/team.server', { body: {}, cookie });
    expect(JSON.parse(state.body)).toMatchObject({ serving: true, port: teamPort });
    // A photo needs a live session there (an <img> sends the cookie): without one 401, with one the photo's own answer.
    const photo = `/admin/photos/production/${'a'.repeat(64)}.jpg`;
    expect((await teamRequest(photo)).status).toBe(401);
    expect(
      (await teamRequest(photo, { cookie: '__Host-adoption_desk_session=made-up-session-id-0123456789' })).status,
    ).toBe(401);
    expect((await teamRequest(photo, { cookie })).status).toBe(404);
  }, 30_000);

  it('refuses a Host outside the certificate’s names, a call without a session, and never takes the admin token', async () => {
    const rebound = await teamRequest('/admin/', { host: `shelter.attacker.example:${teamPort}` });
    expect(rebound.status).toBe(403);
    expect(JSON.parse(rebound.body)).toMatchObject({ code: 'forbidden', status: 403 });

    const anonymous = await teamRequest('/admin/api/servers.status', { body: {} });
    expect(anonymous.status).toBe(401);
    expect(JSON.parse(anonymous.body)).toMatchObject({
      code: 'unauthorized',
      status: 401,
      details: { reason: 'login_required' },
    });

    const withToken = await teamRequest('/admin/api/servers.status', {
      body: {},
      headers: { 'x-admin-token': server!.admin.token },
    });
    expect(withToken.status).toBe(401);

    const otherSite = await teamRequest('/admin/api/staff.login', {
      body: { login: 'ana', password },
      headers: { origin: 'https://attacker.example' },
    });
    expect(otherSite.status).toBe(403);
    expect(JSON.parse(otherSite.body)).toMatchObject({ code: 'forbidden' });
  }, 30_000);

  it('keeps the loopback admin pages as strict as before: the token is still needed there', async () => {
    expect((await adminOf(server!).call('servers.status', {})).status).toBe(401);
    expect((await adminOf(server!).call('servers.status', {}, { token: true })).status).toBe(200);
  }, 30_000);

  it('without --team nothing listens on the team port, and team.server says so with the same code', async () => {
    const before = await adminOf(server!).ok('team.server', {}, { token: true });
    await stop(server);
    server = await start([]);
    expect(server.output()).not.toContain('Shelter server');
    const refused = await new Promise<string>((resolve) => {
      const socket = net.connect({ host: address, port: teamPort });
      socket.on('connect', () => {
        socket.destroy();
        resolve('connected');
      });
      socket.on('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? 'error'));
    });
    expect(refused).toBe('ECONNREFUSED');
    const state = await adminOf(server).ok('team.server', {}, { token: true });
    expect(state).toEqual({
      serving: false,
      urls: [],
      port: null,
      fingerprint: before.fingerprint,
      shortCode: before.shortCode,
    });
  }, 120_000);
});

describe('serve --team refusals', () => {
  it('a taken team port: it stops and names --team-port; --team-port without --team is refused', async () => {
    // One server per data dir: the one above stops first.
    await stop(server);
    const blocker = net.createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '0.0.0.0', resolve));
    const taken = (blocker.address() as net.AddressInfo).port;
    try {
      const result = await runServerToExit(
        dataDir,
        ['--other-port', '0', '--team', '--team-port', String(taken)],
        60_000,
      );
      expect(result.code).toBe(1);
      expect(result.stderr).toContain(
        `Error: The shelter server did not start: Port ${taken} on 0.0.0.0 is already in use. Choose another port with --team-port.`,
      );
    } finally {
      await new Promise((resolve) => blocker.close(resolve));
    }
    const alone = await runServerToExit(dataDir, ['--team-port', '4020']);
    expect(alone.code).toBe(1);
    expect(alone.stderr).toContain('Error: --team-port and --team-host go with --team.');
  }, 120_000);
});
