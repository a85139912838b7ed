import { contextBridge, ipcRenderer, type IpcRendererEvent } from 'electron';
import { ADMIN_CHANNEL_NAMES } from '../shared/admin-channels';
import { LINK_CHANNELS, type LinkBridge } from '../shared/desk-link';
import { CLOSE_CHANNEL, CLOSE_HELD_MESSAGE, type DeskWindowBridge } from '../shared/desk-window';
import { CHANGE_IPC_MESSAGE, isChangeEvent, type OnChange } from '../shared/live-updates';

// One method per admin channel and nothing else: the page never sees ipcRenderer itself.
const api = Object.fromEntries(
  ADMIN_CHANNEL_NAMES.map((channel) => [channel, (input: unknown) => ipcRenderer.invoke(channel, input)]),
);

/** Live updates: the shell's change messages, checked, as plain {environment, topic} (never the IPC event). */
const onChange: OnChange = (listener) => {
  const heard = (_event: IpcRendererEvent, payload: unknown) => {
    if (isChangeEvent(payload)) listener({ environment: payload.environment, topic: payload.topic });
  };
  ipcRenderer.on(CHANGE_IPC_MESSAGE, heard);
  return () => void ipcRenderer.off(CHANGE_IPC_MESSAGE, heard);
};

contextBridge.exposeInMainWorld('adoptionDesk', { ...api, onChange });

// The first-run page's own bridge (this preload runs in the app's own window only, never the shelter server's).
const link: LinkBridge = {
  probe: (input) => ipcRenderer.invoke(LINK_CHANNELS.probe, input),
  choose: (input) => ipcRenderer.invoke(LINK_CHANNELS.choose, input),
  current: () => ipcRenderer.invoke(LINK_CHANNELS.current),
};
contextBridge.exposeInMainWorld('adoptionDeskLink', link);

// Closing with changes unsaved: the page hears that its beforeunload held the close, and closes once it was told to leave.
const deskWindow: DeskWindowBridge = {
  onCloseHeld: (listener) => {
    const heard = () => listener();
    ipcRenderer.on(CLOSE_HELD_MESSAGE, heard);
    return () => void ipcRenderer.off(CLOSE_HELD_MESSAGE, heard);
  },
  close: () => ipcRenderer.invoke(CLOSE_CHANNEL),
};
contextBridge.exposeInMainWorld('adoptionDeskWindow', deskWindow);
