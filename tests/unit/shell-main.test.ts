import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { IpcMainInvokeEvent, MenuItemConstructorOptions } from 'electron';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ADMIN_CHANNELS } from '../../src/shared/admin-contract';
import { LINK_CHANNELS } from '../../src/shared/desk-link';
import { CLOSE_CHANNEL, CLOSE_HELD_MESSAGE } from '../../src/shared/desk-window';

// Electron cannot run here: this fake stands in for the parts of it that src/main/index.ts uses.
// Everything behind it is real: AppHost, both API servers on 127.0.0.1, SQLite in a temp dir.
const electron = vi.hoisted(() => {
  // vi.hoisted runs before the imports above exist, so node:events is required here.
  // eslint-disable-next-line @typescript-eslint/no-require-imports, @typescript-eslint/consistent-type-imports
  const { EventEmitter: Emitter } = require('node:events') as typeof import('node:events');
  type Contents = InstanceType<typeof Emitter> & {
    setWindowOpenHandler: ReturnType<typeof vi.fn>;
    send: ReturnType<typeof vi.fn>;
    isDestroyed: () => boolean;
  };
  type IpcHandler = (event: unknown, payload: unknown) => unknown;
  const state = {
    singleInstance: true,
    userData: '',
    windows: [] as {
      options: Record<string, unknown>;
      url?: string;
      contents: Contents;
      instance: InstanceType<typeof Emitter>;
    }[],
    ipcHandlers: new Map<string, IpcHandler>(),
    quitCalls: 0,
    menu: undefined as unknown,
    schemes: [] as unknown[],
  };
  class BrowserWindow extends Emitter {
    webContents: Contents;
    constructor(options: Record<string, unknown>) {
      super();
      this.webContents = Object.assign(new Emitter(), {
        setWindowOpenHandler: vi.fn(),
        send: vi.fn(),
        isDestroyed: () => false,
      });
      state.windows.push({ options, contents: this.webContents, instance: this });
    }
    loadURL(url: string) {
      const entry = state.windows.at(-1);
      if (entry) entry.url = url;
      return Promise.resolve();
    }
    maximize() {}
    show() {}
    close = vi.fn();
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
      // Keeps each handler, so the tests can call it as Electron would.
      ipcMain: { handle: (channel: string, handler: IpcHandler) => state.ipcHandlers.set(channel, handler) },
      Menu: {
        buildFromTemplate: (template: unknown) => template,
        setApplicationMenu: (menu: unknown) => (state.menu = menu),
      },
      net: { fetch: vi.fn() },
      protocol: {
        registerSchemesAsPrivileged: (schemes: unknown[]) => state.schemes.push(...schemes),
        handle: vi.fn(),
      },
      screen: { getAllDisplays: () => [{ workArea: { x: 0, y: 0, width: 1920, height: 1080 } }] },
      session: {
        defaultSession: { setPermissionRequestHandler: vi.fn(), setPermissionCheckHandler: vi.fn() },
        fromPartition: vi.fn(() => ({
          setCertificateVerifyProc: vi.fn(),
          setPermissionRequestHandler: vi.fn(),
          setPermissionCheckHandler: vi.fn(),
        })),
      },
      shell: { openExternal: vi.fn() },
    },
  };
});

vi.mock('electron', () => electron.module);

const ROOT = path.resolve(__dirname, '../..');

/** Ports the OS just handed out and took back; AppHost's settings need real numbers (not 0). */
async function freePorts(count: number): Promise<number[]> {
  const probes = Array.from({ length: count }, () => net.createServer());
  const ports = await Promise.all(
    probes.map(
      (probe) =>
        new Promise<number>((resolve) =>
          probe.listen(0, '127.0.0.1', () => resolve((probe.address() as net.AddressInfo).port)),
        ),
    ),
  );
  await Promise.all(probes.map((probe) => new Promise((resolve) => probe.close(resolve))));
  return ports;
}

let ports: { production: number; staging: number };
let blocker: net.Server | undefined;

