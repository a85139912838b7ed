import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Pet } from '../../src/shared/pet';
import { dataDirWithKey } from '../helpers/api-server';
import { bearer, jsonHeaders, linkTargets } from '../helpers/http';
import { killServer, runServerToExit, spawnServer, type ServerProcess } from '../helpers/processes';
import { makeTempDir, removeTempDir } from '../helpers/temp-dir';
import { waitFor } from '../helpers/wait-for';

let dataDir: string;
let key: string;
const started: ServerProcess[] = [];

beforeEach(() => {
  ({ dataDir, key } = dataDirWithKey());
});

afterEach(async () => {
  for (const server of started.splice(0)) await killServer(server);
  removeTempDir(dataDir);
});

async function start(extraArgs: string[] = []): Promise<ServerProcess> {
  const server = await spawnServer(dataDir, extraArgs);
  started.push(server);
  return server;
}

async function allPetIds(baseUrl: string): Promise<number[]> {
  const ids: number[] = [];
  for (let url: string | undefined = `${baseUrl}/pets?limit=100`; url;) {
    const response: Response = await fetch(url, { headers: bearer(key) });
    expect(response.status).toBe(200);
    ids.push(...((await response.json()) as Pet[]).map((pet) => pet.id));
    url = linkTargets(response.headers.get('link'), 'next')[0];
  }
  return ids;
}

describe('the headless server (npm run serve) as a real process', () => {
  it('keeps every acknowledged pet through kill -9 while writes are in flight', async () => {
    const first = await start();
    const acknowledged = new Map<number, string>();
    let killed = false;
    const writers = Array.from({ length: 4 }, async (_, worker) => {
      for (let i = 0; !killed; i++) {
        const name = `Survivor ${worker}-${i} 🐕`;
        try {
          const response = await fetch(`${first.baseUrl}/pets`, {
            method: 'POST',
            headers: jsonHeaders(key),
            body: JSON.stringify({ name, categoryId: 1 }),
          });
          if (response.status === 201) acknowledged.set(((await response.json()) as Pet).id, name);
          else expect(response.status).toBe(201);
        } catch {
          // The connection died with the process: that write was never acknowledged.
        }
      }
    });
    await waitFor(() => acknowledged.size >= 150, 15_000);
    first.child.kill('SIGKILL');
    const exit = await first.exited;
    killed = true;
    await Promise.all(writers);
    expect(exit.signal).toBe('SIGKILL');

    const second = await start();
    const ids = new Set(await allPetIds(second.baseUrl));
    for (const [id, name] of acknowledged) {
      expect(ids.has(id), `acknowledged pet ${id} survived`).toBe(true);
      const response = await fetch(`${second.baseUrl}/pets/${id}`, { headers: bearer(key) });
      expect(((await response.json()) as Pet).name).toBe(name);
    }
  });

  it('refuses a second server for the same data dir and environment, naming the reason', async () => {
    const first = await start();
    const second = await runServerToExit(dataDir);
    expect(second.code).not.toBe(0);
    expect(second.stderr).toMatch(/already running/);
    expect(second.stderr).toContain(String(first.child.pid));
    expect((await fetch(`${first.baseUrl}/pets`, { headers: bearer(key) })).status).toBe(200);
  });

  it('allows a staging server beside production on the same data dir; keys do not cross', async () => {
    const production = await start();
    const staging = await start(['--env', 'staging']);
    expect(staging.baseUrl).not.toBe(production.baseUrl);
    expect(staging.stdout()).toMatch(/staging API listening/);
    const response = await fetch(`${staging.baseUrl}/pets`, { headers: bearer(key) });
    expect(response.status).toBe(401);
  });

  it('stops with exit code 0 on SIGTERM, within a few seconds, and frees the data dir', async () => {
    const server = await start();
    expect((await fetch(`${server.baseUrl}/pets`, { headers: bearer(key) })).status).toBe(200);
    server.child.kill('SIGTERM');
    await waitFor(() => server.child.exitCode !== null || server.child.signalCode !== null, 5_000);
    const exit = await server.exited;
    expect(exit.code).toBe(0);
    expect(exit.stdout).toMatch(/SIGTERM received/);
    const again = await start();
    expect((await fetch(`${again.baseUrl}/pets`, { headers: bearer(key) })).status).toBe(200);
  });

  it('explains a port that is in use instead of crashing', async () => {
    const first = await start();
    const port = new URL(first.baseUrl).port;
    const otherDir = makeTempDir();
    try {
      const clash = await runServerToExit(otherDir, ['--port', port]);
      expect(clash.code).not.toBe(0);
      expect(clash.stderr).toMatch(new RegExp(`Port ${port}.*in use`));
    } finally {
      removeTempDir(otherDir);
    }
  });
});
