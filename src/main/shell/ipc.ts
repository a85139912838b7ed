import type { BrowserWindow, IpcMain, IpcMainInvokeEvent } from 'electron';
import { ADMIN_CHANNELS } from '../../shared/admin-contract';
import { AppError } from '../../shared/errors';
import { CHANGE_IPC_MESSAGE, type ChangeEvent } from '../../shared/live-updates';
import { dispatchAdmin, type AdminHandlers } from '../admin/dispatch';
import type { ChangeFeed } from '../host/change-feed';
import type { TeamGate } from '../staff/access';

/** One handler per contract channel; each checks who is asking, then validates what it was sent. */
export function registerAdminIpc(
  ipcMain: IpcMain,
  handlers: AdminHandlers,
  isTrustedSender: (event: IpcMainInvokeEvent) => boolean,
  gate?: () => TeamGate,
): void {
  for (const channel of ADMIN_CHANNELS) {
    ipcMain.handle(channel, (event, payload: unknown) => {
      if (!isTrustedSender(event)) {
        return { ok: false, error: new AppError('forbidden', 'This window may not use the admin channels.').toBody() };
      }
      // The desktop is the desk: every call is allowed, and its writes go to the audit trail.
      return dispatchAdmin(handlers, channel, payload, undefined, gate?.());
    });
  }
}

/** Live updates: each change topic of the host, sent to the window (none to a window closed or not yet made). */
export function forwardChanges(changes: ChangeFeed, window: () => BrowserWindow | undefined): () => void {
  return changes.onChange((environment, topic) => {
    const contents = window()?.webContents;
    if (contents && !contents.isDestroyed())
      contents.send(CHANGE_IPC_MESSAGE, { environment, topic } satisfies ChangeEvent);
  });
}
