import { AppError } from '../../shared/errors';

/** SQLite's codes for a write the disk had no room for (unixWrite turns ENOSPC into SQLITE_FULL). */
const FULL_CODES = new Set(['SQLITE_FULL', 'SQLITE_IOERR_SHMSIZE', 'ENOSPC', 'EDQUOT']);

export function isStorageFull(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && FULL_CODES.has(code);
}

/** The caller's answer when a write failed for want of space: nothing of it was kept. */
export function insufficientStorage(): AppError {
  return new AppError('insufficient_storage', 'The server’s disk is full, so nothing was written; reading still works. Retry once space is freed.');
}
