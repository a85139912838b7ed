import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// Electron cannot run here: this fake stands in for the parts of it that src/main/index.ts uses.
const electron = vi.hoisted(() => {
  // vi.hoisted runs before the imports above exist, so node:events is required here.
  // eslint-disable-next-line @typescript-eslint/no-require-imports, @typescript-eslint/consistent-type-imports
  const { EventEmitter: Emitter } = require('node:events') as typeof import('node:events');
  type Contents = InstanceType<typeof Emitter> & { setWindowOpenHandler: ReturnType<typeof vi.fn> };
  const state = {
    singleInstance: true,
    userData: '',
    windows: [] as { options: Record<string, unknown>; url?: string; contents: Contents; instance: InstanceType<typeof Emitter> }[],
    ipcChannels: [] as string[],
    quitCalls: 0,
    menuSet: false,
    schemes: [] as unknown[],
  };
  class BrowserWindow extends Emitter {
    webContents: Contents;
    constructor(options: Record<string, unknown>) {
      super();
      this.webContents = Object.assign(new Emitter(), { setWindowOpenHandler: vi.fn() });
      state.windows.push({ options, contents: this.webContents, instance: this });
    }
    loadURL(url: string) {
      const entry = state.windows.at(-1);
      if (entry) entry.url = url;
      return Promise.resolve();
    }
    maximize() {}
    show() {}
    isMaximized() {
      return false;
    }
    getNormalBounds() {
      return { x: 10, y: 20, width: 1200, height: 800 };
    }
  }
  const app = Object.assign(new Emitter(), {
    isPackaged: false,
    requestSingleInstanceLock: () => state.singleInstance,
    whenReady: () => Promise.resolve(),
    getPath: () => state.userData,
    quit: () => {
      state.quitCalls += 1;
    },
  });
  return {
    state,
    module: {
      app,
      BrowserWindow,
      dialog: { showMessageBox: vi.fn(() => Promise.resolve()), showErrorBox: vi.fn() },
      ipcMain: { handle: (channel: string) => state.ipcChannels.push(channel) },
      Menu: { buildFromTemplate: (template: unknown) => template, setApplicationMenu: () => (state.menuSet = true) },
      net: { fetch: vi.fn() },
      protocol: { registerSchemesAsPrivileged: (schemes: unknown[]) => state.schemes.push(...schemes), handle: vi.fn() },
      screen: { getAllDisplays: () => [{ workArea: { x: 0, y: 0, width: 1920, height: 1080 } }] },
      session: { defaultSession: { setPermissionRequestHandler: vi.fn(), setPermissionCheckHandler: vi.fn() } },
      shell: { openExternal: vi.fn() },
    },
  };
});

const host = vi.hoisted(() => ({ started: 0, stopped: 0 }));

vi.mock('electron', () => electron.module);
vi.mock('../../src/main/app-host', () => ({
  AppHost: class {
    async start() {
      host.started += 1;
      return [
        { environment: 'production', running: true, baseUrl: 'http://127.0.0.1:4010/v1', port: 4010, host: '127.0.0.1', problem: null },
        { environment: 'staging', running: false, baseUrl: null, port: 4011, host: '127.0.0.1', problem: 'Port 4011 on 127.0.0.1 is already in use' },
      ];
    }
    async stop() {
      host.stopped += 1;
    }
    baseUrl() {
      return 'http://127.0.0.1:4010/v1';
    }
  },
}));

async function loadShell(): Promise<void> {
  vi.resetModules();
  await import('../../src/main/index');
  await expect.poll(() => electron.state.windows.length + electron.state.quitCalls).toBeGreaterThan(0);
}

beforeEach(() => {
  electron.state.userData = fs.mkdtempSync(path.join(os.tmpdir(), 'adk-shell-'));
  electron.state.windows = [];
  electron.state.ipcChannels = [];
  electron.state.quitCalls = 0;
  electron.state.singleInstance = true;
  electron.module.app.removeAllListeners();
  host.started = 0;
  host.stopped = 0;
});

afterEach(() => {
  fs.rmSync(electron.state.userData, { recursive: true, force: true });
});

describe('the Electron shell', () => {
  it('quits at once when another instance holds the lock', async () => {
    electron.state.singleInstance = false;
    await loadShell();
    expect(electron.state.quitCalls).toBe(1);
    expect(electron.state.windows).toHaveLength(0);
    expect(host.started).toBe(0);
  });

  it('opens one locked-down window on the app:// protocol, after both servers start', async () => {
    await loadShell();
    expect(host.started).toBe(1);
    expect(electron.state.windows).toHaveLength(1);
    const [window] = electron.state.windows;
    expect(window?.options.webPreferences).toMatchObject({ contextIsolation: true, sandbox: true, nodeIntegration: false, webSecurity: true, webviewTag: false });
    expect(window?.url).toBe('app://desk/index.html');
    expect(electron.state.schemes).toContainEqual(expect.objectContaining({ scheme: 'app' }));
    expect(window?.contents.setWindowOpenHandler).toHaveBeenCalled();
    expect(electron.module.session.defaultSession.setPermissionRequestHandler).toHaveBeenCalled();
    expect(electron.state.menuSet).toBe(true);
  });

  it('registers one IPC handler per contract channel', async () => {
    const { ADMIN_CHANNELS } = await import('../../src/shared/admin-contract');
    await loadShell();
    expect([...electron.state.ipcChannels].sort()).toEqual([...ADMIN_CHANNELS].sort());
  });

  it('says clearly which server could not start', async () => {
    await loadShell();
    expect(electron.module.dialog.showMessageBox).toHaveBeenCalledWith(
      expect.anything(),
      expect.objectContaining({ message: 'The staging API could not start.', detail: expect.stringContaining('already in use') }),
    );
  });

  it('stops the servers before quitting, once', async () => {
    await loadShell();
    const event = { defaultPrevented: false, preventDefault() { this.defaultPrevented = true; } };
    electron.module.app.emit('before-quit', event);
    expect(event.defaultPrevented).toBe(true);
    await expect.poll(() => electron.state.quitCalls).toBe(1);
    expect(host.stopped).toBe(1);
    const again = { defaultPrevented: false, preventDefault() { this.defaultPrevented = true; } };
    electron.module.app.emit('before-quit', again);
    expect(again.defaultPrevented).toBe(false);
  });

  it('remembers the window size and position on close', async () => {
    await loadShell();
    electron.state.windows[0]?.instance.emit('close');
    const saved = JSON.parse(fs.readFileSync(path.join(electron.state.userData, 'window-state.json'), 'utf8'));
    expect(saved).toEqual({ x: 10, y: 20, width: 1200, height: 800, maximized: false });
  });
});
