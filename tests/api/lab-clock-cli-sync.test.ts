/**
 * A `clock` move from the CLI returns only once the running server of that
 * environment has applied it, so the very next request sees the new time (no sleep here: the CLI's
 * return is the synchronisation). Without a server it says none is running.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { Engine } from '../../src/main/engine/engine';
import { createKey, type ClientKey } from '../helpers/limits-server';
import { killServer, spawnServer, type ServerProcess } from '../helpers/processes';
import { makeTempDir, removeTempDir } from '../helpers/temp-dir';
import { runCliInProcess } from '../helpers/cli-in-process';

let server: ServerProcess | undefined;
let dataDir: string | undefined;

afterEach(async () => {
  await killServer(server);
  server = undefined;
  if (dataDir) removeTempDir(dataDir);
  dataDir = undefined;
});

/** A data dir with a Free key (to be banned) and an Enterprise key (traffic that keeps the server reading). */
function prepared(): { free: ClientKey; busy: ClientKey } {
  dataDir = makeTempDir();
  const engine = new Engine({ dataDir, environment: 'production' });
  try {
    return {
      free: createKey(engine, 'free'),
      busy: createKey(engine, 'enterprise', { perMinute: 1_000_000, perDay: 10_000_000 }),
    };
  } finally {
    engine.close();
  }
}

async function statusOf(url: string, key: string): Promise<{ status: number; code?: string }> {
  const response = await fetch(url, { headers: { authorization: `Bearer ${key}` } });
  const body = (await response.json()) as { code?: string };
  return { status: response.status, code: body.code };
}

describe('clock moves from the CLI with a server running in another process', () => {
  it('advance past a ban: the next request gets 200; reset: the real ban is back at once', async () => {
    const { free, busy } = prepared();
    server = await spawnServer(dataDir!);
    const pets = `${server.baseUrl}/pets?limit=1`;
    let last: { status: number; code?: string } = { status: 0 };
    for (let i = 0; i < 72 && last.code !== 'api_key_banned'; i += 1) last = await statusOf(pets, free.key);
    expect(last).toEqual({ status: 429, code: 'api_key_banned' });

    // Traffic meanwhile, as in real use: the server has just read the clock when the CLI returns,
    // so a pick-up "within 250 ms" would still answer with the old time.
    let traffic = true;
    const busyClient = (async () => {
      while (traffic) await statusOf(pets, busy.key);
    })();
    try {
      const advanced = await runCliInProcess(dataDir!, ['clock', 'advance', '16m']);
      expect(advanced.code, advanced.stderr).toBe(0);
      expect(await statusOf(pets, free.key)).toEqual({ status: 200, code: undefined });
      expect(advanced.stderr).toContain(
        `The running production server (${server.baseUrl}, pid ${server.child.pid}) uses it from its next request.`,
      );

      // The ban started in real time and runs 15 real minutes: back to real time, it holds again.
      const reset = await runCliInProcess(dataDir!, ['--json', 'clock', 'reset']);
      expect(reset.code, reset.stderr).toBe(0);
      expect(await statusOf(pets, free.key)).toEqual({ status: 429, code: 'api_key_banned' });
      expect(JSON.parse(reset.stdout)).toMatchObject({
        on: false,
        server: { state: 'applied', pid: server.child.pid, address: server.baseUrl },
      });
    } finally {
      traffic = false;
      await busyClient;
    }
  }, 90_000);

  it('a CLI scenario that honours Retry-After meets exactly one 429: each clock move it makes is applied before its next request', async () => {
    const { free } = prepared();
    server = await spawnServer(dataDir!);
    expect((await runCliInProcess(dataDir!, ['clock', 'next-minute'])).code).toBe(0);
    const ran = await runCliInProcess(dataDir!, [
      '--json',
      'scenario',
      'run',
      'honour-retry-after',
      '--key',
      free.key,
      '--count',
      '65',
    ]);
    expect(ran.code, ran.stderr).toBe(0);
    // A retry sent before the server ran on the moved clock would be refused again (and judged early).
    expect(JSON.parse(ran.stdout)).toMatchObject({
      state: 'finished',
      sent: 65,
      counts: { '200': 64, rate_limited: 1 },
    });
  }, 90_000);

  it('without a server, says that none is running (and the move is stored for the next one)', async () => {
    dataDir = makeTempDir();
    const advanced = await runCliInProcess(dataDir!, ['clock', 'advance', '15m']);
    expect(advanced.code, advanced.stderr).toBe(0);
    expect(advanced.stdout).toMatch(/^Lab clock ON: .* \(\+15m from real time/);
    expect(advanced.stderr).toBe(
      'No production server is running for this data dir: the clock is stored, and a server uses it when it starts.\n',
    );
    const json = await runCliInProcess(dataDir!, ['--env', 'staging', '--json', 'clock', 'next-minute']);
    expect(JSON.parse(json.stdout)).toMatchObject({ on: true, server: { state: 'none running' } });
  }, 60_000);
});
