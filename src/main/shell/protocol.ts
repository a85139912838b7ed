import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Net, Protocol } from 'electron';
import { CONTENT_SECURITY_POLICY } from './security';

export const APP_SCHEME = 'app';

export const APP_SCHEME_PRIVILEGES = { scheme: APP_SCHEME, privileges: { standard: true, secure: true, supportFetchAPI: true } };

/** Serves the built renderer from app://desk/, never anything outside its folder, always with the CSP. */
export function serveRenderer(protocol: Protocol, net: Net, rendererDir: string): void {
  protocol.handle(APP_SCHEME, async (request) => {
    const { pathname } = new URL(request.url);
    const file = path.normalize(path.join(rendererDir, decodeURIComponent(pathname === '/' ? '/index.html' : pathname)));
    if (!file.startsWith(rendererDir + path.sep)) return new Response('Not found', { status: 404 });
    const response = await net.fetch(pathToFileURL(file).toString());
    const headers = new Headers(response.headers);
    headers.set('content-security-policy', CONTENT_SECURITY_POLICY);
    headers.set('x-content-type-options', 'nosniff');
    return new Response(response.body, { status: response.status, headers });
  });
}
