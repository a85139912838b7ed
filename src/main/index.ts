// The Electron entry (electron-vite builds src/main/index.ts): the shell in shell/ is the only code importing 'electron'.
import './shell/main';
