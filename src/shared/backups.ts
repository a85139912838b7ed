import { z } from 'zod';

/** The nightly backup's settings (docs/guide/backups.md): kept in the data dir's backup-schedule.json. */
export const TIME_OF_DAY = /^([01]\d|2[0-3]):[0-5]\d$/;
export const DEFAULT_BACKUP_TIME = '02:00';

export const BackupScheduleSchema = z.strictObject({
  on: z.boolean(),
  /** An absolute path on the shelter server; null until staff choose one. */
  folder: z.string().min(1).max(1_000).nullable(),
  keep: z.int().min(1).max(365),
  /** Local time of day on the shelter server, HH:MM (24 h). */
  at: z.string().regex(TIME_OF_DAY, 'a time of day as HH:MM, from 00:00 to 23:59'),
});

export type BackupSchedule = z.infer<typeof BackupScheduleSchema>;

/** Why a backup could not be written, for each face to word: the folder is gone, cannot be written, the disk is full, or something else (`code` names it). */
export type BackupFailureReason =
  'folder_missing' | 'folder_not_writable' | 'disk_full' | 'nothing_to_back_up' | 'other';

/** The last backup the shelter server made, nightly or on demand. */
export interface BackupRun {
  at: number;
  trigger: 'nightly' | 'now';
  ok: boolean;
  /** The backup's folder name and path, its files and bytes, when it was written. */
  name: string | null;
  path: string | null;
  bytes: number | null;
  /** When it failed: why, the system's or the engine's code (ENOSPC, EACCES, not_found), and its message. */
  reason: BackupFailureReason | null;
  code: string | null;
  message: string | null;
}

export interface BackupListed {
  name: string;
  path: string;
  createdAt: string;
  files: number;
  bytes: number;
}

export interface BackupsStatus {
  schedule: BackupSchedule;
  /** The shelter server's time zone, whose HH:MM the schedule follows. */
  timeZone: string;
  lastRun: BackupRun | null;
  /** When the next nightly backup runs (ms), or null when it is off or has no folder. */
  nextRun: number | null;
  /** A night's backup is missing (the time passed, or the machine slept through it): it runs at the server's next check, within a minute. */
  due: boolean;
  /** The backups in the folder, newest first. */
  backups: BackupListed[];
  /** Why the folder could not be listed (it is missing or unreadable), or null. */
  folderProblem: { reason: BackupFailureReason; code: string; message: string } | null;
}
