import fs from 'node:fs';
import path from 'node:path';
import { adminDispatcher } from '../../src/main/admin/dispatch';
import { createAdminHandlers } from '../../src/main/admin/handlers';
import { teamGateOf } from '../../src/main/admin/staff-handlers';
import { liveUpdatesOf } from '../../src/main/admin/live-updates';
import type { LiveUpdateLimits } from '../../src/main/http/admin/events';
import { startAdminServer, type AdminHttpOptions, type RunningAdmin } from '../../src/main/http/admin/server';
import { AppHost } from '../../src/main/host/app-host';
import type { Clock } from '../../src/shared/clock';
import { makeTempDir, removeTempDir } from './temp-dir';

export interface AdminHarness {
  dataDir: string;
  host: AppHost;
  admin: RunningAdmin;
  stop(): Promise<void>;
}

/**
 * Browser mode's admin server as `serve --admin` runs it, on free ports: both environments' API
 * servers in a new data dir, and the admin pages (a stand-in renderer build) behind `token`.
 */
export async function startAdminHarness(
  token: string,
  {
    liveUpdateLimits,
    clock,
    ...options
  }: Pick<AdminHttpOptions, 'connectionLimits'> & { liveUpdateLimits?: Partial<LiveUpdateLimits>; clock?: Clock } = {},
): Promise<AdminHarness> {
  const dataDir = makeTempDir();
  const rendererDir = path.join(dataDir, 'renderer');
  fs.mkdirSync(rendererDir);
  fs.writeFileSync(path.join(rendererDir, 'index.html'), '<!doctype html><title>Adoption Desk</title>');
  const host = new AppHost({ dataDir, clock, overrides: { ports: { production: 0, staging: 0 } } });
  await host.start();
  const photoFile: AdminHttpOptions['photoFile'] = (environment, name) =>
    host.engine(environment).services.photos.files.fileOf(name);
  const gate = teamGateOf(host);
  const admin = await startAdminServer({
    dispatch: adminDispatcher(createAdminHandlers(host), gate),
    teamMode: () => gate().teamMode(),
    token,
    rendererDir,
    port: 0,
    photoFile,
    liveUpdates: liveUpdatesOf(host, liveUpdateLimits),
    ...options,
  });
  return {
    dataDir,
    host,
    admin,
    async stop() {
      await admin.stop();
      await host.stop();
      removeTempDir(dataDir);
    },
  };
}