async function loadShell(): Promise<void> {
  vi.resetModules();
  await import('../../src/main/shell/main');
  await expect
    .poll(() => electron.state.windows.length + electron.state.quitCalls, { timeout: 20_000 })
    .toBeGreaterThan(0);
}

/** What Electron passes to an IPC handler: the frame that sent the message. */
function senderAt(url: string | null): IpcMainInvokeEvent {
  return { senderFrame: url === null ? null : { url } } as unknown as IpcMainInvokeEvent;
}

function quitEvent() {
  return {
    defaultPrevented: false,
    preventDefault() {
      this.defaultPrevented = true;
    },
  };
}

async function answers(url: string): Promise<number | undefined> {
  try {
    return (await fetch(url)).status;
  } catch {
    return undefined;
  }
}

function menuRoles(items: MenuItemConstructorOptions[]): string[] {
  return items.flatMap((item) => [
    ...(item.role ? [item.role] : []),
    ...(Array.isArray(item.submenu) ? menuRoles(item.submenu) : []),
  ]);
}

beforeEach(async () => {
  electron.state.userData = fs.mkdtempSync(path.join(os.tmpdir(), 'adk-shell-'));
  const [production, staging] = await freePorts(2);
  ports = { production: production!, staging: staging! };
  fs.writeFileSync(path.join(electron.state.userData, 'settings.json'), JSON.stringify({ host: '127.0.0.1', ports }));
  electron.state.windows = [];
  electron.state.ipcHandlers.clear();
  electron.state.quitCalls = 0;
  electron.state.singleInstance = true;
  electron.state.menu = undefined;
  electron.module.app.isPackaged = false;
  electron.module.shell.openExternal.mockClear();
  electron.module.dialog.showMessageBox.mockClear();
});

afterEach(async () => {
  // Quitting is how the shell stops its servers and closes the databases.
  const quitsBefore = electron.state.quitCalls;
  const event = quitEvent();
  electron.module.app.emit('will-quit', event);
  if (event.defaultPrevented)
    await expect.poll(() => electron.state.quitCalls, { timeout: 10_000 }).toBe(quitsBefore + 1);
  electron.module.app.removeAllListeners();
  await new Promise((resolve) => (blocker ? blocker.close(resolve) : resolve(undefined)));
  blocker = undefined;
  fs.rmSync(electron.state.userData, { recursive: true, force: true });
});

