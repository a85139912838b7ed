import path from 'node:path';
import { app, BrowserWindow } from 'electron';
import { DEFAULT_PORT } from '../shared/environments';
import { startApiServer, type RunningServer } from './api/start';

// The Electron shell: only this file (and later its siblings in the shell) imports 'electron'.
const servers: RunningServer[] = [];

async function main(): Promise<void> {
  if (!app.requestSingleInstanceLock()) {
    app.quit();
    return;
  }
  await app.whenReady();
  const dataDir = app.getPath('userData');
  const migrationsFolder = app.isPackaged ? path.join(process.resourcesPath, 'migrations') : undefined;
  for (const environment of ['production', 'staging'] as const) {
    servers.push(await startApiServer({ dataDir, environment, port: DEFAULT_PORT[environment], migrationsFolder }));
  }
  const window = new BrowserWindow({
    width: 1200,
    height: 800,
    webPreferences: {
      preload: path.join(__dirname, '../preload/index.js'),
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
    },
  });
  await window.loadFile(path.join(__dirname, '../renderer/index.html'));
}

app.on('before-quit', (event) => {
  if (servers.length === 0) return;
  event.preventDefault();
  const stopping = servers.splice(0);
  void Promise.all(stopping.map((server) => server.stop())).finally(() => app.quit());
});

void main();
