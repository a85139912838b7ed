import fs from 'node:fs';
import path from 'node:path';
import { AppError } from '../../shared/errors';
import { isStorageFull } from './write-refusals';

/** A serving process writes counters and the request log at once: it does not start with less room than this. */
const MIN_FREE_BYTES_TO_SERVE = 1024 * 1024;

/**
 * Why the data dir cannot be used, in one line naming it, or undefined for a failure of another
 * kind (a bug, which keeps its stack). SQLite says only "unable to open database file"; the folder
 * itself tells the cause.
 */
export function dataDirProblem(dataDir: string, error: unknown): AppError | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code !== 'string') return undefined;
  const cannot = `Cannot use the data dir ${dataDir}:`;
  if (isStorageFull(error))
    return new AppError(
      'insufficient_storage',
      `${cannot} the disk is full (no space left on device); free some space and start again.`,
    );
  if (code === 'EROFS' || code.startsWith('SQLITE_READONLY')) return readOnly(cannot);
  if (code === 'EACCES' || code === 'EPERM')
    return new AppError('forbidden', `${cannot} permission denied; it must be writable by this user.`);
  if (code === 'ENOENT' || code === 'ENOTDIR' || code === 'EEXIST')
    return new AppError(
      'not_found',
      `${cannot} it is not a folder and cannot be created (${firstMissingOrFile(dataDir)}).`,
    );
  if (code.startsWith('SQLITE_CANTOPEN') || code.startsWith('SQLITE_IOERR'))
    return (
      diagnose(dataDir, cannot) ??
      new AppError('internal_error', `${cannot} SQLite cannot open or write its files there (${code}).`)
    );
  return undefined;
}

/** Refuses to serve from a disk already full, rather than answer 507 to every write from the start. */
export function assertRoomToServe(dataDir: string): void {
  const { bavail, bsize } = fs.statfsSync(dataDir);
  if (bavail * bsize < MIN_FREE_BYTES_TO_SERVE) {
    throw new AppError(
      'insufficient_storage',
      `Cannot use the data dir ${dataDir}: the disk is full (${Math.floor((bavail * bsize) / 1024)} KiB free); free some space and start again.`,
    );
  }
}

function readOnly(cannot: string): AppError {
  return new AppError(
    'forbidden',
    `${cannot} it is read-only (a read-only file system or folder); the databases must be writable.`,
  );
}

function diagnose(dataDir: string, cannot: string): AppError | undefined {
  try {
    fs.accessSync(dataDir, fs.constants.W_OK);
  } catch (error) {
    return dataDirProblem(dataDir, error) ?? readOnly(cannot);
  }
  const probe = path.join(dataDir, `.write-probe-${process.pid}`);
  try {
    fs.writeFileSync(probe, 'x');
  } catch (error) {
    return dataDirProblem(dataDir, error);
  } finally {
    fs.rmSync(probe, { force: true });
  }
  return undefined;
}

/** The deepest existing ancestor that is not a folder, or the first one missing. */
function firstMissingOrFile(dataDir: string): string {
  for (let dir = dataDir; path.dirname(dir) !== dir; dir = path.dirname(dir)) {
    const parent = path.dirname(dir);
    if (fs.existsSync(parent)) return fs.statSync(parent).isDirectory() ? `${dir} is missing` : `${parent} is a file`;
  }
  return `${dataDir} is missing`;
}

/** Runs what opens the data dir; a failure the folder explains becomes that one line. */
export function openDataDir<T>(dataDir: string, open: () => T): T {
  try {
    return open();
  } catch (error) {
    throw dataDirProblem(dataDir, error) ?? error;
  }
}
