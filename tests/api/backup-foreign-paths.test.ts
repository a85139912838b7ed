/**
 * A backup holds only the layout's own names. A crafted backup on a real folder — a manifest naming
 * `../planted.txt` with its right SHA-256, a photo whose file is a link, a photo folder that is a
 * link — is refused by verify and restore, and nothing outside the data dir changes: no file
 * written, no folder's mode tightened.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBackup } from '../../src/main/backup/create';
import { restoreBackup } from '../../src/main/backup/restore';
import { verifyBackup } from '../../src/main/backup/verify';
import { Engine } from '../../src/main/engine/engine';
import { detailsOf } from '../../src/shared/errors';
import { plainWebp } from '../helpers/photos';
import { makeTempDir, removeTempDir } from '../helpers/temp-dir';
import { thrownBy } from '../helpers/thrown';

let root: string;
let backup: string;

interface ManifestEntry {
  path: string;
  bytes: number;
  sha256: string;
}

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
const manifestOf = (folder: string) =>
  JSON.parse(fs.readFileSync(path.join(folder, 'manifest.json'), 'utf8')) as { files: ManifestEntry[] };
const writeManifest = (folder: string, manifest: unknown) =>
  fs.writeFileSync(path.join(folder, 'manifest.json'), JSON.stringify(manifest));

/** Every entry under `dir` (not following links) with its mode and, for a file, its content's hash. */
function picture(dir: string): Record<string, string> {
  const seen: Record<string, string> = {};
  const walk = (folder: string) => {
    for (const entry of fs.readdirSync(folder, { withFileTypes: true })) {
      const full = path.join(folder, entry.name);
      const stat = fs.lstatSync(full);
      const mode = (stat.mode & 0o7777).toString(8);
      if (entry.isSymbolicLink()) seen[full] = `link ${fs.readlinkSync(full)}`;
      else if (entry.isDirectory()) {
        seen[full] = `dir ${mode}`;
        walk(full);
      } else seen[full] = `file ${mode} ${sha256(fs.readFileSync(full))}`;
    }
  };
  walk(dir);
  return seen;
}

/** A copy of the sound backup, changed by `craft`. */
function crafted(name: string, craft: (folder: string) => void): string {
  const folder = path.join(root, 'backups', name);
  fs.cpSync(backup, folder, { recursive: true });
  craft(folder);
  return folder;
}

/** Restore into root/home/data is refused, and nothing under root but the backups changed. */
function expectRestoreRefused(folder: string, problem: { path: string; problem: string }): void {
  const home = path.join(root, 'home');
  const before = picture(root);
  const error = thrownBy(() => restoreBackup(folder, path.join(home, 'data')));
  expect(detailsOf(error, 'conflict')).toMatchObject({
    reason: 'backup_damaged',
    problems: expect.arrayContaining([problem]),
  });
  expect(picture(root)).toEqual(before);
  expect(fs.existsSync(path.join(home, 'data'))).toBe(false);
}

beforeAll(async () => {
  root = makeTempDir('backup-foreign');
  const dataDir = path.join(root, 'data');
  const engine = new Engine({ dataDir, environment: 'production' });
  try {
    const pet = engine.services.pets.create({ name: 'Biscuit', categoryId: 1, status: 'available' });
    await engine.services.photos.add(pet.id, [{ name: 'biscuit.webp', bytes: await plainWebp() }]);
  } finally {
    engine.close();
  }
  backup = (await createBackup(dataDir, path.join(root, 'backups'))).path;
  // A shared folder the restore goes into: it must keep its mode.
  fs.mkdirSync(path.join(root, 'home'), { mode: 0o755 });
  fs.chmodSync(path.join(root, 'home'), 0o755);
  fs.writeFileSync(path.join(root, 'home', '.bashrc'), 'echo mine\n');
}, 60_000);

afterAll(() => removeTempDir(root));

describe('a backup naming anything but the layout’s own files', () => {
  it('is sound as made: it verifies', () => {
    expect(verifyBackup(backup).problems).toEqual([]);
  });

  it('refuses a manifest naming ../ with the right hash, in verify and restore, writing nothing beside the data dir', () => {
    const planted = Buffer.from('echo pwned\n');
    const folder = crafted('dotdot', (copy) => {
      fs.writeFileSync(path.join(root, 'backups', '.bashrc'), planted);
      const manifest = manifestOf(copy);
      manifest.files.push({ path: '../.bashrc', bytes: planted.length, sha256: sha256(planted) });
      writeManifest(copy, manifest);
    });
    expect(verifyBackup(folder).problems).toContainEqual({ path: '../.bashrc', problem: 'foreign_path' });
    expectRestoreRefused(folder, { path: '../.bashrc', problem: 'foreign_path' });
    expect(fs.readFileSync(path.join(root, 'home', '.bashrc'), 'utf8')).toBe('echo mine\n');
  });

  it('refuses an absolute path and a name the layout has no place for', () => {
    const folder = crafted('absolute', (copy) => {
      const manifest = manifestOf(copy);
      const database = manifest.files.find((entry) => entry.path === 'production.sqlite')!;
      manifest.files.push(
        { ...database, path: path.join(root, 'home', 'x.sqlite') },
        { ...database, path: 'notes/production.sqlite' },
      );
      fs.mkdirSync(path.join(copy, 'notes'));
      fs.copyFileSync(path.join(copy, 'production.sqlite'), path.join(copy, 'notes', 'production.sqlite'));
      writeManifest(copy, manifest);
    });
    const problems = verifyBackup(folder).problems;
    expect(problems).toContainEqual({ path: path.join(root, 'home', 'x.sqlite'), problem: 'foreign_path' });
    expect(problems).toContainEqual({ path: 'notes/production.sqlite', problem: 'foreign_path' });
    expectRestoreRefused(folder, { path: 'notes/production.sqlite', problem: 'foreign_path' });
  });

  it('refuses a photo file that is a link, even to the very bytes', () => {
    const photo = manifestOf(backup).files.find((entry) => entry.path.startsWith('photos/'))!.path;
    const folder = crafted('linked-file', (copy) => {
      const outside = path.join(root, 'outside-photo.jpg');
      fs.copyFileSync(path.join(copy, photo), outside);
      fs.rmSync(path.join(copy, photo));
      fs.symlinkSync(outside, path.join(copy, photo));
    });
    expect(verifyBackup(folder).problems).toContainEqual({ path: photo, problem: 'link' });
    expectRestoreRefused(folder, { path: photo, problem: 'link' });
  });

  it('refuses a photo folder that is a link, the files behind it right', () => {
    const photo = manifestOf(backup).files.find((entry) => entry.path.startsWith('photos/'))!.path;
    const shard = path.dirname(photo);
    const folder = crafted('linked-folder', (copy) => {
      const outside = path.join(root, 'outside-shard');
      fs.cpSync(path.join(copy, shard), outside, { recursive: true });
      fs.rmSync(path.join(copy, shard), { recursive: true });
      fs.symlinkSync(outside, path.join(copy, shard));
    });
    expect(verifyBackup(folder).problems).toEqual([{ path: shard, problem: 'link' }]);
    expectRestoreRefused(folder, { path: shard, problem: 'link' });
  });

  it('restores the sound backup into a shared folder whose mode stays as it was', () => {
    const home = path.join(root, 'home');
    restoreBackup(backup, path.join(home, 'data'), { trustUnknown: true });
    expect(fs.statSync(home).mode & 0o777).toBe(0o755);
    expect(fs.statSync(path.join(home, 'data')).mode & 0o777).toBe(0o700);
  });
});
