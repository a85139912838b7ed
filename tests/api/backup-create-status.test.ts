/**
 * A backup made by hand with `backup create` is the last backup: `backup status` and the Server
 * page (the host's NightlyBackups, reading the same file) name it right after, not "none yet".
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NightlyBackups } from '../../src/main/backup/nightly';
import { Engine } from '../../src/main/engine/engine';
import type { BackupsStatus } from '../../src/shared/backups';
import { systemClock } from '../../src/shared/clock';
import { runCliInProcess } from '../helpers/cli-in-process';
import { makeTempDir, removeTempDir } from '../helpers/temp-dir';

let root: string;
let dataDir: string;

beforeAll(() => {
  root = makeTempDir('backup-create-status');
  dataDir = path.join(root, 'data');
  new Engine({ dataDir, environment: 'production' }).close();
});

afterAll(() => removeTempDir(root));

describe('backup create counts as the last backup', () => {
  it('is named by backup status and the server’s status right after', async () => {
    const before = await runCliInProcess(dataDir, ['backup', 'status']);
    expect(before.stdout).toContain('Last backup: none yet');

    const created = await runCliInProcess(dataDir, ['--json', 'backup', 'create', '--to', path.join(root, 'by-hand')]);
    expect(created.code, created.stderr).toBe(0);
    const made = JSON.parse(created.stdout) as { name: string; path: string; bytes: number };

    const status = await runCliInProcess(dataDir, ['backup', 'status']);
    expect(status.code, status.stderr).toBe(0);
    expect(status.stdout).not.toContain('none yet');
    expect(status.stdout).toMatch(
      new RegExp(`^Last backup: .* \\(on demand\\), ${made.name} \\(${made.bytes} bytes\\)$`, 'm'),
    );
    const json = JSON.parse((await runCliInProcess(dataDir, ['--json', 'backup', 'status'])).stdout) as BackupsStatus;
    expect(json.lastRun).toMatchObject({
      ok: true,
      trigger: 'now',
      name: made.name,
      path: made.path,
      bytes: made.bytes,
    });
    // What the Server page reads, through the host's NightlyBackups over the same data dir.
    expect(new NightlyBackups({ dataDir, clock: systemClock }).status().lastRun).toMatchObject({
      ok: true,
      name: made.name,
    });
  });

  it('leaves the last result as it was when the backup fails', async () => {
    const last = new NightlyBackups({ dataDir, clock: systemClock }).status().lastRun;
    const notAFolder = path.join(root, 'a-file');
    fs.writeFileSync(notAFolder, 'not a folder');
    const failed = await runCliInProcess(dataDir, ['backup', 'create', '--to', notAFolder]);
    expect(failed.code).toBe(1);
    expect(new NightlyBackups({ dataDir, clock: systemClock }).status().lastRun).toEqual(last);
  });
});
