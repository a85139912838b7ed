import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { AppError, type BackupProblem } from '../../shared/errors';
import { readManifestIfAny } from './create';
import { isBackupPath, linksUnder, namedPhotos, photoFilesOf } from './layout';
import type { Manifest, ManifestFile } from './manifest';

export interface Verification {
  backup: string;
  manifest: Manifest;
  problems: BackupProblem[];
}

/**
 * Every file of the manifest is there with its size and hash, every database passes SQLite's
 * integrity_check, and every photo a sound database names is in the backup.
 */
export function verifyBackup(backup: string): Verification {
  const manifest = readManifestIfAny(backup);
  if (!manifest || !Array.isArray(manifest.files)) throw new AppError('not_found', `${backup} is not an Adoption Desk backup (no readable manifest.json).`, { details: { missing: 'backup', path: backup } });
  // Judged before any file is read: a path outside the layout, or a link, makes the whole backup untrusted.
  const foreign: BackupProblem[] = [
    ...manifest.files.filter((entry) => !isBackupPath(entry?.path)).map((entry): BackupProblem => ({ path: String(entry?.path), problem: 'foreign_path' })),
    ...linksUnder(backup).map((link): BackupProblem => ({ path: link, problem: 'link' })),
  ];
  if (foreign.length > 0) return { backup, manifest, problems: foreign };
  const damage = manifest.files.flatMap((entry): BackupProblem[] => {
    const bytes = readListedFile(backup, entry);
    if (bytes === undefined) return [{ path: entry.path, problem: 'missing' }];
    if (!matchesManifest(bytes, entry)) return [{ path: entry.path, problem: 'hash_mismatch' }];
    return entry.database && !passesIntegrityCheck(path.join(backup, entry.path)) ? [{ path: entry.path, problem: 'integrity_check_failed' }] : [];
  });
  const damaged = new Set(damage.map((problem) => problem.path));
  const held = new Set(manifest.files.map((entry) => entry.path));
  const lacking = manifest.files
    .filter((entry) => entry.database && !damaged.has(entry.path))
    .flatMap((entry) => photosLacking(backup, entry.path, held));
  return { backup, manifest, problems: [...damage, ...lacking] };
}

/** The photo files a database of the backup names that its manifest does not list (one listed but gone is `missing` already). */
function photosLacking(backup: string, database: string, held: ReadonlySet<string>): BackupProblem[] {
  const sqlite = new Database(path.join(backup, database), { readonly: true, fileMustExist: true });
  try {
    return namedPhotos(sqlite).flatMap((hash) => photoFilesOf(database, hash).filter((file) => !held.has(file)).map((file): BackupProblem => ({ path: file, problem: 'photo_missing', database, hash })));
  } finally {
    sqlite.close();
  }
}

/** A file the manifest lists, read without following a link at its name; undefined when it is not a regular file there. */
export function readListedFile(backup: string, entry: ManifestFile): Buffer | undefined {
  let fd: number;
  try {
    fd = fs.openSync(path.join(backup, entry.path), fs.constants.O_RDONLY | fs.constants.O_NOFOLLOW);
  } catch {
    return undefined;
  }
  try {
    return fs.fstatSync(fd).isFile() ? fs.readFileSync(fd) : undefined;
  } finally {
    fs.closeSync(fd);
  }
}

export function matchesManifest(bytes: Buffer, entry: ManifestFile): boolean {
  return bytes.length === entry.bytes && createHash('sha256').update(bytes).digest('hex') === entry.sha256;
}

function passesIntegrityCheck(file: string): boolean {
  try {
    const sqlite = new Database(file, { readonly: true, fileMustExist: true });
    try {
      return sqlite.pragma('integrity_check', { simple: true }) === 'ok';
    } finally {
      sqlite.close();
    }
  } catch {
    return false;
  }
}

/** The refusal a damaged backup gets before anything is restored from it. */
export function refuseDamaged(verification: Verification): void {
  // A photo the backup lacks is lost whether it is restored or not; the records around it are still worth having back.
  const problems = verification.problems.filter((problem) => problem.problem !== 'photo_missing');
  if (problems.length === 0) return;
  const listed = problems.map((problem) => `${problem.path} (${problem.problem.replace(/_/g, ' ')})`).join(', ');
  throw new AppError('conflict', `The backup ${verification.backup} is damaged: ${listed}.`, { details: { reason: 'backup_damaged', backup: verification.backup, problems } });
}
