/** Whether a server runs is told by a live process, not by a record a killed server left behind. */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { acquireInstanceLock, recordLockHolder, runningServerAddress } from '../../src/main/db/instance-lock';
import { makeTempDir, removeTempDir } from '../helpers/temp-dir';

let dir: string | undefined;
afterEach(() => {
  if (dir) removeTempDir(dir);
});

it('a live holder is running; the record of a process that is gone is not', () => {
  dir = makeTempDir();
  const lockFile = path.join(dir, 'production.lock');
  expect(runningServerAddress(lockFile)).toBeUndefined();

  const lock = acquireInstanceLock(lockFile, 'the test environment');
  recordLockHolder(lockFile, { pid: process.pid, address: 'http://127.0.0.1:4010/v1' });
  expect(runningServerAddress(lockFile)).toBe('http://127.0.0.1:4010/v1');

  // As after kill -9: the record stays, its process is gone (a child that has exited).
  const gone = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' });
  recordLockHolder(lockFile, { pid: Number(gone.stdout), address: 'http://127.0.0.1:4010/v1' });
  expect(runningServerAddress(lockFile)).toBeUndefined();
  lock.release();
});
