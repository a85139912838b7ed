import { contextBridge, ipcRenderer } from 'electron';
import { ADMIN_CHANNEL_NAMES } from '../shared/admin-channels';
import { LINK_CHANNELS, type LinkBridge } from '../shared/shelter-link';

// One method per admin channel and nothing else: the page never sees ipcRenderer itself.
const api = Object.fromEntries(ADMIN_CHANNEL_NAMES.map((channel) => [channel, (input: unknown) => ipcRenderer.invoke(channel, input)]));

contextBridge.exposeInMainWorld('adoptionDesk', api);

// The first-run page's own bridge (this preload runs in the app's own window only, never the shelter server's).
const link: LinkBridge = {
  probe: (input) => ipcRenderer.invoke(LINK_CHANNELS.probe, input),
  choose: (input) => ipcRenderer.invoke(LINK_CHANNELS.choose, input),
  current: () => ipcRenderer.invoke(LINK_CHANNELS.current),
};
contextBridge.exposeInMainWorld('adoptionDeskLink', link);
