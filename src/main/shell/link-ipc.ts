import type { IpcMain, IpcMainInvokeEvent } from 'electron';
import { AppError } from '../../shared/errors';
import { LINK_CHANNELS, type DeskMode } from '../../shared/desk-link';
import type { DeskLink } from '../desk-link/desk-link';

/**
 * The first-run page's bridge (not the admin contract): each call checks who is asking, then the
 * desk link validates what it was sent. `onChosen` hears a choice once it is stored.
 */
export function registerLinkIpc(
  ipcMain: IpcMain,
  link: DeskLink,
  isTrustedSender: (event: IpcMainInvokeEvent) => boolean,
  onChosen: (mode: DeskMode) => void,
): void {
  const refused = {
    ok: false,
    error: new AppError('forbidden', 'This window may not choose how this computer works.').toBody(),
  } as const;
  ipcMain.handle(LINK_CHANNELS.probe, (event, payload: unknown) =>
    isTrustedSender(event) ? link.probe(payload) : refused,
  );
  ipcMain.handle(LINK_CHANNELS.current, (event, payload: unknown) =>
    isTrustedSender(event) ? link.current(payload) : refused,
  );
  ipcMain.handle(LINK_CHANNELS.choose, async (event, payload: unknown) => {
    if (!isTrustedSender(event)) return refused;
    const result = await link.choose(payload);
    if (result.ok) onChosen(result.value);
    return result;
  });
}
