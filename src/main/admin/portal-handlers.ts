import path from 'node:path';
import type { AppHost } from '../host/app-host';
import type { AdminHandlers } from './dispatch';

/** The window's export panel: the portals' state, and an export into the data folder. */
export function portalHandlers(host: AppHost): Pick<AdminHandlers, 'portals.status' | 'portals.export'> {
  return {
    'portals.status': ({ environment }) => host.engine(environment).publishing.portals.status(),
    // The window has no folder picker: each portal's files go to one folder of the environment, replaced on each export.
    'portals.export': ({ environment, portal, allowDrops, confirmFirstUpload }) => {
      const engine = host.engine(environment);
      return engine.publishing.portals.exportTo(
        portal,
        path.join(engine.dataDir, 'portal-exports', environment, portal),
        { allowDrops, confirmFirstUpload },
      );
    },
  };
}
