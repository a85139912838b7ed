/**
 * A full disk, a read-only disk and an unusable data dir, with real parts: a small tmpfs as the data
 * dir (skipped, saying why, where mounting is not permitted) and real server and CLI processes.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Pet } from '../../src/shared/pet';
import { Engine } from '../../src/main/engine/engine';
import { createEnterpriseKey } from '../helpers/api-server';
import { bearer, jsonHeaders, linkTargets } from '../helpers/http';
import { killServer, runCli, runServerToExit, spawnServer, type ServerProcess } from '../helpers/processes';
import { makeTempDir, removeTempDir } from '../helpers/temp-dir';
import { waitFor } from '../helpers/wait-for';

const mountPoint = makeTempDir('adoption-desk-tmpfs');
const mountProblem = (() => {
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=8m', 'tmpfs', mountPoint], { stdio: 'pipe' });
    return undefined;
  } catch (error) {
    return `mounting a tmpfs is not permitted here (${(error as Error).message.split('\n')[0]})`;
  }
})();

afterAll(() => {
  if (mountProblem === undefined) execFileSync('umount', [mountPoint]);
  removeTempDir(mountPoint);
});

let server: ServerProcess | undefined;
afterEach(async () => {
  await killServer(server);
  server = undefined;
});

/** Writes a file until the disk has no room left; returns its path. */
function fillDisk(dir: string): string {
  const filler = path.join(dir, 'filler');
  const chunk = Buffer.alloc(64 * 1024, 1);
  const fd = fs.openSync(filler, 'w');
  try {
    for (;;) fs.writeSync(fd, chunk);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOSPC') throw error;
  } finally {
    fs.closeSync(fd);
  }
  return filler;
}

function newKey(dataDir: string): string {
  const engine = new Engine({ dataDir, environment: 'production' });
  try {
    return createEnterpriseKey(engine).key;
  } finally {
    engine.close();
  }
}

async function allPetIds(baseUrl: string, key: string): Promise<Set<number>> {
  const ids = new Set<number>();
  for (let url: string | undefined = `${baseUrl}/pets?limit=100`; url;) {
    const response: Response = await fetch(url, { headers: bearer(key) });
    expect(response.status).toBe(200);
    for (const pet of (await response.json()) as Pet[]) ids.add(pet.id);
    url = linkTargets(response.headers.get('link'), 'next')[0];
  }
  return ids;
}

function expectOneLine(stderr: string, pattern: RegExp): void {
  const lines = stderr.trim().split('\n');
  expect(lines).toHaveLength(1);
  expect(lines[0]).toMatch(pattern);
  expect(stderr).not.toMatch(/^\s+at /m);
}

