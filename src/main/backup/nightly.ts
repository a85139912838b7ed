import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import {
  BackupScheduleSchema,
  DEFAULT_BACKUP_TIME,
  type BackupFailureReason,
  type BackupRun,
  type BackupSchedule,
  type BackupsStatus,
} from '../../shared/backups';
import type { Clock } from '../../shared/clock';
import { AppError, isAppError } from '../../shared/errors';
import { parseOrThrow } from '../../shared/validation';
import { writeFileAtomically } from '../files/atomic-write';
import { ensurePrivateDir } from '../files/owner-only';
import { createBackup, DEFAULT_KEPT_BACKUPS, listBackups, type CreatedBackup } from './create';
import { makeOwnFolder, refuseExposedFolder } from './folders';
import { SCHEDULE_FILE } from './layout';
import { isDue, localTimeZone, nextRun } from './schedule';

const DEFAULT_SCHEDULE: BackupSchedule = {
  on: false,
  folder: null,
  keep: DEFAULT_KEPT_BACKUPS,
  at: DEFAULT_BACKUP_TIME,
};

const BackupRunSchema = z.object({
  at: z.number(),
  trigger: z.enum(['nightly', 'now']),
  ok: z.boolean(),
  name: z.string().nullable(),
  path: z.string().nullable(),
  bytes: z.number().nullable(),
  reason: z.enum(['folder_missing', 'folder_not_writable', 'disk_full', 'nothing_to_back_up', 'other']).nullable(),
  code: z.string().nullable(),
  message: z.string().nullable(),
});

/** backup-schedule.json: the settings, the last result, and up to when the nightly runs are done. */
const StoredSchema = z.object({
  schedule: BackupScheduleSchema,
  doneUpTo: z.number(),
  lastRun: BackupRunSchema.nullable(),
});
type Stored = z.infer<typeof StoredSchema>;

export interface NightlyBackupsOptions {
  dataDir: string;
  clock: Clock;
  /** The zone whose HH:MM the schedule follows; this process's own when omitted. */
  timeZone?: string;
}

/**
 * The shelter server's nightly backups: the schedule staff set, the run when it is due (the host's
 * supervised job asks `runIfDue` every minute), a run on demand, and the last result. Everything is
 * kept in the data dir's file, read again at each step, so the CLI's `backup schedule` and a running
 * server share it, and it survives restarts. A failed backup never throws out of here: it becomes
 * the last result, with why.
 */
export class NightlyBackups {
  private readonly file: string;
  readonly timeZone: string;
  /** One backup at a time: a nightly run and "Back up now" wait for each other. */
  private queue: Promise<unknown> = Promise.resolve();

  constructor(private readonly options: NightlyBackupsOptions) {
    this.file = path.join(options.dataDir, SCHEDULE_FILE);
    this.timeZone = options.timeZone ?? localTimeZone();
  }

  status(): BackupsStatus {
    const { schedule, doneUpTo, lastRun } = this.read();
    const now = this.options.clock.now();
    const listed = schedule.folder === null ? { backups: [], problem: null } : listIn(schedule.folder);
    const scheduled = schedule.on && schedule.folder !== null;
    return {
      schedule,
      timeZone: this.timeZone,
      lastRun,
      nextRun: scheduled ? nextRun(now, doneUpTo, schedule.at, this.timeZone) : null,
      due: scheduled && isDue(now, doneUpTo, schedule.at, this.timeZone),
      backups: listed.backups,
      folderProblem: listed.problem,
    };
  }

  /** New settings; nightly runs count from now, so turning it on at noon does not back up at once for last night. */
  configure(schedule: BackupSchedule): BackupsStatus {
    const parsed = parseOrThrow(BackupScheduleSchema, schedule, 'schedule');
    if (parsed.folder !== null && !path.isAbsolute(parsed.folder))
      throw new AppError(
        'validation_failed',
        `The backup folder must be a full path on the shelter server, not ${parsed.folder}.`,
        { details: { field: 'folder', reason: 'backup_folder_not_absolute', folder: parsed.folder } },
      );
    if (parsed.on && parsed.folder === null)
      throw new AppError('validation_failed', 'Choose the folder the nightly backups go to before turning them on.', {
        details: { field: 'folder', reason: 'backup_folder_not_chosen' },
      });
    if (parsed.folder !== null) {
      refuseExposedFolder(this.options.dataDir, parsed.folder);
      try {
        makeOwnFolder(parsed.folder);
      } catch (error) {
        const systemCode = String((error as NodeJS.ErrnoException).code ?? 'unknown');
        throw new AppError(
          'validation_failed',
          `The backup folder ${parsed.folder} cannot be made: ${(error as Error).message}`,
          { details: { field: 'folder', reason: 'backup_folder_not_made', folder: parsed.folder, systemCode } },
        );
      }
    }
    const stored = this.read();
    this.write({ ...stored, schedule: parsed, doneUpTo: this.options.clock.now() });
    return this.status();
  }

