import type { BackupConflict, BackupProblem, ConflictDetails, NotFoundDetails } from '../../shared/errors';

const BACKUP_REASONS: ReadonlySet<string> = new Set<BackupConflict['reason']>([
  'backup_damaged',
  'backup_target_not_empty',
  'backup_unknown_key',
  'data_dir_in_use',
]);

/** What to do with a backup this data dir's key did not sign (docs/guide/backups.md#what-a-backup-proves). */
export const UNKNOWN_KEY_HINT =
  'if you trust where it comes from, run again with --trust-unknown; or first copy the backup.key of the data dir that made it into the empty --data-dir';

export function isBackupConflict(conflict: ConflictDetails): conflict is BackupConflict {
  return BACKUP_REASONS.has(conflict.reason);
}

/** The command or flag that helps with a backup's refusal (docs/guide/backups.md). */
export function backupHint(conflict: BackupConflict): string {
  if (conflict.reason === 'backup_damaged') return 'restore another one: see "backup list --to <DIR>"';
  if (conflict.reason === 'backup_target_not_empty')
    return 'restore into an empty or new --data-dir, or run again with --force to replace it';
  if (conflict.reason === 'backup_unknown_key') return UNKNOWN_KEY_HINT;
  return `stop the server of --env ${conflict.environment} first`;
}

/** Where to look for a backup or a data dir that is not there. */
export function backupMissingHint(
  missing: Extract<NotFoundDetails, { missing: 'backup' } | { missing: 'data_dir' }>,
): string {
  return missing.missing === 'backup' ? 'see "backup list --to <DIR>"' : 'check --data-dir';
}

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;

/** What `backup verify` says of a backup's problems: its damaged files, then each database's photos it lacks. */
export function verifyProblemWords(problems: readonly BackupProblem[]): string[] {
  const foreign = problems.filter((problem) => problem.problem === 'foreign_path' || problem.problem === 'link').length;
  if (foreign > 0)
    return [
      `the backup names ${plural(foreign, 'path')} its layout has no place for, or holds links: nothing in it is trusted; restore another one: see "backup list --to <DIR>"`,
    ];
  const damaged = problems.filter((problem) => problem.problem !== 'photo_missing').length;
  const lacking = new Map<string, number>();
  for (const problem of problems)
    if (problem.problem === 'photo_missing') lacking.set(problem.database, (lacking.get(problem.database) ?? 0) + 1);
  return [
    ...(problems.some((problem) => problem.problem === 'signature_mismatch')
      ? ['the backup was changed since this data dir signed it: do not restore it']
      : []),
    ...(damaged > 0
      ? [`the backup is damaged (${plural(damaged, 'file')}); restore another one: see "backup list --to <DIR>"`]
      : []),
    ...[...lacking].map(
      ([database, count]) =>
        `${database} names ${plural(count, 'photo file')} the backup lacks; a restore brings its records back without them: an older backup may hold them`,
    ),
  ];
}
