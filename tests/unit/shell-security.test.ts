import { EventEmitter } from 'node:events';
import fs from 'node:fs';
import path from 'node:path';
import type { IpcMain, IpcMainInvokeEvent, Net, Protocol, Session, WebContents } from 'electron';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ADMIN_CHANNELS } from '../../src/shared/admin-contract';
import type { AdminHandlers } from '../../src/main/admin/dispatch';
import { registerAdminIpc } from '../../src/main/shell/ipc';
import { serveRenderer } from '../../src/main/shell/protocol';
import {
  APP_ORIGIN,
  denyAllPermissions,
  isAllowedExternalUrl,
  isTrustedFrameUrl,
  lockDownContents,
} from '../../src/main/shell/security';
import { loadWindowState, saveWindowState } from '../../src/main/shell/window-state';
import { makeTempDir, removeTempDir } from '../helpers/temp-dir';

// The Electron runtime cannot start on these machines; these fakes stand in for just the surface the shell touches.
class FakeContents extends EventEmitter {
  openHandler: ((details: { url: string }) => { action: string }) | undefined;
  setWindowOpenHandler(handler: (details: { url: string }) => { action: string }) {
    this.openHandler = handler;
  }
}

function fire(contents: FakeContents, name: string, url?: string): boolean {
  const event = {
    defaultPrevented: false,
    preventDefault() {
      this.defaultPrevented = true;
    },
  };
  contents.emit(name, event, url);
  return event.defaultPrevented;
}

describe('window lock-down', () => {
  it("lets out only links to the app's own servers, by exact origin", () => {
    const own = ['http://127.0.0.1:4010', 'http://127.0.0.1:4011'];
    expect(isAllowedExternalUrl('http://127.0.0.1:4010/v1/openapi.json', own)).toBe(true);
    expect(isAllowedExternalUrl('http://127.0.0.1:4011/v1/pets?limit=5', own)).toBe(true);
    // Loopback is not enough: another port could be any program on this machine.
    expect(isAllowedExternalUrl('http://127.0.0.1:8080/', own)).toBe(false);
    expect(isAllowedExternalUrl('http://localhost:4010/v1/pets', own)).toBe(false);
    expect(isAllowedExternalUrl('http://127.0.0.1:4010@evil.example/', own)).toBe(false);
    expect(isAllowedExternalUrl('https://example.com/', own)).toBe(false);
    expect(isAllowedExternalUrl('file:///etc/passwd', own)).toBe(false);
    expect(isAllowedExternalUrl('javascript:alert(1)', own)).toBe(false);
    expect(isAllowedExternalUrl('not a url', own)).toBe(false);
    expect(isAllowedExternalUrl('http://127.0.0.1:4010/v1/pets', [])).toBe(false);
  });

  it('trusts our own origin, and the dev server only when one is given', () => {
    expect(isTrustedFrameUrl(`${APP_ORIGIN}/index.html`, undefined)).toBe(true);
    expect(isTrustedFrameUrl('http://localhost:5173/', undefined)).toBe(false);
    expect(isTrustedFrameUrl('http://localhost:5173/', 'http://localhost:5173')).toBe(true);
    expect(isTrustedFrameUrl('https://evil.example/', 'http://localhost:5173')).toBe(false);
    expect(isTrustedFrameUrl('', undefined)).toBe(false);
  });

  it('blocks navigation away, webviews and every new window', () => {
    const contents = new FakeContents();
    const openExternal = vi.fn();
    let ownOrigins = ['http://127.0.0.1:4010'];
    lockDownContents(contents as unknown as WebContents, openExternal, undefined, () => ownOrigins);
    expect(fire(contents, 'will-navigate', 'https://evil.example/')).toBe(true);
    expect(fire(contents, 'will-redirect', 'https://evil.example/')).toBe(true);
    expect(fire(contents, 'will-navigate', `${APP_ORIGIN}/index.html#pets`)).toBe(false);
    expect(fire(contents, 'will-attach-webview')).toBe(true);
    expect(contents.openHandler?.({ url: 'https://evil.example/' })).toEqual({ action: 'deny' });
    expect(openExternal).not.toHaveBeenCalled();
    expect(contents.openHandler?.({ url: 'http://127.0.0.1:4010/v1/openapi.json' })).toEqual({ action: 'deny' });
    expect(openExternal).toHaveBeenCalledWith('http://127.0.0.1:4010/v1/openapi.json');
    // The servers moved (new ports in the settings): the old address is no longer ours.
    ownOrigins = ['http://127.0.0.1:5010'];
    contents.openHandler?.({ url: 'http://127.0.0.1:4010/v1/pets' });
    expect(openExternal).toHaveBeenCalledTimes(1);
  });

  it('denies every permission request and check', () => {
    let request: ((contents: unknown, permission: string, callback: (granted: boolean) => void) => void) | undefined;
    let check: (() => boolean) | undefined;
    const session = {
      setPermissionRequestHandler: (handler: typeof request) => (request = handler),
      setPermissionCheckHandler: (handler: typeof check) => (check = handler),
    };
    denyAllPermissions(session as unknown as Session);
    for (const permission of ['media', 'geolocation', 'notifications', 'clipboard-read']) {
      const callback = vi.fn();
      request?.({}, permission, callback);
      expect(callback).toHaveBeenCalledWith(false);
    }
    expect(check?.()).toBe(false);
  });
});