  /** A backup now, whatever the schedule; its result is the last result (a failure too: it is answered, not thrown). */
  runNow(): Promise<BackupsStatus> {
    return this.serially(async () => {
      const { schedule } = this.read();
      if (schedule.folder === null)
        throw new AppError('validation_failed', 'Choose the folder the backups go to first.', {
          details: { field: 'folder', reason: 'backup_folder_not_chosen' },
        });
      await this.backUp('now', schedule);
      return this.status();
    });
  }

  /**
   * A backup into any folder made by hand (`backup create`): it counts as the last backup, as the
   * server's own on-demand ones do. A failure is thrown to the caller and leaves the last result as it was.
   */
  createInto(to: string, keep?: number): Promise<CreatedBackup> {
    return this.serially(async () => {
      const at = this.options.clock.now();
      const made = await createBackup(this.options.dataDir, to, { keep, now: at });
      this.write({
        ...this.read(),
        lastRun: {
          at,
          trigger: 'now',
          ok: true,
          name: made.name,
          path: made.path,
          bytes: made.bytes,
          reason: null,
          code: null,
          message: null,
        },
      });
      return made;
    });
  }

  /** The supervised job: a backup when tonight's (or a night slept through) is due; undefined when none was. */
  runIfDue(): Promise<BackupRun | undefined> {
    return this.serially(async () => {
      const { schedule, doneUpTo } = this.read();
      const now = this.options.clock.now();
      if (!schedule.on || schedule.folder === null || !isDue(now, doneUpTo, schedule.at, this.timeZone))
        return undefined;
      // Counted as done before it runs: a failure is not retried every minute, but tomorrow night (or on demand).
      this.write({ ...this.read(), doneUpTo: now });
      return this.backUp('nightly', schedule);
    });
  }

  private async backUp(trigger: BackupRun['trigger'], schedule: BackupSchedule): Promise<BackupRun> {
    const at = this.options.clock.now();
    const folder = schedule.folder ?? '';
    let run: BackupRun;
    try {
      // A folder that is gone (a drive not plugged in) is not made again on the system disk.
      if (!fs.statSync(folder).isDirectory())
        throw Object.assign(new Error(`${folder} is not a folder.`), { code: 'ENOTDIR' });
      const made = await createBackup(this.options.dataDir, folder, { keep: schedule.keep, now: at });
      run = {
        at,
        trigger,
        ok: true,
        name: made.name,
        path: made.path,
        bytes: made.bytes,
        reason: null,
        code: null,
        message: null,
      };
    } catch (error) {
      const { reason, code } = classify(error);
      run = {
        at,
        trigger,
        ok: false,
        name: null,
        path: null,
        bytes: null,
        reason,
        code,
        message: error instanceof Error ? error.message : String(error),
      };
    }
    this.write({ ...this.read(), lastRun: run });
    return run;
  }

  private serially<T>(step: () => Promise<T>): Promise<T> {
    const result = this.queue.then(step);
    this.queue = result.catch(() => undefined);
    return result;
  }

  private read(): Stored {
    let text: string;
    try {
      text = fs.readFileSync(this.file, 'utf8');
    } catch {
      return { schedule: { ...DEFAULT_SCHEDULE }, doneUpTo: 0, lastRun: null };
    }
    try {
      return StoredSchema.parse(JSON.parse(text));
    } catch {
      // A damaged file reads as "off": the next settings saved replace it.
      return { schedule: { ...DEFAULT_SCHEDULE }, doneUpTo: 0, lastRun: null };
    }
  }

  private write(stored: Stored): void {
    ensurePrivateDir(this.options.dataDir);
    writeFileAtomically(this.file, `${JSON.stringify(stored, null, 2)}\n`);
  }
}

const REASON_OF_CODE: Record<string, BackupFailureReason> = {
  ENOENT: 'folder_missing',
  ENOTDIR: 'folder_missing',
  EACCES: 'folder_not_writable',
  EPERM: 'folder_not_writable',
  EROFS: 'folder_not_writable',
  ENOSPC: 'disk_full',
  EDQUOT: 'disk_full',
  SQLITE_FULL: 'disk_full',
  SQLITE_CANTOPEN: 'folder_not_writable',
  SQLITE_READONLY: 'folder_not_writable',
};

function classify(error: unknown): { reason: BackupFailureReason; code: string } {
  if (isAppError(error))
    return { reason: error.code === 'not_found' ? 'nothing_to_back_up' : 'other', code: error.code };
  const code = String((error as { code?: unknown }).code ?? 'unknown');
  return { reason: REASON_OF_CODE[code] ?? 'other', code };
}

/** The folder's backups, newest first, or why it cannot be listed. */
function listIn(folder: string): { backups: BackupsStatus['backups']; problem: BackupsStatus['folderProblem'] } {
  try {
    return { backups: listBackups(folder).reverse(), problem: null };
  } catch (error) {
    const { reason, code } = isAppError(error)
      ? { reason: 'folder_missing' as const, code: 'ENOENT' }
      : classify(error);
    return { backups: [], problem: { reason, code, message: error instanceof Error ? error.message : String(error) } };
  }
}
