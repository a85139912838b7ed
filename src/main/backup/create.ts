import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { AppError } from '../../shared/errors';
import { copyFileAtomically, writeFileAtomically } from '../files/atomic-write';
import { ensurePrivateDir } from '../files/owner-only';
import { backupKey, SIGNATURE_FILE, signatureFor } from './authenticity';
import { makeOwnFolder, refuseExposedFolder } from './folders';
import { dataDirContent, liveDeployFiles, photosFolderOf, type DataDirContent } from './layout';
import { appVersion, BACKUP_NAME, describeFile, MANIFEST_FILE, type Manifest } from './manifest';
import { DatabaseSnapshot, PhotoPins } from './snapshot';

export const DEFAULT_KEPT_BACKUPS = 7;

export interface BackupSummary {
  name: string;
  path: string;
  createdAt: string;
  files: number;
  bytes: number;
}

export interface CreatedBackup extends BackupSummary {
  /** The older backups deleted to keep the last N. */
  pruned: string[];
  /** Photo files a database names that its data dir did not hold already: the backup lacks them too (verify tells them). */
  lacking: string[];
}

/** The moments a backup pauses at for tests: after the data dir was looked at, and after the databases' snapshots. */
export type BackupStep = 'looked' | 'snapshot';

export interface CreateBackupOptions {
  keep?: number;
  now?: number;
  /** Tests only: awaited at each step, to add and remove photos in the windows a running server could. */
  between?: (step: BackupStep) => Promise<void> | void;
}

/**
 * A consistent backup of the data dir into a new folder inside `to`, while a server may be running:
 * a snapshot of each database with the photo files it names kept from deletion (snapshot.ts), SQLite's
 * online backup of that snapshot, then those photos (and no other) and the settings, then the
 * manifest, signed with the data dir's backup key (authenticity.ts). So every photo a backed-up database names is in the backup, whatever staff add or remove
 * meanwhile. It is written in a fresh temp folder (mkdtemp: nothing planted is followed) and renamed
 * into place whole, so a backup folder with its name is always complete. Then only the last `keep`
 * are kept.
 */
export async function createBackup(
  dataDir: string,
  to: string,
  options: CreateBackupOptions = {},
): Promise<CreatedBackup> {
  const content = dataDirContent(dataDir);
  if (content.databases.length === 0)
    throw new AppError('not_found', `${dataDir} holds no Adoption Desk database to back up.`, {
      details: { missing: 'data_dir', path: dataDir },
    });
  refuseExposedFolder(dataDir, to);
  makeOwnFolder(to);
  PhotoPins.removeStale(dataDir);
  const pins = new PhotoPins(dataDir);
  try {
    return await writeBackup(dataDir, to, content, pins, options);
  } finally {
    pins.remove();
  }
}

async function writeBackup(
  dataDir: string,
  to: string,
  content: DataDirContent,
  pins: PhotoPins,
  options: CreateBackupOptions,
): Promise<CreatedBackup> {
  const moment = new Date(options.now ?? Date.now());
  const temp = fs.mkdtempSync(path.join(to, '.backup-'));
  const snapshots: DatabaseSnapshot[] = [];
  try {
    for (const database of content.databases) pins.pinAll(photosFolderOf(database));
    await options.between?.('looked');
    for (const database of content.databases) snapshots.push(await DatabaseSnapshot.take(dataDir, database, pins));
    await options.between?.('snapshot');
    for (const snapshot of snapshots) {
      await snapshot.copyTo(path.join(temp, snapshot.database));
      snapshot.close();
    }
    const photos = snapshots.flatMap((snapshot) => snapshot.photos);
    for (const relative of photos) copyInto(temp, relative, pins.fileOf(relative));
    const sites = content.databases.flatMap((database) => liveDeploysOf(dataDir, path.join(temp, database), database));
    for (const relative of [...sites, ...content.settings]) copyInto(temp, relative, path.join(dataDir, relative));
    const manifest: Manifest = {
      format: 1,
      appVersion: appVersion(),
      createdAt: moment.toISOString(),
      files: [
        ...content.databases.map((name) => describeFile(temp, name, true)),
        ...[...photos, ...sites, ...content.settings].map((relative) => describeFile(temp, relative, false)),
      ],
    };
    const manifestBytes = Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`);
    writeFileAtomically(path.join(temp, MANIFEST_FILE), manifestBytes);
    writeFileAtomically(path.join(temp, SIGNATURE_FILE), signatureFor(backupKey(dataDir), manifestBytes));
    const final = freeName(to, `backup-${moment.toISOString().replace(/[-:]/g, '')}`);
    fs.renameSync(temp, final);
    const pruned = pruneBackups(to, options.keep ?? DEFAULT_KEPT_BACKUPS);
    return { ...summarize(final, manifest), pruned, lacking: snapshots.flatMap((snapshot) => snapshot.lacking) };
  } catch (error) {
    fs.rmSync(temp, { recursive: true, force: true });
    throw error;
  } finally {
    for (const snapshot of snapshots) snapshot.close();
  }
}

/** The live deploys the backed-up database names (read from its copy: the snapshot's moment). */
function liveDeploysOf(dataDir: string, copy: string, database: string): string[] {
  const sqlite = new Database(copy, { readonly: true, fileMustExist: true });
  try {
    return liveDeployFiles(dataDir, database, sqlite);
  } finally {
    sqlite.close();
  }
}

function copyInto(temp: string, relative: string, source: string): void {
  const target = path.join(temp, relative);
  ensurePrivateDir(path.dirname(target));
  copyFileAtomically(source, target);
}

function freeName(dir: string, base: string): string {
  for (let suffix = 0; ; suffix++) {
    const candidate = path.join(dir, suffix === 0 ? base : `${base}-${suffix}`);
    if (!fs.existsSync(candidate)) return candidate;
  }
}

/** The backups in `dir`, oldest first: folders with a backup's name and a manifest; anything else is left alone. */
export function listBackups(dir: string): BackupSummary[] {
  let entries: fs.Dirent[];
  try {
    entries = fs.readdirSync(dir, { withFileTypes: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT')
      throw new AppError('not_found', `There is no folder ${dir}.`, { details: { missing: 'backup', path: dir } });
    throw error;
  }
  return entries
    .filter((entry) => entry.isDirectory() && BACKUP_NAME.test(entry.name))
    .map((entry) => path.join(dir, entry.name))
    .flatMap((folder) => {
      const manifest = readManifestIfAny(folder);
      return manifest ? [summarize(folder, manifest)] : [];
    })
    .sort((a, b) => a.name.localeCompare(b.name));
}

function pruneBackups(dir: string, keep: number): string[] {
  const backups = listBackups(dir);
  const old = backups.slice(0, Math.max(0, backups.length - keep));
  for (const backup of old) fs.rmSync(backup.path, { recursive: true, force: true });
  return old.map((backup) => backup.name);
}

export function readManifestIfAny(folder: string): Manifest | undefined {
  try {
    return JSON.parse(fs.readFileSync(path.join(folder, MANIFEST_FILE), 'utf8')) as Manifest;
  } catch {
    return undefined;
  }
}

function summarize(folder: string, manifest: Manifest): BackupSummary {
  return {
    name: path.basename(folder),
    path: folder,
    createdAt: manifest.createdAt,
    files: manifest.files.length,
    bytes: manifest.files.reduce((sum, file) => sum + file.bytes, 0),
  };
}