describe.skipIf(mountProblem !== undefined)(
  `a full disk (tmpfs of 8 MiB)${mountProblem ? `: skipped, ${mountProblem}` : ''}`,
  () => {
    let dataDir: string;
    let runs = 0;
    beforeEach(() => {
      dataDir = path.join(mountPoint, `data-${++runs}`);
    });
    afterEach(() => {
      fs.rmSync(path.join(mountPoint, 'filler'), { force: true });
      fs.rmSync(dataDir, { recursive: true, force: true });
    });

    it('writes answer 507 insufficient_storage with the rate-limit headers, reads go on, it recovers when space returns, and no 201 is lost', async () => {
      const key = newKey(dataDir);
      server = await spawnServer(dataDir, ['--log-level', 'info']);
      const running = server;
      const acknowledged = new Set<number>();
      const post = async (name: string) => {
        const response = await fetch(`${running.baseUrl}/pets`, {
          method: 'POST',
          headers: jsonHeaders(key),
          body: JSON.stringify({ name, categoryId: 1 }),
        });
        if (response.status === 201) acknowledged.add(((await response.json()) as Pet).id);
        return response;
      };
      expect((await post('Before the disk filled')).status).toBe(201);
      const filler = fillDisk(mountPoint);
      let refused: Response | undefined;
      for (let i = 0; i < 20_000 && refused === undefined; i++) {
        const response = await post(`Written while filling ${i}`);
        if (response.status !== 201) refused = response;
      }
      expect(refused?.status).toBe(507);
      expect(refused?.headers.get('x-ratelimit-limit')).toMatch(/^\d+$/);
      expect(refused?.headers.get('ratelimit')).toContain('"minute"');
      expect(await refused?.json()).toMatchObject({ code: 'insufficient_storage', status: 507 });
      // Reads are still served, and more writes are refused the same way, not with a 500.
      expect((await fetch(`${running.baseUrl}/pets?limit=5`, { headers: bearer(key) })).status).toBe(200);
      for (let i = 0; i < 20; i++) expect([201, 507]).toContain((await post(`While full ${i}`)).status);
      expect(running.child.exitCode).toBeNull();

      fs.rmSync(filler);
      await waitFor(async () => (await post('After space returned')).status === 201, 20_000);
      expect(running.child.exitCode).toBeNull();
      // The counters and the log paused while the disk was full (told once each) and resume by themselves.
      const jobLines = () =>
        running
          .stderr()
          .split('\n')
          .filter((line) => line.startsWith('{'))
          .map((line) => JSON.parse(line) as { msg: string; job?: string });
      const paused = new Set(
        jobLines()
          .filter((line) => line.msg.startsWith('background job failed'))
          .map((line) => line.job),
      );
      await waitFor(
        () =>
          [...paused].every((job) =>
            jobLines().some((line) => line.job === job && line.msg === 'background job recovered'),
          ),
        30_000,
      );
      running.child.kill('SIGTERM');
      expect((await running.exited).code).toBe(0);

      server = await spawnServer(dataDir);
      const stored = await allPetIds(server.baseUrl, key);
      const lost = [...acknowledged].filter((id) => !stored.has(id));
      expect(lost).toEqual([]);
      expect(acknowledged.size).toBeGreaterThanOrEqual(2);
    });

    it('start-up on a full disk: one line naming the data dir and the cause, exit 1 (serve and the CLI)', async () => {
      newKey(dataDir);
      fillDisk(mountPoint);
      const served = await runServerToExit(dataDir);
      expect(served.code).toBe(1);
      expectOneLine(served.stderr, new RegExp(`^Error: Cannot use the data dir ${dataDir}: the disk is full`));
      const cli = await runCli(['--data-dir', dataDir, 'pets', 'add', '--name', 'Nowhere to go', '--category', '1']);
      expect(cli.code).toBe(1);
      expectOneLine(cli.stderr, new RegExp(`^Error: Cannot use the data dir ${dataDir}: the disk is full`));
    });

    it('start-up on a read-only data dir: one line naming it and the cause, exit 1 (serve and the CLI)', async () => {
      newKey(dataDir);
      execFileSync('mount', ['-o', 'remount,ro', mountPoint]);
      try {
        const served = await runServerToExit(dataDir);
        expect(served.code).toBe(1);
        expectOneLine(served.stderr, new RegExp(`^Error: Cannot use the data dir ${dataDir}: it is read-only`));
        const cli = await runCli(['--data-dir', dataDir, 'pets', 'list']);
        expect(cli.code).toBe(1);
        expectOneLine(cli.stderr, new RegExp(`^Error: Cannot use the data dir ${dataDir}: it is read-only`));
      } finally {
        execFileSync('mount', ['-o', 'remount,rw', mountPoint]);
      }
    });
  },
);

describe('a data dir that cannot be created', () => {
  it('one line naming the path and why, exit 1, no stack trace (serve and the CLI)', async () => {
    const parent = makeTempDir();
    try {
      fs.writeFileSync(path.join(parent, 'a-file'), 'not a folder');
      const dataDir = path.join(parent, 'a-file', 'data');
      const served = await runServerToExit(dataDir);
      expect(served.code).toBe(1);
      expectOneLine(
        served.stderr,
        new RegExp(
          `^Error: Cannot use the data dir ${dataDir}: it is not a folder and cannot be created \\(${path.join(parent, 'a-file')} is a file\\)`,
        ),
      );
      const cli = await runCli(['--data-dir', dataDir, 'keys', 'list']);
      expect(cli.code).toBe(1);
      expectOneLine(cli.stderr, /^Error: Cannot use the data dir .*: it is not a folder/);
    } finally {
      removeTempDir(parent);
    }
  });
});
