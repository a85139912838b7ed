import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { AppError } from '../../shared/errors';
import { copyFileAtomically, writeFileAtomically } from '../files/atomic-write';
import { claimPrivateFile, ensurePrivateDir } from '../files/owner-only';
import { dataDirContent } from './layout';
import { appVersion, BACKUP_NAME, describeFile, MANIFEST_FILE, type Manifest } from './manifest';

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
}

/**
 * A consistent backup of the data dir into a new folder inside `to`, while a server may be running:
 * SQLite's online backup of each database, then the photos and settings, then the manifest. It is
 * written in a fresh temp folder (mkdtemp: nothing planted is followed) and renamed into place
 * whole, so a backup folder with its name is always complete. Then only the last `keep` are kept.
 */
export async function createBackup(dataDir: string, to: string, options: { keep?: number; now?: number } = {}): Promise<CreatedBackup> {
  const content = dataDirContent(dataDir);
  if (content.databases.length === 0) throw new AppError('not_found', `${dataDir} holds no Adoption Desk database to back up.`, { details: { missing: 'data_dir', path: dataDir } });
  ensurePrivateDir(to);
  const moment = new Date(options.now ?? Date.now());
  const temp = fs.mkdtempSync(path.join(to, '.backup-'));
  try {
    for (const name of content.databases) await copyDatabase(path.join(dataDir, name), path.join(temp, name));
    for (const relative of content.files) {
      const target = path.join(temp, relative);
      ensurePrivateDir(path.dirname(target));
      copyFileAtomically(path.join(dataDir, relative), target);
    }
    const manifest: Manifest = {
      format: 1,
      appVersion: appVersion(),
      createdAt: moment.toISOString(),
      files: [...content.databases.map((name) => describeFile(temp, name, true)), ...content.files.map((relative) => describeFile(temp, relative, false))],
    };
    writeFileAtomically(path.join(temp, MANIFEST_FILE), `${JSON.stringify(manifest, null, 2)}\n`);
    const final = freeName(to, `backup-${moment.toISOString().replace(/[-:]/g, '')}`);
    fs.renameSync(temp, final);
    const pruned = pruneBackups(to, options.keep ?? DEFAULT_KEPT_BACKUPS);
    return { ...summarize(final, manifest), pruned };
  } catch (error) {
    fs.rmSync(temp, { recursive: true, force: true });
    throw error;
  }
}

/** The online backup: a snapshot of one moment, taken page by page while the server keeps writing. */
async function copyDatabase(source: string, target: string): Promise<void> {
  // Created 0600 first: SQLite keeps the mode of the file it writes into.
  claimPrivateFile(target);
  const sqlite = new Database(source, { fileMustExist: true, timeout: 5_000 });
  try {
    await sqlite.backup(target);
  } finally {
    sqlite.close();
  }
  // One self-contained file: no -wal beside it to lose on the way to another disk.
  const copy = new Database(target);
  try {
    copy.pragma('journal_mode = DELETE');
  } finally {
    copy.close();
  }
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
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw new AppError('not_found', `There is no folder ${dir}.`, { details: { missing: 'backup', path: dir } });
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
  return { name: path.basename(folder), path: folder, createdAt: manifest.createdAt, files: manifest.files.length, bytes: manifest.files.reduce((sum, file) => sum + file.bytes, 0) };
}
