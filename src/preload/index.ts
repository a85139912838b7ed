import { contextBridge } from 'electron';

// The typed admin API arrives with the desktop app; until then the window only learns it is in Electron.
contextBridge.exposeInMainWorld('adoptionDesk', { shell: 'electron' });
