import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { ENVIRONMENTS } from '../../shared/environments';
import { AppError } from '../../shared/errors';
import { writeFileAtomically } from '../files/atomic-write';
import { ensurePrivateDir } from '../files/owner-only';
import { serverLockFile } from '../db/instance-lock';
import { makeOwnFolder } from './folders';
import type { ManifestFile } from './manifest';
import {
  damagedBackup,
  matchesManifest,
  readListedFile,
  refuseDamaged,
  refuseUntrusted,
  verifyBackup,
  type Verification,
} from './verify';
import { BACKUP_KEY_FILE, readBackupKey, type Authenticity } from './authenticity';

export interface RestoreOptions {
  /** Replace a data dir with content. */
  force?: boolean;
  /** Restore a backup this data dir's key did not sign (a new disk, another installation's, an older version's). */
  trustUnknown?: boolean;
}

export interface Restored {
  backup: string;
  dataDir: string;
  files: number;
  /** Whether a data dir with content was replaced (only with `force`). */
  replaced: boolean;
  /** What the signature said: `authentic`, or what was trusted with `trustUnknown`. */
  authenticity: Authenticity;
}

/**
 * Restores a verified backup as the data dir `target`: built whole in a temp folder beside it, then
 * renamed into place, so the target is either the old data dir or the restored one. Refused while a
 * server holds either environment's instance lock there, over a data dir with content unless forced,
 * and for a backup the target's key did not sign unless trusted.
 */
export function restoreBackup(backup: string, target: string, options: RestoreOptions = {}): Restored {
  const dataDir = path.resolve(target);
  const verification = verifyBackup(backup, { dataDir });
  refuseDamaged(verification);
  refuseWhileServed(dataDir);
  // The key is the data dir's, not the backup's: it stays, so the backups it signed are still known after.
  const key = readBackupKey(dataDir);
  const existing = entriesOf(dataDir)?.filter((name) => name !== BACKUP_KEY_FILE);
  if (existing !== undefined && existing.length > 0 && !options.force) {
    throw new AppError('conflict', `${dataDir} is not empty: restoring would replace what it holds.`, {
      details: { reason: 'backup_target_not_empty', dataDir },
    });
  }
  // Asked last, once nothing else stands in the way: the one question the caller answers with trust.
  refuseUntrusted(verification, options.trustUnknown === true);
  makeOwnFolder(path.dirname(dataDir));
  const temp = fs.mkdtempSync(path.join(path.dirname(dataDir), `.${path.basename(dataDir)}.restoring-`));
  try {
    for (const entry of verification.manifest.files) {
      const file = path.join(temp, entry.path);
      ensurePrivateDir(path.dirname(file));
      writeFileAtomically(file, bytesAsVerified(verification, entry));
    }
    if (key) writeFileAtomically(path.join(temp, BACKUP_KEY_FILE), `${key.toString('hex')}\n`);
    swapInto(temp, dataDir, existing !== undefined);
  } catch (error) {
    fs.rmSync(temp, { recursive: true, force: true });
    throw error;
  }
  return {
    backup,
    dataDir,
    files: verification.manifest.files.length,
    replaced: existing !== undefined && existing.length > 0,
    authenticity: verification.authenticity,
  };
}

/** A file read again as it was verified (no link at its name, the same bytes): the backup's folder may be one others can write to. */
function bytesAsVerified(verification: Verification, entry: ManifestFile): Buffer {
  const bytes = readListedFile(verification.backup, entry);
  if (bytes !== undefined && matchesManifest(bytes, entry)) return bytes;
  throw damagedBackup(verification.backup, [
    { path: entry.path, problem: bytes === undefined ? 'missing' : 'hash_mismatch' },
  ]);
}

function swapInto(temp: string, dataDir: string, exists: boolean): void {
  if (!exists) {
    fs.renameSync(temp, dataDir);
    return;
  }
  // Set aside rather than deleted first: until the rename, the old data dir is whole under another name.
  const aside = `${temp}.replaced`;
  fs.renameSync(dataDir, aside);
  try {
    fs.renameSync(temp, dataDir);
  } catch (error) {
    fs.renameSync(aside, dataDir);
    throw error;
  }
  fs.rmSync(aside, { recursive: true, force: true });
}

function entriesOf(dir: string): string[] | undefined {
  try {
    if (!fs.lstatSync(dir).isDirectory())
      throw new AppError('conflict', `${dir} is not a folder.`, {
        details: { reason: 'backup_target_not_empty', dataDir: dir },
      });
    return fs.readdirSync(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

/** A server of either environment holds its lock (an exclusive transaction on the lock file) as long as it runs. */
function refuseWhileServed(dataDir: string): void {
  for (const environment of ENVIRONMENTS) {
    const lockFile = serverLockFile(dataDir, environment);
    if (!fs.existsSync(lockFile)) continue;
    const probe = new Database(lockFile, { timeout: 0, fileMustExist: true });
    try {
      probe.exec('BEGIN EXCLUSIVE');
      probe.exec('ROLLBACK');
    } catch (error) {
      if ((error as { code?: string }).code !== 'SQLITE_BUSY') throw error;
      throw new AppError(
        'conflict',
        `A server is running on the ${environment} environment of ${dataDir}: stop it before restoring.`,
        { details: { reason: 'data_dir_in_use', dataDir, environment } },
      );
    } finally {
      probe.close();
    }
  }
}
