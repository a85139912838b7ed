import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Engine } from '../../src/main/engine/engine';
import { createEnterpriseKey } from '../helpers/api-server';
import { bearer } from '../helpers/http';
import { PROJECT_ROOT } from '../helpers/processes';
import { makeTempDir, removeTempDir } from '../helpers/temp-dir';
import { waitFor } from '../helpers/wait-for';

// `npm run serve` is `node scripts/launch.cjs serve`: these start it that way, with its default flags.
let dataDir: string;
let key: string;
let child: ChildProcess | undefined;

beforeEach(() => {
  dataDir = makeTempDir('adk-serve');
  const engine = new Engine({ dataDir, environment: 'production' });
  try {
    key = createEnterpriseKey(engine).key;
  } finally {
    engine.close();
  }
});

afterEach(() => {
  if (child && child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  removeTempDir(dataDir);
});

interface Started {
  baseUrl: string;
  stderr(): string;
  logLines(): { msg: string; level: number; [field: string]: unknown }[];
  exit: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

async function startServe(): Promise<Started> {
  const started = spawn(process.execPath, ['scripts/launch.cjs', 'serve', '--data-dir', dataDir, '--port', '0'], {
    cwd: PROJECT_ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child = started;
  let stdout = '';
  let stderr = '';
  started.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
  started.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  const exit = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    started.once('exit', (code, signal) => resolve({ code, signal })),
  );
  const baseUrl = await waitFor(() => /listening on (http:\/\/\S+\/v1)/.exec(stdout)?.[1], 30_000);
  const logLines = () =>
    stderr
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line));
  return { baseUrl, stderr: () => stderr, logLines, exit };
}

describe('npm run serve with its default flags', () => {
  it('logs start and stop as JSON on stderr, and not a line per request', async () => {
    const server = await startServe();
    await waitFor(() => server.logLines().some((line) => line.msg === 'started'), 5_000);
    expect(server.logLines()).toEqual([
      expect.objectContaining({ msg: 'started', level: 30, url: server.baseUrl, environment: 'production' }),
    ]);

    for (let i = 0; i < 20; i++)
      expect((await fetch(`${server.baseUrl}/pets`, { headers: bearer(key) })).status).toBe(200);
    expect((await fetch(`${server.baseUrl}/pets`)).status).toBe(401);
    expect(server.logLines()).toHaveLength(1);

    child?.kill('SIGTERM');
    expect(await server.exit).toEqual({ code: 0, signal: null });
    expect(server.logLines().map((line) => line.msg)).toEqual(['started', 'stopping', 'stopped']);
  });

  it('stops gracefully, once, when Ctrl-C arrives twice (from the terminal and forwarded by npm)', async () => {
    const server = await startServe();
    // A request still arriving keeps the stop busy, so the second signal lands while it runs.
    const { port } = new URL(server.baseUrl);
    const socket = net.connect(Number(port), '127.0.0.1');
    await new Promise((resolve) => socket.once('connect', resolve));
    socket.on('error', () => undefined);
    socket.write(
      `POST /v1/pets HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${key}\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"name":`,
    );
    child?.kill('SIGINT');
    await waitFor(() => server.logLines().some((line) => line.msg === 'stopping'), 5_000);
    child?.kill('SIGINT');
    expect(await server.exit).toEqual({ code: 0, signal: null });
    expect(server.logLines().filter((line) => line.msg === 'stopped')).toHaveLength(1);
    socket.destroy();
  });
});
