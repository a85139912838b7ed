import type { BrowserWindow, IpcMain, IpcMainInvokeEvent } from 'electron';
import { CLOSE_CHANNEL, CLOSE_HELD_MESSAGE } from '../../shared/desk-window';
import { AppError } from '../../shared/errors';

/**
 * The desk's window with changes unsaved: its page's `beforeunload` holds a close or a quit, and
 * Electron would give no word of it. The page is told instead, asks "Leave without saving?" in the
 * member's words, and on Leave calls CLOSE_CHANNEL: the window closes again, with nothing left to hold it.
 */
export function askThePageBeforeClosing(
  ipcMain: IpcMain,
  window: () => BrowserWindow | undefined,
  isTrustedSender: (event: IpcMainInvokeEvent) => boolean,
): void {
  ipcMain.handle(CLOSE_CHANNEL, (event) => {
    if (!isTrustedSender(event))
      return { ok: false, error: new AppError('forbidden', 'This window may not close the desk.').toBody() };
    window()?.close();
    return { ok: true, value: null };
  });
}

/** Tells the window's page each time its `beforeunload` held a close (not calling preventDefault keeps it held). */
export function tellThePageWhenCloseHeld(window: BrowserWindow): void {
  window.webContents.on('will-prevent-unload', () => {
    if (!window.webContents.isDestroyed()) window.webContents.send(CLOSE_HELD_MESSAGE);
  });
}
