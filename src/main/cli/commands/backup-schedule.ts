import path from 'node:path';
import { InvalidArgumentError, type Command } from 'commander';
import { TIME_OF_DAY, type BackupFailureReason, type BackupRun, type BackupsStatus } from '../../../shared/backups';
import { systemClock } from '../../../shared/clock';
import { detailsOf } from '../../../shared/errors';
import { NightlyBackups } from '../../backup/nightly';
import { positiveInt } from '../arguments';
import { printObject, printRows, type Output } from '../output';
import { onFiles, requireDataDir } from './backup-files';

interface ScheduleFlags {
  folder?: string;
  keep?: number;
  at?: string;
  off: boolean;
}

function timeOfDay(value: string): string {
  if (!TIME_OF_DAY.test(value))
    throw new InvalidArgumentError('a time of day as HH:MM, from 00:00 to 23:59 (e.g. 02:00).');
  return value;
}

const REASON_WORDS: Record<BackupFailureReason, string> = {
  folder_missing:
    'the folder is not there (a drive not plugged in?); it is not made again: check it, or choose another with "backup schedule --folder <DIR>"',
  folder_not_writable:
    'the folder cannot be written to; check its permissions, or choose another with "backup schedule --folder <DIR>"',
  disk_full: 'the disk of the folder is full; free some space or lower --keep',
  nothing_to_back_up: 'the data dir holds no database yet; check --data-dir',
  other: 'see the message',
};

/** A moment as the shelter server's wall clock shows it, YYYY-MM-DD HH:MM. */
function localMoment(instant: number, timeZone: string): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
    })
      .formatToParts(instant)
      .map((part) => [part.type, part.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}`;
}

function lastRunLine(run: BackupRun, timeZone: string): string {
  const when = `${localMoment(run.at, timeZone)} (${run.trigger === 'nightly' ? 'nightly' : 'on demand'})`;
  if (run.ok) return `Last backup: ${when}, ${run.name} (${run.bytes ?? 0} bytes)`;
  return `Last backup: ${when} FAILED (${run.code}): ${REASON_WORDS[run.reason ?? 'other']}. ${run.message ?? ''}`.trimEnd();
}

function printStatus(output: Output, status: BackupsStatus): void {
  if (output.json) {
    printObject(output, status);
    return;
  }
  const { schedule, timeZone } = status;
  const lines = [
    schedule.on
      ? `Nightly backups: on, at ${schedule.at} (${timeZone}), keeping the last ${schedule.keep}`
      : 'Nightly backups: off (turn them on with "backup schedule --folder <DIR>")',
    `Folder: ${schedule.folder ?? 'none chosen yet'}`,
    ...(status.nextRun === null
      ? []
      : [
          `Next backup: ${status.due ? 'at the server’s next check (within a minute)' : localMoment(status.nextRun, timeZone)}`,
        ]),
    status.lastRun ? lastRunLine(status.lastRun, timeZone) : 'Last backup: none yet',
    ...(status.folderProblem
      ? [`The folder cannot be listed (${status.folderProblem.code}): ${REASON_WORDS[status.folderProblem.reason]}.`]
      : []),
  ];
  process.stdout.write(`${lines.join('\n')}\n`);
  if (schedule.folder !== null && !status.folderProblem)
    printRows(
      output,
      status.backups.map(({ name, createdAt, files, bytes }) => ({ name, createdAt, files, bytes })),
      'No backups in the folder yet.',
    );
}

/** `--folder: …` for a refused folder, as the other commands name their flags. */
function withFolderFlag(error: unknown): unknown {
  return detailsOf(error, 'validation_failed')?.field === 'folder' ? `--folder: ${(error as Error).message}` : error;
}

/** `backup schedule` and `backup status`: the shelter server's nightly backups, through the data dir's backup-schedule.json. */
export function registerBackupScheduleCommands(backup: Command): void {
  const schedule = backup
    .command('schedule')
    .description(
      'Turn on the shelter server’s nightly backup into DIR (a running server picks it up within a minute), or turn it off with --off',
    )
    .option('--folder <dir>', 'the folder the nightly backups go to (made if missing)')
    .option('--keep <n>', 'backups kept in the folder, the newest (default 7)', positiveInt)
    .option('--at <HH:MM>', 'the time of day on the server, 24 h (default 02:00)', timeOfDay)
    .option('--off', 'no nightly backups (the folder and times are kept)', false);
  schedule.action(
    onFiles((options, output, flags: ScheduleFlags) => {
      const nightly = new NightlyBackups({ dataDir: requireDataDir(schedule, options), clock: systemClock });
      const current = nightly.status().schedule;
      const folder = flags.folder === undefined ? current.folder : path.resolve(flags.folder);
      printStatus(
        output,
        nightly.configure({ on: !flags.off, folder, keep: flags.keep ?? current.keep, at: flags.at ?? current.at }),
      );
    }, withFolderFlag),
  );
  const status = backup
    .command('status')
    .description('The nightly backup: its settings, the last result, the next run and the backups in its folder');
  status.action(
    onFiles((options, output) =>
      printStatus(
        output,
        new NightlyBackups({ dataDir: requireDataDir(status, options), clock: systemClock }).status(),
      ),
    ),
  );
}
