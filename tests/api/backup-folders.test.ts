/**
 * Where backups may go: never inside the data dir (under any name) nor inside a folder a site is
 * deployed from, for `backup create` and the nightly schedule alike; and a folder that is already
 * there keeps its mode, only the folders the app makes are owner-only.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NightlyBackups } from '../../src/main/backup/nightly';
import { Engine } from '../../src/main/engine/engine';
import { systemClock } from '../../src/shared/clock';
import { detailsOf } from '../../src/shared/errors';
import { runCliInProcess } from '../helpers/cli-in-process';
import { makeTempDir, removeTempDir } from '../helpers/temp-dir';

let root: string;
let dataDir: string;
let siteFolder: string;

const modeOf = (dir: string) => fs.statSync(dir).mode & 0o777;

beforeAll(async () => {
  root = makeTempDir('backup-folders');
  dataDir = path.join(root, 'data');
  siteFolder = path.join(root, 'www');
  fs.mkdirSync(siteFolder);
  fs.writeFileSync(path.join(siteFolder, 'index.html'), '<h1>Happy Paws</h1>');
  const engine = new Engine({ dataDir, environment: 'production' });
  try {
    const account = engine.services.accounts.create({ name: 'Happy Paws', planId: 'pro' });
    const project = engine.sites.projects.create({ accountId: account.id, name: 'Happy Paws' });
    await engine.sites.projects.deployFolder(project.slug, siteFolder);
  } finally {
    engine.close();
  }
}, 60_000);

afterAll(() => removeTempDir(root));

describe('a backups folder that would expose the backups', () => {
  it('refuses backup create into the data dir, under its own name or a link to it, writing nothing there', async () => {
    const link = path.join(root, 'looks-outside');
    fs.symlinkSync(path.join(dataDir, 'sites'), link);
    const before = fs.readdirSync(dataDir).sort();
    for (const to of [path.join(dataDir, 'backups'), dataDir, path.join(link, 'backups')]) {
      const refused = await runCliInProcess(dataDir, ['backup', 'create', '--to', to]);
      expect(refused.code, to).toBe(1);
      expect(refused.stderr).toMatch(/^Error: --to: The backup folder .* is inside the data dir/);
    }
    expect(fs.readdirSync(dataDir).sort()).toEqual(before);
    expect(fs.existsSync(path.join(dataDir, 'sites', 'backups'))).toBe(false);
  });

  it('refuses backup create into a folder a site is deployed from', async () => {
    const refused = await runCliInProcess(dataDir, ['backup', 'create', '--to', path.join(siteFolder, 'backups')]);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('which a site is deployed from');
    expect(fs.readdirSync(siteFolder)).toEqual(['index.html']);
  });

  it('refuses the same folders for the nightly backup, keeping the settings as they were', () => {
    const nightly = new NightlyBackups({ dataDir, clock: systemClock });
    const before = nightly.status().schedule;
    for (const [folder, reason, inside] of [
      [path.join(dataDir, 'nightly'), 'backup_folder_inside_data_dir', dataDir],
      [path.join(siteFolder, 'nightly'), 'backup_folder_inside_deploy', siteFolder],
    ] as const) {
      let refusal: unknown;
      try {
        nightly.configure({ on: true, folder, keep: 7, at: '02:00' });
      } catch (error) {
        refusal = error;
      }
      expect(detailsOf(refusal, 'validation_failed'), folder).toEqual({ field: 'folder', reason, folder, inside });
      expect(fs.existsSync(folder)).toBe(false);
    }
    expect(nightly.status().schedule).toEqual(before);
  });
});

describe('folder modes', () => {
  it('leaves an existing shared backups folder as it was, and makes a new one (and its parents) owner-only', async () => {
    const shared = path.join(root, 'shared');
    fs.mkdirSync(shared);
    fs.chmodSync(shared, 0o755);
    const made = await runCliInProcess(dataDir, ['--json', 'backup', 'create', '--to', shared]);
    expect(made.code, made.stderr).toBe(0);
    expect(modeOf(shared)).toBe(0o755);
    expect(modeOf((JSON.parse(made.stdout) as { path: string }).path)).toBe(0o700);

    const fresh = path.join(root, 'new', 'backups');
    expect((await runCliInProcess(dataDir, ['backup', 'create', '--to', fresh])).code).toBe(0);
    expect([modeOf(path.join(root, 'new')), modeOf(fresh)]).toEqual([0o700, 0o700]);

    const nightlyFolder = path.join(root, 'shared-nightly');
    fs.mkdirSync(nightlyFolder);
    fs.chmodSync(nightlyFolder, 0o755);
    new NightlyBackups({ dataDir, clock: systemClock }).configure({
      on: true,
      folder: nightlyFolder,
      keep: 7,
      at: '02:00',
    });
    expect(modeOf(nightlyFolder)).toBe(0o755);
  });
});
