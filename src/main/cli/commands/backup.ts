import path from 'node:path';
import type { Command } from 'commander';
import { systemClock } from '../../../shared/clock';
import { detailsOf } from '../../../shared/errors';
import { DEFAULT_KEPT_BACKUPS, listBackups } from '../../backup/create';
import { NightlyBackups } from '../../backup/nightly';
import { restoreBackup } from '../../backup/restore';
import { refuseUntrusted, verifyBackup } from '../../backup/verify';
import { positiveInt } from '../arguments';
import { verifyProblemWords } from '../backup-hints';
import { note, printObject, printRows } from '../output';
import { onFiles, requireDataDir } from './backup-files';
import { registerBackupScheduleCommands } from './backup-schedule';

/** `--to: …` for a refused backups folder, as the other commands name their flags. */
function withToFlag(error: unknown): unknown {
  return detailsOf(error, 'validation_failed')?.field === 'folder' ? `--to: ${(error as Error).message}` : error;
}

/** `backup create|list|verify|restore|schedule|status` (docs/guide/backups.md). */
export function registerBackupCommands(program: Command): void {
  const backup = program
    .command('backup')
    .description(
      'Back up the data dir (both environments, photos, settings) into a folder, check a backup, restore one',
    );
  const create = backup
    .command('create')
    .description(
      'Write a consistent backup of --data-dir into a new folder inside DIR, even while the server runs; keeps the last N',
    )
    .requiredOption('--to <dir>', 'the folder that holds the backups')
    .option('--keep <n>', `backups kept in DIR, the newest (default ${DEFAULT_KEPT_BACKUPS})`, positiveInt);
  create.action(
    onFiles(async (options, output, flags: { to: string; keep?: number }) => {
      const nightly = new NightlyBackups({ dataDir: requireDataDir(create, options), clock: systemClock });
      const created = await nightly.createInto(path.resolve(flags.to), flags.keep);
      printObject(
        output,
        output.json ? created : { name: created.name, path: created.path, files: created.files, bytes: created.bytes },
      );
      if (!output.json && created.pruned.length > 0) note(`Deleted the oldest: ${created.pruned.join(', ')}.`);
      if (!output.json && created.lacking.length > 0)
        note(
          `The data dir lacks ${created.lacking.length} photo file${created.lacking.length === 1 ? '' : 's'} its databases name, so the backup does too: ${created.lacking.join(', ')}.`,
        );
    }, withToFlag),
  );
  backup
    .command('list')
    .description('List the backups in DIR, oldest first')
    .requiredOption('--to <dir>', 'the folder that holds the backups')
    .action(
      onFiles((_options, output, flags: { to: string }) =>
        printRows(
          output,
          listBackups(path.resolve(flags.to)),
          'No backups there yet: make one with "backup create --to <DIR>".',
        ),
      ),
    );
  const verify = backup
    .command('verify')
    .description(
      'Check a backup: every file matches its manifest, every database passes SQLite’s integrity check, every photo a database names is there, and (with --data-dir) that this data dir’s backup key signed it',
    )
    .argument('<backup>', 'the backup’s folder')
    .option(
      '--trust-unknown',
      'accept a backup this data dir’s key did not sign (a new disk, another installation’s)',
      false,
    );
  verify.action(
    onFiles((options, output, folder: string, flags: { trustUnknown: boolean }) => {
      const verification = verifyBackup(path.resolve(folder), {
        dataDir: options.dataDir === undefined ? undefined : path.resolve(options.dataDir),
      });
      const { problems, authenticity } = verification;
      if (problems.length === 0) refuseUntrusted(verification, flags.trustUnknown);
      if (output.json)
        printObject(output, { backup: path.resolve(folder), ok: problems.length === 0, authenticity, problems });
      else if (problems.length === 0)
        process.stdout.write(
          `OK: ${path.resolve(folder)}${authenticity === 'authentic' ? '' : ' (its files are sound; nothing proves who made it: trusted with --trust-unknown)'}\n`,
        );
      else
        printRows(
          output,
          problems.map(({ path: file, problem }) => ({ path: file, problem })),
          '',
        );
      if (problems.length > 0) {
        if (!output.json) for (const words of verifyProblemWords(problems)) process.stderr.write(`Error: ${words}.\n`);
        process.exitCode = 1;
      }
    }),
  );
  const restore = backup
    .command('restore')
    .description(
      'Restore a backup as --data-dir (stop its server first); refuses a data dir with content unless --force, and a backup this data dir’s key did not sign unless --trust-unknown',
    )
    .argument('<backup>', 'the backup’s folder')
    .option('--force', 'replace the data dir’s content', false)
    .option(
      '--trust-unknown',
      'restore a backup this data dir’s key did not sign (a new disk, another installation’s, an older version’s)',
      false,
    );
  restore.action(
    onFiles((options, output, folder: string, flags: { force: boolean; trustUnknown: boolean }) => {
      const restored = restoreBackup(path.resolve(folder), requireDataDir(restore, options), {
        force: flags.force,
        trustUnknown: flags.trustUnknown,
      });
      printObject(output, restored);
      if (!output.json && restored.authenticity !== 'authentic')
        note('Restored with --trust-unknown: nothing proved who made this backup.');
    }),
  );
  registerBackupScheduleCommands(backup);
}
