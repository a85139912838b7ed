import { ensureRendererBuilt } from '../../src/main/admin/renderer-build';

/** Build the renderer once, before any test starts a server that serves it. */
export default function globalSetup(): void {
  ensureRendererBuilt(__dirname);
}
