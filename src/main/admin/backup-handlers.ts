import type { AppHost } from '../host/app-host';
import type { AdminHandlers } from './dispatch';

type BackupChannel = Extract<keyof AdminHandlers, `backups.${string}`>;

/** The shelter server's nightly backups: of the whole data dir, kept by the host. */
export function backupHandlers(host: AppHost): Pick<AdminHandlers, BackupChannel> {
  return {
    'backups.status': () => host.backups.status(),
    'backups.configure': (schedule) => host.backups.configure(schedule),
    'backups.runNow': () => host.backups.runNow(),
  };
}
