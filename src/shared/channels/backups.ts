/** Backups: of the whole data dir, so no environment. */
import type { BackupsStatus } from '../backups';
import { MANAGERS, OWNER, answer, area } from './declare';

export const BACKUP_CHANNELS = area({
  /** The nightly schedule, the last backup's result, the next run and the backups in the folder. */
  // Backups: where the shelter's data goes is the owner's to choose; a manager sees it and may back up now.
  'backups.status': {
    input: ({ z }) => z.strictObject({}),
    answer: answer<BackupsStatus>(),
    may: MANAGERS,
  },
  'backups.configure': {
    input: ({ BackupScheduleSchema }) => BackupScheduleSchema,
    answer: answer<BackupsStatus>(),
    may: OWNER,
    writes: 'Changed the nightly backups',
  },
  /** Writes a backup now into the chosen folder; a failure is answered as the error and kept as the last result. */
  'backups.runNow': {
    input: ({ z }) => z.strictObject({}),
    answer: answer<BackupsStatus>(),
    may: MANAGERS,
    writes: 'Backed up now',
  },
});
