import { BrowserWindow, dialog, session, type Certificate, type Rectangle } from 'electron';
import { AppError, detailsOf } from '../../shared/errors';
import { verifyPinned } from '../desk-link/chain';
import type { DeskChoice } from '../desk-link/choice-file';
import { denyAllPermissions } from './security';

export type PinnedServer = Extract<DeskChoice, { mode: 'shelter-server' }>;

/** The shelter server's pages get a session of their own: their cookies and cache never mix with the app's. */
export const SHELTER_PARTITION = 'persist:shelter-server';

/** Chromium's answers to a certificate check: accept, refuse, or judge it itself (not the shelter server). */
const ACCEPT = 0;
const REFUSE = -2;
const CHROMIUM_DECIDES = -3;

/** The certificates as the server sent them, leaf first (Electron links each to its issuer). */
export function chainOf(certificate: Certificate): string[] {
  const chain: string[] = [];
  for (
    let current: Certificate | undefined = certificate;
    current && !chain.includes(current.data);
    current = current.issuerCert
  )
    chain.push(current.data);
  return chain;
}

const bare = (host: string) => host.replace(/^\[(.*)\]$/, '$1');

/** What setCertificateVerifyProc answers: the pinned server's chain must have the pinned CA (verifyPinned), whatever the system trusts. */
export function certificateVerdict(
  hostname: string,
  certificate: Certificate,
  server: PinnedServer,
  now: number,
): { verdict: number; refusal: AppError | null } {
  const host = bare(new URL(server.url).hostname);
  if (bare(hostname) !== host) return { verdict: CHROMIUM_DECIDES, refusal: null };
  try {
    verifyPinned(chainOf(certificate), server.fingerprint, host, now);
    return { verdict: ACCEPT, refusal: null };
  } catch (error) {
    return {
      verdict: REFUSE,
      refusal:
        error instanceof AppError
          ? error
          : new AppError('server_certificate_invalid', String(error), {
              details: { host, problem: 'not_signed_by_ca' },
            }),
    };
  }
}

export interface ShelterWindowOptions {
  bounds: Partial<Rectangle>;
  isPackaged: boolean;
  /** "Change how this computer works": forget the choice and start again. */
  changeDeskMode: () => void;
}

/**
 * The desk as a window onto the shelter server: its /admin/ pages, no preload (remote content gets no
 * bridge), no way elsewhere, every certificate of the server judged by the pin alone.
 */
export function openShelterWindow(server: PinnedServer, options: ShelterWindowOptions): BrowserWindow {
  const shelterSession = session.fromPartition(SHELTER_PARTITION);
  denyAllPermissions(shelterSession);
  let lastRefusal: AppError | null = null;
  shelterSession.setCertificateVerifyProc((request, callback) => {
    const { verdict, refusal } = certificateVerdict(request.hostname, request.certificate, server, Date.now());
    lastRefusal = refusal ?? lastRefusal;
    callback(verdict);
  });
  const window = new BrowserWindow({
    ...options.bounds,
    minWidth: 900,
    minHeight: 600,
    show: false,
    title: 'Adoption Desk',
    webPreferences: {
      partition: SHELTER_PARTITION,
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
      devTools: !options.isPackaged,
    },
  });
  const origin = new URL(server.url).origin;
  const elsewhere = (url: string) => {
    try {
      return new URL(url).origin !== origin;
    } catch {
      return true;
    }
  };
  window.webContents.on('will-navigate', (event, url) => elsewhere(url) && event.preventDefault());
  window.webContents.on('will-redirect', (event, url) => elsewhere(url) && event.preventDefault());
  window.webContents.on('will-attach-webview', (event) => event.preventDefault());
  window.webContents.setWindowOpenHandler(() => ({ action: 'deny' }));
  // The shelter server's pages have no bridge to ask through (no preload for remote content): a close
  // their unsaved changes would hold, silently, goes ahead as it always did.
  window.webContents.on('will-prevent-unload', (event) => event.preventDefault());
  window.webContents.on('did-fail-load', (_event, _code, description, _url, isMainFrame) => {
    if (isMainFrame) void sayWhyNotConnected(window, server, lastRefusal, description, options.changeDeskMode);
  });
  window.once('ready-to-show', () => window.show());
  void window.loadURL(server.url);
  return window;
}

async function sayWhyNotConnected(
  window: BrowserWindow,
  server: PinnedServer,
  refusal: AppError | null,
  description: string,
  changeDeskMode: () => void,
): Promise<void> {
  window.show();
  const changed = detailsOf(refusal, 'server_identity_changed');
  const { response } = await dialog.showMessageBox(window, {
    type: changed ? 'error' : 'warning',
    message: changed
      ? 'Do not connect: the shelter server shows another code.'
      : 'The shelter server cannot be reached.',
    detail: changed
      ? `When this computer first connected to ${server.url}, the server showed the code ${changed.pinnedCode}. It now shows ${changed.presentedCode}: it may not be the shelter's server. Ask whoever looks after the server before you connect again.`
      : `${server.url}: ${refusal?.message ?? description}\nCheck that the shelter server is on and on this network.`,
    buttons: ['Try again', 'Change how this computer works…', 'Close'],
    defaultId: 0,
    cancelId: 2,
  });
  if (response === 0) void window.loadURL(server.url);
  if (response === 1) changeDeskMode();
}
