/** `npm run serve -- --admin` as a user starts it: what the terminal says, and where the token goes. */
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { ensureRendererBuilt } from '../../src/main/http/admin/renderer-build';
import type { ChildProcess } from 'node:child_process';
import { adminClient, overHttp } from '../helpers/admin-client';
import { PROJECT_ROOT, runServerToExit, spawnServerProcess } from '../helpers/processes';
import { makeTempDir, removeTempDir } from '../helpers/temp-dir';
import { waitFor } from '../helpers/wait-for';

let dataDir: string;
let server: BrowserMode | undefined;
const blocker = net.createServer();
let taken: number;

beforeAll(async () => {
  // Built once up front (if the sources changed), so no start below waits for it.
  ensureRendererBuilt(PROJECT_ROOT);
  await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
  taken = (blocker.address() as net.AddressInfo).port;
  dataDir = makeTempDir();
}, 180_000);

interface BrowserMode {
  child: ChildProcess;
  output(): string;
  /** The Admin pages line: its address, port and token. */
  admin: { url: string; port: string; token: string };
  apiUrl: string;
}

/** `serve --admin`, once it has printed the admin address. */
async function startBrowserMode(args: string[]): Promise<BrowserMode> {
  const child = spawnServerProcess(dataDir, ['--admin', ...args]);
  let output = '';
  child.stdout?.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
  // A start that gives up must not leave its process holding the data dir's lock for the next test.
  const line = await waitFor(
    () => /^Admin pages: (http:\/\/127\.0\.0\.1:(\d+)\/admin\/)#token=(\S+)$/m.exec(output) ?? undefined,
    20_000,
  ).catch((error: unknown) => {
    child.kill('SIGKILL');
    throw error;
  });
  const apiUrl = /^Adoption Desk production API listening on (\S+)$/m.exec(output)?.[1] ?? '';
  return { child, output: () => output, admin: { url: line[1]!, port: line[2]!, token: line[3]! }, apiUrl };
}

afterEach(async () => {
  // A process ended by a signal has no exit code, but it has ended: waiting for its exit would wait for ever.
  if (!server || server.child.exitCode !== null || server.child.signalCode !== null) return;
  const exited = new Promise((resolve) => server!.child.once('exit', resolve));
  server.child.kill('SIGTERM');
  await exited;
});

afterAll(async () => {
  await new Promise((resolve) => blocker.close(resolve));
  removeTempDir(dataDir);
});

it('the other environment’s port in use: it names --other-port, and the admin pages still start', async () => {
  server = await startBrowserMode(['--other-port', String(taken)]);
  expect(server.output()).toContain(
    `Adoption Desk staging API not started: Port ${taken} on 127.0.0.1 is already in use; choose another with --other-port.\n`,
  );
  // The admin pages have a port of their own, not the production API's.
  expect(server.apiUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/v1$/);
  expect(server.apiUrl).not.toContain(`:${server.admin.port}/`);
  expect((await fetch(server.admin.url)).status).toBe(200);
});

it('its own port in use: it stops and names --port', async () => {
  const result = await runServerToExit(dataDir, ['--admin', '--port', String(taken)]);
  expect(result.code).toBe(1);
  expect(result.stderr).toContain(`Error: Port ${taken} on 127.0.0.1 is already in use; choose another with --port.`);
});

it('the admin token is printed once, on the Admin pages line, and reaches no request log', async () => {
  server = await startBrowserMode(['--log-level', 'info']);
  const { url, token } = server.admin;
  const admin = adminClient(
    overHttp(() => new URL(url).origin, token),
    { auth: { token: true } },
  );
  expect((await admin.call('servers.status', {})).status).toBe(200);
  expect((await admin.raw('no.such.channel', {})).status).toBe(404);
  expect((await fetch(`${server.apiUrl}/pets`)).status).toBe(401);
  // Logging is on (start lines at info); nothing is logged per request, so nothing else can carry the token.
  await waitFor(() => server!.output().includes('"msg":"started"'), 5_000);
  expect(server.output().split(token).length - 1).toBe(1);
});

it('the real build runs under the admin Content-Security-Policy: every script is a file of its own, none inline', async () => {
  server = await startBrowserMode([]);
  const response = await fetch(server.admin.url);
  expect(response.headers.get('content-security-policy')).toContain("script-src 'self';");
  const page = await response.text();
  expect(page).toBe(fs.readFileSync(path.join(PROJECT_ROOT, 'out', 'renderer', 'index.html'), 'utf8'));
  const scripts = [...page.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)];
  expect(scripts.length).toBeGreaterThan(0);
  for (const [, attributes = '', content = ''] of scripts) {
    expect(attributes).toMatch(/\ssrc="\.?\/?assets\/[^"]+\.js"/);
    expect(content.trim()).toBe('');
  }
  expect(page).not.toMatch(/\son[a-z]+=/i);
});

it('a SIGTERM while the servers start stops them once started: exit 0, said, never killed mid-way', async () => {
  const child = spawnServerProcess(dataDir, ['--admin', '--other-port', '0']);
  let output = '';
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
  // The first line it prints is printed while it starts: the signal arrives mid-start.
  child.stdout?.setEncoding('utf8').once('data', (chunk: string) => {
    output += chunk;
    child.kill('SIGTERM');
    child.stdout?.on('data', (more: string) => (output += more));
  });
  expect(await exited).toEqual({ code: 0, signal: null });
  expect(output).toContain('SIGTERM received: finishing in-flight requests, then stopping.');
});
