/**
 * The desk link in the shell's thin part: the shelter server's window (no preload, its own session, every
 * certificate of the server judged by the pin) and the first-run bridge's IPC (sender checked, payload
 * validated). Electron cannot run here: a fake stands in for the few calls the shell makes; the
 * certificates come from a real HTTPS shelter server made from a real local CA.
 */
import type { EventEmitter } from 'node:events';
import { X509Certificate } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Certificate, IpcMain, IpcMainInvokeEvent } from 'electron';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createDeskLink } from '../../src/main/desk-link/desk-link';
import { LINK_CHANNELS, type DeskMode } from '../../src/shared/desk-link';
import { startTestShelterServer, type TestShelterServer } from '../helpers/shelter-server';
import { makeTempDir, removeTempDir } from '../helpers/temp-dir';

const electron = vi.hoisted(() => {
  // eslint-disable-next-line @typescript-eslint/no-require-imports, @typescript-eslint/consistent-type-imports
  const { EventEmitter: Emitter } = require('node:events') as typeof import('node:events');
  type VerifyProc = (request: { hostname: string; certificate: unknown }, callback: (verdict: number) => void) => void;
  const state = {
    windows: [] as {
      options: Record<string, unknown>;
      url?: string;
      contents: InstanceType<typeof Emitter> & { openHandler?: (details: { url: string }) => { action: string } };
    }[],
    partitions: [] as string[],
    verifyProc: undefined as VerifyProc | undefined,
    permissionsDenied: false,
  };
  class BrowserWindow extends Emitter {
    webContents: InstanceType<typeof Emitter> & {
      setWindowOpenHandler: (handler: (details: { url: string }) => { action: string }) => void;
    };
    constructor(options: Record<string, unknown>) {
      super();
      const contents = Object.assign(new Emitter(), {
        setWindowOpenHandler: (handler: (details: { url: string }) => { action: string }) =>
          Object.assign(contents, { openHandler: handler }),
      });
      this.webContents = contents;
      state.windows.push({ options, contents });
    }
    loadURL(url: string) {
      const entry = state.windows.at(-1);
      if (entry) entry.url = url;
      return Promise.resolve();
    }
    show() {}
  }
  const shelterSession = {
    setCertificateVerifyProc: (proc: VerifyProc) => (state.verifyProc = proc),
    setPermissionRequestHandler: () => (state.permissionsDenied = true),
    setPermissionCheckHandler: () => undefined,
  };
  return {
    state,
    module: {
      BrowserWindow,
      dialog: { showMessageBox: () => Promise.resolve({ response: 2 }) },
      session: {
        fromPartition: (partition: string) => {
          state.partitions.push(partition);
          return shelterSession;
        },
      },
    },
  };
});

vi.mock('electron', () => electron.module);

const { certificateVerdict, chainOf, openShelterWindow, SHELTER_PARTITION } =
  await import('../../src/main/shell/shelter-window');
const { registerLinkIpc } = await import('../../src/main/shell/link-ipc');

let shelter: TestShelterServer;
let otherShelter: TestShelterServer;
let dir: string;

beforeAll(async () => {
  [shelter, otherShelter] = await Promise.all([startTestShelterServer(), startTestShelterServer()]);
  dir = makeTempDir('shell-link');
});

afterAll(async () => {
  await Promise.all([shelter.close(), otherShelter.close()]);
  removeTempDir(dir);
});

/** A chain as Electron hands it to the verify proc: each certificate linked to its issuer, the root to itself. */
function electronCertificate(pems: readonly string[]): Certificate {
  const certificates = pems.map((data) => ({ data }) as Certificate);
  certificates.forEach((certificate, index) =>
    Object.assign(certificate, { issuerCert: certificates[index + 1] ?? certificate }),
  );
  return certificates[0]!;
}

function pinned(server: TestShelterServer) {
  return {
    mode: 'shelter-server',
    url: `https://localhost:${server.port}/admin/`,
    fingerprint: new X509Certificate(server.caPem).fingerprint256,
    caPem: server.caPem,
    pinnedAt: 0,
  } as const;
}

function fire(contents: EventEmitter, name: string, url?: string): boolean {
  const event = {
    defaultPrevented: false,
    preventDefault() {
      this.defaultPrevented = true;
    },
  };
  contents.emit(name, event, url);
  return event.defaultPrevented;
}

