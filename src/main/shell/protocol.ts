import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Net, Protocol } from 'electron';
import { ADMIN_PHOTOS_PREFIX } from '../../shared/admin-contract';
import { ENVIRONMENTS, type Environment } from '../../shared/environments';
import { CONTENT_SECURITY_POLICY } from './security';

/** The file of a stored pet photo by its served name, or null (the engine's PhotoFiles.fileOf). */
export type PhotoFileLookup = (environment: Environment, name: string) => string | null;

/** app://desk/admin/photos/<environment>/<name>: the same addresses as browser mode's admin server. */
function photoFileOf(pathname: string, photoFile: PhotoFileLookup | undefined): string | null {
  if (!photoFile || !pathname.startsWith(ADMIN_PHOTOS_PREFIX)) return null;
  const [environment, name, ...rest] = pathname.slice(ADMIN_PHOTOS_PREFIX.length).split('/');
  const known = ENVIRONMENTS.find((one) => one === environment);
  return known && name && rest.length === 0 ? photoFile(known, name) : null;
}

export const APP_SCHEME = 'app';

export const APP_SCHEME_PRIVILEGES = {
  scheme: APP_SCHEME,
  privileges: { standard: true, secure: true, supportFetchAPI: true },
};

/** Serves the built renderer from app://desk/, never anything outside its folder, always with the CSP. */
export function serveRenderer(protocol: Protocol, net: Net, rendererDir: string, photoFile?: PhotoFileLookup): void {
  protocol.handle(APP_SCHEME, async (request) => {
    const { pathname } = new URL(request.url);
    const photo = photoFileOf(pathname, photoFile);
    if (photo) {
      const response = await net.fetch(pathToFileURL(photo).toString());
      return new Response(response.body, {
        status: response.status,
        headers: { 'content-type': 'image/jpeg', 'cache-control': 'private, max-age=31536000, immutable' },
      });
    }
    const file = path.normalize(
      path.join(rendererDir, decodeURIComponent(pathname === '/' ? '/index.html' : pathname)),
    );
    if (!file.startsWith(rendererDir + path.sep)) return new Response('Not found', { status: 404 });
    const response = await net.fetch(pathToFileURL(file).toString());
    const headers = new Headers(response.headers);
    headers.set('content-security-policy', CONTENT_SECURITY_POLICY);
    headers.set('x-content-type-options', 'nosniff');
    return new Response(response.body, { status: response.status, headers });
  });
}
