import { AppError } from '../../shared/errors';

/** What a refused save says of the record as it is now; the admin face adds who wrote it (admin/edit-conflicts.ts). */
export interface StoredVersion {
  /** The record as the channel that was refused answers it. */
  current: unknown;
  version: number;
  updatedAt: number;
}

/**
 * Refuses a save made from an older version than the stored one; called inside the write's own
 * transaction, so two saves from one version cannot both pass. No version given: the caller (the
 * CLI, a script) writes over whatever is there, as before versions.
 */
export function assertVersion(what: string, stored: StoredVersion, yourVersion: number | undefined): void {
  if (yourVersion === undefined || yourVersion === stored.version) return;
  throw new AppError(
    'edit_conflict',
    `${what} was changed since version ${yourVersion} (it is at version ${stored.version} now): reload it, or save again over it on purpose.`,
    {
      details: {
        current: stored.current,
        currentVersion: stored.version,
        yourVersion,
        changedBy: null,
        changedAt: stored.updatedAt,
      },
    },
  );
}
