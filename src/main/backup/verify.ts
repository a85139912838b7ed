import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { AppError, type BackupProblem } from '../../shared/errors';
import { judgeSignature, readBackupKey, SIGNATURE_FILE, type Authenticity } from './authenticity';
import { isBackupPath, linksUnder, namedPhotos, photoFilesOf } from './layout';
import { MANIFEST_FILE, type Manifest, type ManifestFile } from './manifest';

export interface Verification {
  backup: string;
  manifest: Manifest;
  problems: BackupProblem[];
  /** What the signature says, judged with the data dir's key (authenticity.ts). */
  authenticity: Authenticity;
}

/**
 * Every file of the manifest is there with its size and hash, every database passes SQLite's
 * integrity_check, and every photo a sound database names is in the backup; the signature over
 * the manifest is judged with the key of `dataDir` (none given: no key, so `unknown_key`). A
 * manifest changed since this key signed it is a problem (`signature_mismatch`).
 */
export function verifyBackup(backup: string, options: { dataDir?: string } = {}): Verification {
  const manifestBytes = readRegularFile(backup, MANIFEST_FILE);
  const manifest = parseManifest(manifestBytes);
  if (!manifestBytes || !manifest)
    throw new AppError('not_found', `${backup} is not an Adoption Desk backup (no readable manifest.json).`, {
      details: { missing: 'backup', path: backup },
    });
  const signature = readRegularFile(backup, SIGNATURE_FILE)?.toString('utf8');
  const authenticity = judgeSignature(
    signature,
    manifestBytes,
    options.dataDir === undefined ? undefined : readBackupKey(options.dataDir),
  );
  const problems = soundnessProblems(backup, manifest);
  return {
    backup,
    manifest,
    authenticity,
    problems:
      authenticity === 'tampered' ? [{ path: MANIFEST_FILE, problem: 'signature_mismatch' }, ...problems] : problems,
  };
}

function parseManifest(bytes: Buffer | undefined): Manifest | undefined {
  if (bytes === undefined) return undefined;
  try {
    const manifest = JSON.parse(bytes.toString('utf8')) as Manifest;
    return Array.isArray(manifest?.files) ? manifest : undefined;
  } catch {
    return undefined;
  }
}

function soundnessProblems(backup: string, manifest: Manifest): BackupProblem[] {
  // Judged before any file is read: a path outside the layout, or a link, makes the whole backup untrusted.
  const foreign: BackupProblem[] = [
    ...manifest.files
      .filter((entry) => !isBackupPath(entry?.path))
      .map((entry): BackupProblem => ({ path: String(entry?.path), problem: 'foreign_path' })),
    ...linksUnder(backup).map((link): BackupProblem => ({ path: link, problem: 'link' })),
  ];
  if (foreign.length > 0) return foreign;
  const damage = manifest.files.flatMap((entry): BackupProblem[] => {
    const bytes = readListedFile(backup, entry);
    if (bytes === undefined) return [{ path: entry.path, problem: 'missing' }];
    if (!matchesManifest(bytes, entry)) return [{ path: entry.path, problem: 'hash_mismatch' }];
    return entry.database && !passesIntegrityCheck(path.join(backup, entry.path))
      ? [{ path: entry.path, problem: 'integrity_check_failed' }]
      : [];
  });
  const damaged = new Set(damage.map((problem) => problem.path));
  const held = new Set(manifest.files.map((entry) => entry.path));
  const lacking = manifest.files
    .filter((entry) => entry.database && !damaged.has(entry.path))
    .flatMap((entry) => photosLacking(backup, entry.path, held));
  return [...damage, ...lacking];
}

/** The photo files a database of the backup names that its manifest does not list (one listed but gone is `missing` already). */
function photosLacking(backup: string, database: string, held: ReadonlySet<string>): BackupProblem[] {
  const sqlite = new Database(path.join(backup, database), { readonly: true, fileMustExist: true });
  try {
    return namedPhotos(sqlite).flatMap((hash) =>
      photoFilesOf(database, hash)
        .filter((file) => !held.has(file))
        .map((file): BackupProblem => ({ path: file, problem: 'photo_missing', database, hash })),
    );
  } finally {
    sqlite.close();
  }
}

/** A file the manifest lists, read without following a link at its name; undefined when it is not a regular file there. */
export function readListedFile(backup: string, entry: ManifestFile): Buffer | undefined {
  return readRegularFile(backup, entry.path);
}

function readRegularFile(backup: string, relative: string): Buffer | undefined {
  let fd: number;
  try {
    fd = fs.openSync(path.join(backup, relative), fs.constants.O_RDONLY | fs.constants.O_NOFOLLOW);
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
  if (problems.length > 0) throw damagedBackup(verification.backup, problems);
}

export function damagedBackup(backup: string, problems: BackupProblem[]): AppError {
  const listed = problems.map((problem) => `${problem.path} (${problem.problem.replace(/_/g, ' ')})`).join(', ');
  return new AppError('conflict', `The backup ${backup} is damaged: ${listed}.`, {
    details: { reason: 'backup_damaged', backup, problems },
  });
}

/** A backup no key of this data dir signed is restored only when the caller says it trusts where it comes from. */
export function refuseUntrusted(verification: Verification, trusted: boolean): void {
  const { authenticity, backup } = verification;
  if (authenticity === 'authentic' || authenticity === 'tampered' || trusted) return;
  const why =
    authenticity === 'unsigned'
      ? 'is not signed (made by an older version)'
      : 'was not signed with this data dir’s backup key (another installation’s, or a new disk that has no key yet)';
  throw new AppError('conflict', `The backup ${backup} ${why}: nothing proves who made it.`, {
    details: { reason: 'backup_unknown_key', backup, authenticity },
  });
}
