/**
 * `backup schedule` and `backup status` on a temp data dir shared with a running host: the CLI
 * in this process (the schedule's file is the only link, read again at each step), a real process for TZ.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppHost } from '../../src/main/host/app-host';
import type { BackupsStatus } from '../../src/shared/backups';
import { runCliInProcess } from '../helpers/cli-in-process';
import { PROJECT_ROOT } from '../helpers/processes';
import { makeTempDir, removeTempDir } from '../helpers/temp-dir';

let root: string;
let dataDir: string;
let folder: string;
let host: AppHost;
const cli = (...args: string[]) => runCliInProcess(dataDir, args);

beforeAll(async () => {
  root = makeTempDir('backup-schedule-cli');
  dataDir = path.join(root, 'data');
  folder = path.join(root, 'nightly');
  host = new AppHost({ dataDir, overrides: { ports: { production: 0, staging: 0 } } });
  await host.start();
});

afterAll(async () => {
  await host.stop();
  removeTempDir(root);
});

describe('backup schedule and backup status', () => {
  it('says what to give when there is no folder yet, and refuses a time that is none', async () => {
    const off = await cli('backup', 'status');
    expect(off.code, off.stderr).toBe(0);
    expect(off.stdout).toContain('Nightly backups: off (turn them on with "backup schedule --folder <DIR>")');
    const noFolder = await cli('backup', 'schedule');
    expect(noFolder.code).toBe(1);
    expect(noFolder.stderr).toMatch(/^Error: --folder: Choose the folder/);
    const badTime = await cli('backup', 'schedule', '--folder', folder, '--at', '25:00');
    expect(badTime.code).toBe(1);
    expect(badTime.stderr).toContain('a time of day as HH:MM');
  });

  it('turns the nightly backup on for the running server, and off again keeping the folder', async () => {
    const on = await cli('backup', 'schedule', '--folder', folder, '--keep', '3', '--at', '23:30');
    expect(on.code, on.stderr).toBe(0);
    expect(on.stdout).toContain('Nightly backups: on, at 23:30');
    expect(on.stdout).toContain('keeping the last 3');
    expect(fs.statSync(folder).isDirectory()).toBe(true);
    // The running server reads the same file.
    expect(host.backups.status().schedule).toEqual({ on: true, folder, keep: 3, at: '23:30' });
    await host.backups.runNow();

    const status = JSON.parse((await cli('--json', 'backup', 'status')).stdout) as BackupsStatus;
    expect(status.lastRun).toMatchObject({ ok: true, trigger: 'now' });
    expect(status.backups.map((backup) => backup.name)).toEqual([status.lastRun?.name]);
    expect(status.nextRun).toBeGreaterThan(Date.now());
    const table = await cli('backup', 'status');
    expect(table.stdout).toContain(`Last backup: `);
    expect(table.stdout).toContain(status.lastRun?.name ?? 'missing');

    const off = await cli('backup', 'schedule', '--off');
    expect(off.stdout).toContain('Nightly backups: off');
    expect(host.backups.status()).toMatchObject({
      schedule: { on: false, folder, keep: 3, at: '23:30' },
      nextRun: null,
    });
  });

  it('follows the time zone of the server’s process (TZ)', async () => {
    const inZone = (timeZone: string) =>
      new Promise<BackupsStatus>((resolve, reject) => {
        const args = [
          '--import',
          'tsx',
          'src/main/cli/index.ts',
          '--data-dir',
          dataDir,
          '--json',
          'backup',
          'schedule',
          '--at',
          '23:30',
        ];
        execFile(
          process.execPath,
          args,
          { cwd: PROJECT_ROOT, env: { ...process.env, TZ: timeZone } },
          (error, stdout) => (error ? reject(error) : resolve(JSON.parse(stdout) as BackupsStatus)),
        );
      });
    for (const timeZone of ['America/New_York', 'Asia/Tokyo']) {
      const status = await inZone(timeZone);
      expect(status.timeZone).toBe(timeZone);
      const wall = new Intl.DateTimeFormat('en-GB', {
        timeZone,
        hour: '2-digit',
        minute: '2-digit',
        hourCycle: 'h23',
      }).format(status.nextRun ?? 0);
      expect(wall).toBe('23:30');
    }
  });

  it('words a failed backup in the CLI’s terms', async () => {
    fs.rmSync(folder, { recursive: true });
    await host.backups.runNow();
    const status = await cli('backup', 'status');
    expect(status.stdout).toContain('FAILED (ENOENT): the folder is not there');
    expect(status.stdout).toContain('The folder cannot be listed');
  });
});
