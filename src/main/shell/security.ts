import type { Session, WebContents } from 'electron';

/** The renderer's own origin: the packaged files behind the app:// protocol. */
export const APP_ORIGIN = 'app://desk';

export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

/**
 * Links that may leave the app, to the system browser: only the app's own running API servers, by
 * exact origin (any other loopback port could be some other program's).
 */
export function isAllowedExternalUrl(url: string, ownOrigins: readonly string[]): boolean {
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'http:' && ownOrigins.includes(parsed.origin);
  } catch {
    return false;
  }
}

/** True for frames showing our own pages (or the dev server while developing, never when packaged). */
export function isTrustedFrameUrl(url: string, devServerUrl: string | undefined): boolean {
  try {
    const parsed = new URL(url);
    // Node's URL gives custom schemes the origin "null", so compare scheme and host instead.
    if (`${parsed.protocol}//${parsed.host}` === APP_ORIGIN) return true;
    return devServerUrl !== undefined && parsed.origin === new URL(devServerUrl).origin;
  } catch {
    return false;
  }
}

/**
 * Electron's checklist for one window: no navigation away, no new windows, no permissions.
 * `ownOrigins` is asked at each click: the servers' ports can change while the app runs.
 */
export function lockDownContents(
  contents: WebContents,
  openExternal: (url: string) => void,
  devServerUrl: string | undefined,
  ownOrigins: () => readonly string[],
): void {
  contents.on('will-navigate', (event, url) => {
    if (!isTrustedFrameUrl(url, devServerUrl)) event.preventDefault();
  });
  contents.on('will-redirect', (event, url) => {
    if (!isTrustedFrameUrl(url, devServerUrl)) event.preventDefault();
  });
  contents.on('will-attach-webview', (event) => event.preventDefault());
  contents.setWindowOpenHandler(({ url }) => {
    if (isAllowedExternalUrl(url, ownOrigins())) openExternal(url);
    return { action: 'deny' };
  });
}

export function denyAllPermissions(session: Session): void {
  session.setPermissionRequestHandler((_contents, _permission, callback) => callback(false));
  session.setPermissionCheckHandler(() => false);
}