describe("the shelter server's window", () => {
  it('loads the server’s pages with no preload, in a session of its own, denying every permission', () => {
    openShelterWindow(pinned(shelter), {
      bounds: { width: 1280, height: 820 },
      isPackaged: true,
      changeDeskMode: () => {},
    });
    const [window] = electron.state.windows;
    expect(window?.url).toBe(`https://localhost:${shelter.port}/admin/`);
    const preferences = window?.options.webPreferences as Record<string, unknown>;
    expect(preferences).not.toHaveProperty('preload');
    expect(preferences).toMatchObject({
      partition: SHELTER_PARTITION,
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      webSecurity: true,
      devTools: false,
    });
    expect(electron.state.partitions).toEqual([SHELTER_PARTITION]);
    expect(electron.state.permissionsDenied).toBe(true);
  });

  it('stays on the server: no navigation elsewhere, no new windows', () => {
    const contents = electron.state.windows[0]!.contents;
    expect(fire(contents, 'will-navigate', `https://localhost:${shelter.port}/admin/#/pets`)).toBe(false);
    expect(fire(contents, 'will-navigate', 'https://evil.example/admin/')).toBe(true);
    expect(fire(contents, 'will-redirect', `http://localhost:${shelter.port}/admin/`)).toBe(true);
    expect(contents.openHandler?.({ url: `https://localhost:${shelter.port}/admin/` })).toEqual({ action: 'deny' });
  });

  it("accepts the server's chain by the pin alone, refuses another CA's, and leaves other hosts to Chromium", () => {
    const verdicts: number[] = [];
    const verify = (hostname: string, pems: readonly string[]) =>
      electron.state.verifyProc?.({ hostname, certificate: electronCertificate(pems) }, (verdict) =>
        verdicts.push(verdict),
      );
    verify('localhost', shelter.chainPems);
    verify('localhost', otherShelter.chainPems);
    verify('example.org', otherShelter.chainPems);
    expect(verdicts).toEqual([0, -2, -3]);
  });

  it('reads the chain as Electron links it, and names both codes when the CA changed', () => {
    expect(chainOf(electronCertificate(shelter.chainPems))).toEqual(shelter.chainPems);
    const { verdict, refusal } = certificateVerdict(
      'localhost',
      electronCertificate(otherShelter.chainPems),
      pinned(shelter),
      Date.now(),
    );
    expect(verdict).toBe(-2);
    expect(refusal).toMatchObject({
      code: 'server_identity_changed',
      details: { pinnedCode: expect.any(String), presentedCode: expect.any(String) },
    });
  });
});

describe("the first-run page's bridge", () => {
  const handlers = new Map<string, (event: IpcMainInvokeEvent, payload?: unknown) => Promise<unknown>>();
  const ipcMain = {
    handle: (channel: string, handler: (event: IpcMainInvokeEvent, payload?: unknown) => Promise<unknown>) =>
      handlers.set(channel, handler),
  } as unknown as IpcMain;
  const sender = (url: string) => ({ senderFrame: { url } }) as unknown as IpcMainInvokeEvent;
  const chosen: DeskMode[] = [];
  const file = () => path.join(dir, 'desk-choice.json');

  beforeAll(() => {
    registerLinkIpc(
      ipcMain,
      createDeskLink({ file: file() }),
      (event) => event.senderFrame?.url.startsWith('app://desk/') ?? false,
      (mode) => chosen.push(mode),
    );
  });

  it('registers its three calls; each refuses a sender that is not the app’s own page', async () => {
    expect([...handlers.keys()].sort()).toEqual(Object.values(LINK_CHANNELS).sort());
    for (const [channel, handler] of handlers) {
      expect(
        await handler(sender(`https://localhost:${shelter.port}/admin/`), { mode: 'this-computer' }),
        channel,
      ).toMatchObject({ ok: false, error: { code: 'forbidden' } });
    }
    expect(fs.existsSync(file())).toBe(false);
  });

  it('validates the payload, then connects: the shell hears the choice once it is stored', async () => {
    const page = sender('app://desk/index.html');
    expect(
      await handlers.get(LINK_CHANNELS.choose)?.(page, { mode: 'shelter-server', address: 'localhost' }),
    ).toMatchObject({ ok: false, error: { code: 'validation_failed' } });
    const looked = (await handlers.get(LINK_CHANNELS.probe)?.(page, { address: `localhost:${shelter.port}` })) as {
      ok: true;
      value: { fingerprint: string };
    };
    expect(looked.value.fingerprint).toBe(new X509Certificate(shelter.caPem).fingerprint256);
    await handlers.get(LINK_CHANNELS.choose)?.(page, {
      mode: 'shelter-server',
      address: `localhost:${shelter.port}`,
      fingerprint: looked.value.fingerprint,
    });
    expect(chosen).toEqual([
      {
        mode: 'shelter-server',
        url: `https://localhost:${shelter.port}/admin/`,
        shortCode: expect.stringMatching(/^[0-9A-F]{4}(-[0-9A-F]{4}){3}$/),
      },
    ]);
    expect(await handlers.get(LINK_CHANNELS.current)?.(page)).toMatchObject({
      ok: true,
      value: { choice: { mode: 'shelter-server' } },
    });
  });
});
