import { ensureRendererBuilt } from '../../src/main/http/admin/renderer-build';
import { unpackSparticuzChromium } from './browser';

/** Before any test starts a server that serves the renderer, or a browser: build the one, unpack the other. */
export default async function globalSetup(): Promise<void> {
  ensureRendererBuilt(__dirname);
  await unpackSparticuzChromium();
}
