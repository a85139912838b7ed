import path from 'node:path';
import {
  app,
  BrowserWindow,
  dialog,
  ipcMain,
  Menu,
  net,
  protocol,
  screen,
  session,
  shell,
  type IpcMainInvokeEvent,
} from 'electron';
import { ENVIRONMENTS } from '../../shared/environments';
import { createAdminHandlers } from '../admin/handlers';
import { teamGateOf } from '../admin/staff-handlers';
import { adminServingOf, teamListenerOf } from '../admin/admin-serving';
import { AppHost } from '../host/app-host';
import { deskChoiceFile, forgetDeskChoice, readDeskChoice } from '../desk-link/choice-file';
import { createDeskLink } from '../desk-link/desk-link';
import { askThePageBeforeClosing, tellThePageWhenCloseHeld } from './close-ipc';
import { forwardChanges, registerAdminIpc } from './ipc';
import { registerLinkIpc } from './link-ipc';
import { buildMenuTemplate } from './menu';
import { APP_SCHEME_PRIVILEGES, serveRenderer } from './protocol';
import { APP_ORIGIN, denyAllPermissions, isTrustedFrameUrl, lockDownContents } from './security';
import { openShelterWindow } from './shelter-window';
import { DEFAULT_WINDOW_STATE, loadWindowState, saveWindowState } from './window-state';

// The Electron shell: the few files here and in shell/ are the only ones importing 'electron'.
const devServerUrl = app.isPackaged ? undefined : process.env.ELECTRON_RENDERER_URL;
protocol.registerSchemesAsPrivileged([APP_SCHEME_PRIVILEGES]);

let mainWindow: BrowserWindow | undefined;
let host: AppHost | undefined;

/** Where links may open in the system browser: the app's own servers, as they run now. */
function ownApiOrigins(): string[] {
  return ENVIRONMENTS.flatMap((environment) => {
    const baseUrl = host?.baseUrl(environment);
    return baseUrl ? [new URL(baseUrl).origin] : [];
  });
}

/** A new start, the desk's choice read afresh (the servers stop first, in before-quit). */
function restart(): void {
  app.relaunch();
  app.quit();
}

/** The menu's way back from the first run's choice: nothing is deleted, the next start asks again. */
async function changeDeskMode(choiceFile: string): Promise<void> {
  const options = {
    type: 'question' as const,
    message: 'Change how this computer works?',
    detail:
      "Adoption Desk restarts and asks again whether this computer keeps the shelter's records or connects to the shelter server. No records are deleted.",
    buttons: ['Restart and choose', 'Cancel'],
    defaultId: 0,
    cancelId: 1,
  };
  const { response } = mainWindow
    ? await dialog.showMessageBox(mainWindow, options)
    : await dialog.showMessageBox(options);
  if (response !== 0) return;
  forgetDeskChoice(choiceFile);
  restart();
}

function setMenu(choiceFile: string, openApiDocument?: () => void): void {
  const changeMode = () => void changeDeskMode(choiceFile);
  Menu.setApplicationMenu(
    Menu.buildFromTemplate(
      buildMenuTemplate({
        isMac: process.platform === 'darwin',
        isPackaged: app.isPackaged,
        openApiDocument,
        changeDeskMode: changeMode,
      }),
    ),
  );
}

function savedBounds(stateFile: string) {
  const saved = loadWindowState(
    stateFile,
    screen.getAllDisplays().map((display) => display.workArea),
  );
  return { saved, bounds: saved ?? DEFAULT_WINDOW_STATE };
}

function createWindow(stateFile: string): BrowserWindow {
  const { saved, bounds } = savedBounds(stateFile);
  const window = new BrowserWindow({
    ...bounds,
    minWidth: 900,
    minHeight: 600,
    show: false,
    title: 'Adoption Desk',
    webPreferences: {
      preload: path.join(__dirname, '../preload/index.js'),
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
      devTools: !app.isPackaged,
    },
  });
  if (saved?.maximized) window.maximize();
  lockDownContents(window.webContents, (url) => void shell.openExternal(url), devServerUrl, ownApiOrigins);
  tellThePageWhenCloseHeld(window);
  window.once('ready-to-show', () => window.show());
  window.on('close', () =>
    saveWindowState(stateFile, { ...window.getNormalBounds(), maximized: window.isMaximized() }),
  );
  void (devServerUrl ? window.loadURL(devServerUrl) : window.loadURL(`${APP_ORIGIN}/index.html`));
  return window;
}

