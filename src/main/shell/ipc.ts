import type { IpcMain, IpcMainInvokeEvent } from 'electron';
import { ADMIN_CHANNELS } from '../../shared/admin-contract';
import { AppError } from '../../shared/errors';
import { dispatchAdmin, type AdminHandlers } from '../admin/dispatch';
import type { TeamGate } from '../staff/access';

/** One handler per contract channel; each checks who is asking, then validates what it was sent. */
export function registerAdminIpc(ipcMain: IpcMain, handlers: AdminHandlers, isTrustedSender: (event: IpcMainInvokeEvent) => boolean, gate?: () => TeamGate): void {
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
