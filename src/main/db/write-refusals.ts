import { AppError } from '../../shared/errors';

/** SQLite's codes for a write the disk had no room for (unixWrite turns ENOSPC into SQLITE_FULL). */
const FULL_CODES = new Set(['SQLITE_FULL', 'SQLITE_IOERR_SHMSIZE', 'ENOSPC', 'EDQUOT']);

function codeOf(error: unknown): string | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : undefined;
}

export function isStorageFull(error: unknown): boolean {
  const code = codeOf(error);
  return code !== undefined && FULL_CODES.has(code);
}

/** Another process (the CLI, the desktop app) held the write lock longer than a request may wait. */
export function isLockTimeout(error: unknown): boolean {
  const code = codeOf(error);
  return code !== undefined && (code.startsWith('SQLITE_BUSY') || code.startsWith('SQLITE_LOCKED'));
}

/** The caller's answer when a write failed for want of space: nothing of it was kept. */
export function insufficientStorage(): AppError {
  return new AppError(
    'insufficient_storage',
    'The server’s disk is full, so nothing was written; reading still works. Retry once space is freed.',
  );
}

/** The caller's answer when the write lock did not come in time: nothing of it was kept. */
export function lockTimeout(): AppError {
  return new AppError(
    'service_unavailable',
    'Another program was writing to the database, so nothing was written; retry in a moment.',
    { headers: { 'retry-after': '1' } },
  );
}

/** A write's failure as the caller's answer, when it is one of these; undefined for anything else (a bug). */
export function writeRefusal(error: unknown): AppError | undefined {
  if (isStorageFull(error)) return insufficientStorage();
  if (isLockTimeout(error)) return lockTimeout();
  return undefined;
}