describe('admin IPC', () => {
  function setUp() {
    const handlers = new Map<string, (event: IpcMainInvokeEvent, payload: unknown) => unknown>();
    const ipcMain = {
      handle: (channel: string, handler: (event: IpcMainInvokeEvent, payload: unknown) => unknown) =>
        handlers.set(channel, handler),
    };
    const categoriesList = vi.fn(() => [{ id: 1, name: 'Dogs', petCount: 0 }]);
    const adminHandlers = { 'categories.list': categoriesList } as unknown as AdminHandlers;
    registerAdminIpc(
      ipcMain as unknown as IpcMain,
      adminHandlers,
      (event) => event.senderFrame?.url.startsWith(APP_ORIGIN) ?? false,
    );
    const invoke = (channel: string, payload: unknown, url = `${APP_ORIGIN}/index.html`) =>
      handlers.get(channel)?.({ senderFrame: { url } } as unknown as IpcMainInvokeEvent, payload);
    return { handlers, invoke, categoriesList };
  }

  it('registers exactly the contract channels', () => {
    const { handlers } = setUp();
    expect([...handlers.keys()].sort()).toEqual([...ADMIN_CHANNELS].sort());
  });

  it('refuses other senders before looking at the payload', async () => {
    const { invoke, categoriesList } = setUp();
    const result = await invoke('categories.list', { environment: 'production' }, 'https://evil.example/');
    expect(result).toMatchObject({ ok: false, error: { code: 'forbidden', status: 403 } });
    expect(categoriesList).not.toHaveBeenCalled();
  });

  it('validates every payload with the channel schema', async () => {
    const { invoke, categoriesList } = setUp();
    expect(await invoke('categories.list', { environment: 'moon' })).toMatchObject({
      ok: false,
      error: { code: 'validation_failed' },
    });
    expect(await invoke('categories.list', { environment: 'production', extra: 1 })).toMatchObject({
      ok: false,
      error: { code: 'validation_failed' },
    });
    expect(await invoke('categories.list', 'not an object')).toMatchObject({
      ok: false,
      error: { code: 'validation_failed' },
    });
    expect(categoriesList).not.toHaveBeenCalled();
    expect(await invoke('categories.list', { environment: 'production' })).toEqual({
      ok: true,
      value: [{ id: 1, name: 'Dogs', petCount: 0 }],
    });
    expect(categoriesList).toHaveBeenCalledTimes(1);
  });
});

/** The temp dirs a test made, removed after it whatever its outcome. */
const made: string[] = [];
function tempDir(label: string): string {
  const dir = makeTempDir(label);
  made.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of made.splice(0)) removeTempDir(dir);
});

describe('renderer protocol', () => {
  it('serves files of the renderer folder with the CSP, and nothing outside it', async () => {
    // The secret sits beside the renderer folder, in a folder of the test's own (not in the shared temp folder).
    const parent = tempDir('adk-renderer');
    const dir = path.join(parent, 'renderer');
    fs.mkdirSync(dir);
    fs.writeFileSync(path.join(dir, 'index.html'), '<h1>desk</h1>');
    fs.writeFileSync(path.join(parent, 'secret.txt'), 'secret');
    let handler: ((request: Request) => Promise<Response>) | undefined;
    const protocol = { handle: (_scheme: string, h: typeof handler) => (handler = h) };
    const net = { fetch: async (url: string) => new Response(fs.readFileSync(new URL(url)), { status: 200 }) };
    serveRenderer(protocol as unknown as Protocol, net as unknown as Net, dir);

    const page = await handler!(new Request(`${APP_ORIGIN}/index.html`));
    expect(await page.text()).toBe('<h1>desk</h1>');
    expect(page.headers.get('content-security-policy')).toContain("default-src 'self'");
    const root = await handler!(new Request(`${APP_ORIGIN}/`));
    expect(await root.text()).toBe('<h1>desk</h1>');
    const escape = await handler!(new Request(`${APP_ORIGIN}/..%2Fsecret.txt`));
    expect(escape.status).toBe(404);
  });
});

describe('window state', () => {
  const screen = [{ x: 0, y: 0, width: 1920, height: 1080 }];

  it('comes back where it was left', () => {
    const file = path.join(tempDir('adk-window'), 'window-state.json');
    saveWindowState(file, { x: 100, y: 80, width: 1200, height: 800, maximized: false });
    expect(loadWindowState(file, screen)).toEqual({ x: 100, y: 80, width: 1200, height: 800, maximized: false });
  });

  it('is ignored when off every screen, corrupt or missing', () => {
    const dir = tempDir('adk-window');
    const file = path.join(dir, 'window-state.json');
    saveWindowState(file, { x: 5000, y: 5000, width: 1200, height: 800, maximized: false });
    expect(loadWindowState(file, screen)).toBeUndefined();
    fs.writeFileSync(file, '{not json');
    expect(loadWindowState(file, screen)).toBeUndefined();
    expect(loadWindowState(path.join(dir, 'missing.json'), screen)).toBeUndefined();
  });
});