describe('the Electron shell', () => {
  it('quits at once when another instance holds the lock', async () => {
    electron.state.singleInstance = false;
    await loadShell();
    expect(electron.state.quitCalls).toBe(1);
    expect(electron.state.windows).toHaveLength(0);
    expect(await answers(`http://127.0.0.1:${ports.production}/v1/pets`)).toBeUndefined();
  });

  it('opens one locked-down window on the app:// protocol, after both servers start', async () => {
    await loadShell();
    expect(await answers(`http://127.0.0.1:${ports.production}/v1/pets`)).toBe(401);
    expect(await answers(`http://127.0.0.1:${ports.staging}/v1/pets`)).toBe(401);
    expect(electron.state.windows).toHaveLength(1);
    const [window] = electron.state.windows;
    expect(window?.options.webPreferences).toMatchObject({
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      webSecurity: true,
      webviewTag: false,
    });
    expect(window?.url).toBe('app://desk/index.html');
    expect(electron.state.schemes).toContainEqual(expect.objectContaining({ scheme: 'app' }));
    expect(window?.contents.setWindowOpenHandler).toHaveBeenCalled();
    expect(electron.module.session.defaultSession.setPermissionRequestHandler).toHaveBeenCalled();
    expect(electron.state.menu).toBeDefined();
  });

  it('registers one IPC handler per contract channel and per first-run bridge call; each refuses a sender that is not our page', async () => {
    await loadShell();
    expect([...electron.state.ipcHandlers.keys()].sort()).toEqual(
      [...ADMIN_CHANNELS, ...Object.values(LINK_CHANNELS), CLOSE_CHANNEL].sort(),
    );
    for (const [channel, handler] of electron.state.ipcHandlers) {
      for (const foreign of [
        'https://evil.example/',
        `http://127.0.0.1:${ports.production}/`,
        'file:///tmp/page.html',
        null,
      ]) {
        const refused = await handler(senderAt(foreign), { environment: 'production' });
        expect(refused, `${channel} from ${foreign}`).toMatchObject({
          ok: false,
          error: { code: 'forbidden', status: 403 },
        });
      }
    }
    // Our own page gets the real answer, from the real database.
    const list = electron.state.ipcHandlers.get('categories.list');
    expect(await list?.(senderAt('app://desk/index.html'), { environment: 'production' })).toMatchObject({
      ok: true,
      value: expect.arrayContaining([expect.objectContaining({ id: 1, name: 'Dogs' })]),
    });
  });

  it('opens only its own API servers in the system browser, no other address', async () => {
    await loadShell();
    const handler = electron.state.windows[0]?.contents.setWindowOpenHandler.mock.calls[0]?.[0] as (details: {
      url: string;
    }) => { action: string };
    const [otherLoopbackPort] = await freePorts(1);
    const own = [`http://127.0.0.1:${ports.production}/v1/openapi.json`, `http://127.0.0.1:${ports.staging}/v1/pets`];
    const foreign = [
      `http://127.0.0.1:${otherLoopbackPort}/`,
      `http://localhost:${ports.production}/v1/pets`,
      'https://example.com/',
      'file:///etc/passwd',
    ];
    for (const url of [...own, ...foreign]) expect(handler({ url })).toEqual({ action: 'deny' });
    expect(electron.module.shell.openExternal.mock.calls.map(([url]) => url)).toEqual(own);
  });

  it('says clearly which server could not start', async () => {
    blocker = net.createServer();
    await new Promise<void>((resolve) => blocker!.listen(ports.staging, '127.0.0.1', resolve));
    await loadShell();
    expect(electron.module.dialog.showMessageBox).toHaveBeenCalledWith(
      expect.anything(),
      expect.objectContaining({
        message: 'The staging API could not start.',
        detail: expect.stringContaining('already in use'),
      }),
    );
    expect(await answers(`http://127.0.0.1:${ports.production}/v1/pets`)).toBe(401);
  });

  it('says when the saved settings could not be used, and where the damaged file was kept', async () => {
    fs.writeFileSync(path.join(electron.state.userData, 'settings.json'), '{ "host": "127.0.0.1", "ports": {');
    await loadShell();
    const keptAs = fs.readdirSync(electron.state.userData).find((name) => name.startsWith('settings.json.broken-'));
    expect(keptAs).toBeDefined();
    expect(electron.module.dialog.showMessageBox).toHaveBeenCalledWith(
      expect.anything(),
      expect.objectContaining({
        message: 'The saved settings could not be used.',
        detail: expect.stringContaining(`The damaged file was kept as ${path.join(electron.state.userData, keptAs!)}.`),
      }),
    );
  });

  it('stops the servers once every window has closed, before quitting, once', async () => {
    await loadShell();
    // A quit begun: the window may still hold it (its page has changes unsaved), and its page needs the servers.
    electron.module.app.emit('before-quit', quitEvent());
    expect(await answers(`http://127.0.0.1:${ports.production}/v1/pets`)).toBe(401);
    const event = quitEvent();
    electron.module.app.emit('will-quit', event);
    expect(event.defaultPrevented).toBe(true);
    await expect.poll(() => electron.state.quitCalls).toBe(1);
    expect(await answers(`http://127.0.0.1:${ports.production}/v1/pets`)).toBeUndefined();
    const again = quitEvent();
    electron.module.app.emit('will-quit', again);
    expect(again.defaultPrevented).toBe(false);
  });

  it('tells the page when its unsaved changes held a close, and closes the window when the page says to leave', async () => {
    await loadShell();
    const [window] = electron.state.windows;
    const held = quitEvent();
    window?.contents.emit('will-prevent-unload', held);
    // Not prevented: the close stays held while the page asks.
    expect(held.defaultPrevented).toBe(false);
    expect(window?.contents.send).toHaveBeenCalledWith(CLOSE_HELD_MESSAGE);
    const close = electron.state.ipcHandlers.get(CLOSE_CHANNEL);
    expect(await close?.(senderAt('https://evil.example/'), undefined)).toMatchObject({
      ok: false,
      error: { code: 'forbidden' },
    });
    expect(window?.instance).toMatchObject({ close: expect.any(Function) });
    const closeWindow = (window?.instance as unknown as { close: ReturnType<typeof vi.fn> }).close;
    expect(closeWindow).not.toHaveBeenCalled();
    expect(await close?.(senderAt('app://desk/index.html'), undefined)).toEqual({ ok: true, value: null });
    expect(closeWindow).toHaveBeenCalledTimes(1);
  });

  it('keeps DevTools while developing', async () => {
    await loadShell();
    expect(electron.state.windows[0]?.options.webPreferences).toMatchObject({ devTools: true });
    expect(menuRoles(electron.state.menu as MenuItemConstructorOptions[])).toContain('toggleDevTools');
  });

  it('has no DevTools when packaged, in the menu or the window', async () => {
    electron.module.app.isPackaged = true;
    Object.assign(process, { resourcesPath: path.join(ROOT, 'resources') });
    await loadShell();
    expect(electron.state.windows[0]?.options.webPreferences).toMatchObject({ devTools: false });
    expect(menuRoles(electron.state.menu as MenuItemConstructorOptions[])).not.toContain('toggleDevTools');
  });

  it('with the shelter server chosen, opens one window onto its pages (no preload) and starts no servers', async () => {
    const url = `https://localhost:${ports.production}/admin/`;
    const choice = {
      mode: 'shelter-server',
      url,
      fingerprint: `${'AB:'.repeat(31)}AB`,
      caPem: '-----BEGIN CERTIFICATE-----\nMII\n-----END CERTIFICATE-----\n',
      pinnedAt: 1,
    };
    fs.writeFileSync(path.join(electron.state.userData, 'desk-choice.json'), JSON.stringify(choice));
    await loadShell();
    expect(electron.state.windows).toHaveLength(1);
    expect(electron.state.windows[0]?.url).toBe(url);
    expect(electron.state.windows[0]?.options.webPreferences).not.toHaveProperty('preload');
    expect(electron.state.ipcHandlers.size).toBe(0);
    expect(await answers(`http://127.0.0.1:${ports.production}/v1/pets`)).toBeUndefined();
    // Its remote pages have no bridge to ask through: a close they would hold goes ahead, as it always did.
    const held = quitEvent();
    electron.state.windows[0]?.contents.emit('will-prevent-unload', held);
    expect(held.defaultPrevented).toBe(true);
  });

  it('asks again when the saved choice is damaged, and says where the damaged file was kept', async () => {
    fs.writeFileSync(path.join(electron.state.userData, 'desk-choice.json'), '{"mode":"cloud"}');
    await loadShell();
    const keptAs = fs.readdirSync(electron.state.userData).find((name) => name.startsWith('desk-choice.json.broken-'));
    expect(keptAs).toBeDefined();
    expect(electron.state.windows[0]?.url).toBe('app://desk/index.html');
    expect(electron.module.dialog.showMessageBox).toHaveBeenCalledWith(
      expect.anything(),
      expect.objectContaining({ message: 'How this computer works must be chosen again.' }),
    );
  });

  it('remembers the window size and position on close', async () => {
    await loadShell();
    electron.state.windows[0]?.instance.emit('close');
    const saved = JSON.parse(fs.readFileSync(path.join(electron.state.userData, 'window-state.json'), 'utf8'));
    expect(saved).toEqual({ x: 10, y: 20, width: 1200, height: 800, maximized: false });
  });
});
