import { contextBridge, ipcRenderer } from 'electron';
import { ADMIN_CHANNEL_NAMES } from '../shared/admin-channels';

// One method per admin channel and nothing else: the page never sees ipcRenderer itself.
const api = Object.fromEntries(ADMIN_CHANNEL_NAMES.map((channel) => [channel, (input: unknown) => ipcRenderer.invoke(channel, input)]));

contextBridge.exposeInMainWorld('adoptionDesk', api);
