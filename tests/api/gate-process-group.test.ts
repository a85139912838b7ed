/**
 * `gate` runs the command in a process group of its own and ends the whole group, so a
 * real process tree (a shell and the `sleep` it started in the background) leaves nothing running:
 * on --timeout, when the gate itself is interrupted, and when the command exits leaving it behind.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PROJECT_ROOT, runCli } from '../helpers/processes';
import { makeTempDir, removeTempDir } from '../helpers/temp-dir';
import { waitFor } from '../helpers/wait-for';

let dir: string;
let pidFile: string;
const started: number[] = [];
beforeEach(() => {
  dir = makeTempDir('gate-group');
  pidFile = path.join(dir, 'grandchild.pid');
});
afterEach(() => {
  // A failed test must not leave its sleep behind either.
  if (fs.existsSync(pidFile)) started.push(Number(fs.readFileSync(pidFile, 'utf8').trim()));
  for (const pid of started.splice(0)) if (pid > 0 && running(pid)) process.kill(pid, 'SIGKILL');
  removeTempDir(dir);
});

/** Alive and not a zombie waiting for its reaper. */
function running(pid: number): boolean {
  try {
    return !/^\d+ \(.*\) Z/.test(fs.readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return false;
  }
}

async function grandchild(): Promise<number> {
  const pid = await waitFor(
    () => (fs.existsSync(pidFile) ? Number(fs.readFileSync(pidFile, 'utf8').trim()) || undefined : undefined),
    60_000,
  );
  started.push(pid);
  return pid;
}

const shell = (script: string) => ['sh', '-c', script.replace('PIDFILE', JSON.stringify(pidFile))];

describe.skipIf(process.platform === 'win32')(
  'gate ends the command’s whole process tree',
  { timeout: 120_000 },
  () => {
    it('on --timeout: the shell and the sleep it started', async () => {
      const result = await runCli(
        ['gate', '--timeout', '3', '--', ...shell('sleep 303 & echo $! > PIDFILE; wait')],
        90_000,
      );
      expect(result.code, result.stderr).toBe(2);
      expect(result.stderr).toContain('ran longer than 3 s and was stopped');
      const pid = await grandchild();
      await waitFor(() => !running(pid), 10_000);
    });

    it('when the gate itself is interrupted (Ctrl-C)', async () => {
      const gate = spawn(
        process.execPath,
        ['--import', 'tsx', 'src/main/cli/index.ts', 'gate', '--', ...shell('sleep 303 & echo $! > PIDFILE; wait')],
        { cwd: PROJECT_ROOT, stdio: 'ignore' },
      );
      const exited = new Promise<number | null>((resolve) => gate.once('exit', (code) => resolve(code)));
      const pid = await grandchild();
      expect(running(pid)).toBe(true);
      gate.kill('SIGINT');
      expect(await exited).toBe(2);
      await waitFor(() => !running(pid), 10_000);
    });

    it('when the command exits and leaves a process behind', async () => {
      const result = await runCli(['gate', '--', ...shell('sleep 303 > /dev/null 2>&1 & echo $! > PIDFILE')], 90_000);
      expect(result.code, result.stderr).toBe(0);
      const pid = await grandchild();
      await waitFor(() => !running(pid), 10_000);
    });
  },
);