async function main(): Promise<void> {
  if (!app.requestSingleInstanceLock()) {
    app.quit();
    return;
  }
  app.on('second-instance', () => {
    if (mainWindow?.isMinimized()) mainWindow.restore();
    mainWindow?.focus();
  });
  await app.whenReady();

  const userData = app.getPath('userData');
  denyAllPermissions(session.defaultSession);
  const choiceFile = deskChoiceFile(userData);
  const { choice, damage: choiceDamage } = readDeskChoice(choiceFile, new Date());
  if (choice?.mode === 'shelter-server') {
    // A window onto the shelter server: no servers, no data of its own on this computer.
    setMenu(choiceFile);
    const stateFile = path.join(userData, 'window-state.json');
    const window = openShelterWindow(choice, {
      bounds: savedBounds(stateFile).bounds,
      isPackaged: app.isPackaged,
      changeDeskMode: () => void changeDeskMode(choiceFile),
    });
    window.on('close', () =>
      saveWindowState(stateFile, { ...window.getNormalBounds(), maximized: window.isMaximized() }),
    );
    mainWindow = window;
    return;
  }
  host = new AppHost({
    dataDir: userData,
    migrationsFolder: app.isPackaged ? path.join(process.resourcesPath, 'migrations') : undefined,
  });
  const photoHost = host;
  serveRenderer(protocol, net, path.join(__dirname, '../renderer'), (environment, name) =>
    photoHost.engine(environment).services.photos.files.fileOf(name),
  );
  host.team.serve(teamListenerOf(adminServingOf(host, path.join(__dirname, '../renderer'))));
  const statuses = await host.start();
  const trusted = (event: IpcMainInvokeEvent) => isTrustedFrameUrl(event.senderFrame?.url ?? '', devServerUrl);
  registerAdminIpc(ipcMain, createAdminHandlers(host), trusted, teamGateOf(host));
  askThePageBeforeClosing(ipcMain, () => mainWindow, trusted);
  // The first-run page's bridge: a desk that chooses the shelter server starts again as its window.
  registerLinkIpc(ipcMain, createDeskLink({ file: choiceFile }), trusted, (mode) => {
    if (mode.mode === 'shelter-server') setImmediate(restart);
  });
  forwardChanges(host.changes, () => mainWindow);

  setMenu(choiceFile, () => {
    const baseUrl = host?.baseUrl('production');
    if (baseUrl) void shell.openExternal(`${baseUrl}/openapi.json`);
  });
  mainWindow = createWindow(path.join(userData, 'window-state.json'));
  if (choiceDamage) {
    void dialog.showMessageBox(mainWindow, {
      type: 'warning',
      message: 'How this computer works must be chosen again.',
      detail: `The saved choice could not be read (${choiceDamage.reason}).${choiceDamage.keptAs ? ` The damaged file was kept as ${choiceDamage.keptAs}.` : ''}`,
    });
  }

  for (const status of statuses.filter((s) => !s.running)) {
    void dialog.showMessageBox(mainWindow, {
      type: 'warning',
      message: `The ${status.environment} API could not start.`,
      detail: `${status.problem ?? ''}\nChange its port on the Server page; its data can still be managed here.`,
    });
  }
  // The desktop app has no log to read: a damaged settings file is said here, and on the Server page.
  const damage = statuses.find((status) => status.settingsDamaged)?.settingsDamaged;
  if (damage) {
    void dialog.showMessageBox(mainWindow, {
      type: 'warning',
      message: 'The saved settings could not be used.',
      detail: `The settings file was damaged, so the servers started with the default settings.${damage.keptAs ? ` The damaged file was kept as ${damage.keptAs}.` : ''}\nCheck the settings on the Server page and save them.`,
    });
  }
}

// The servers stop once every window has closed: a window whose page holds unsaved changes may
// still cancel the quit (it asks first), and its page needs the servers while it stays open.
let quitting = false;
app.on('will-quit', (event) => {
  if (quitting || !host) return;
  event.preventDefault();
  quitting = true;
  void host.stop().finally(() => app.quit());
});
app.on('window-all-closed', () => app.quit());

main().catch((error: unknown) => {
  dialog.showErrorBox('Adoption Desk could not start', error instanceof Error ? error.message : String(error));
  app.quit();
});
