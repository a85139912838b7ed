/** What a CLI that moved the lab clock reads from the running server's lock record. */
import path from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { recordLockHolder, serverLockFile } from '../../src/main/db/instance-lock';
import { waitForRunningServer } from '../../src/main/lab/clock-applied';
import { makeTempDir, removeTempDir } from '../helpers/temp-dir';

let dataDir: string;
let lockFile: string;

beforeEach(() => {
  dataDir = makeTempDir();
  lockFile = serverLockFile(dataDir, 'production');
});

afterEach(() => removeTempDir(dataDir));

it('applied once the record names the move or a later one; not confirmed past the deadline; none running without a live holder', async () => {
  expect(await waitForRunningServer(lockFile, 1)).toEqual({ state: 'none running' });
  const address = 'http://127.0.0.1:4010/v1';
  recordLockHolder(lockFile, { pid: process.pid, address, labClockMove: 3 });
  expect(await waitForRunningServer(lockFile, 3)).toEqual({ state: 'applied', pid: process.pid, address });
  expect(await waitForRunningServer(lockFile, 2)).toEqual({ state: 'applied', pid: process.pid, address });
  const started = performance.now();
  expect(await waitForRunningServer(lockFile, 4, 100)).toEqual({ state: 'not confirmed', pid: process.pid, address });
  expect(performance.now() - started).toBeGreaterThanOrEqual(100);
  // A server from before moves were counted never confirms.
  recordLockHolder(lockFile, { pid: process.pid, address });
  expect((await waitForRunningServer(lockFile, 1, 50)).state).toBe('not confirmed');
  // A server killed outright leaves its record: a dead pid is no server.
  recordLockHolder(lockFile, { pid: 2 ** 22 + 12_345, address, labClockMove: 9 });
  expect(await waitForRunningServer(lockFile, 1)).toEqual({ state: 'none running' });
  expect(path.basename(lockFile)).toBe('production.lock');
});
