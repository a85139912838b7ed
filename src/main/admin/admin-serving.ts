import type { AdminHttpOptions } from '../http/admin/server';
import { startTeamListener } from '../http/admin/team-listener';
import type { AppHost } from '../host/app-host';
import type { StartTeamListener } from '../team/listener';
import { adminDispatcher } from './dispatch';
import { createAdminHandlers } from './handlers';
import { teamGateOf } from './staff-handlers';

/** What the admin pages serve, alike on the loopback and on the shelter server's listener. */
export type AdminServing = Omit<AdminHttpOptions, 'token' | 'team' | 'connectionLimits'>;

/** From a host: the dispatch judged by team mode, the pages, the photos. */
export function adminServingOf(host: AppHost, rendererDir: string): AdminServing {
  const gate = teamGateOf(host);
  return {
    dispatch: adminDispatcher(createAdminHandlers(host), gate),
    teamMode: () => gate().teamMode(),
    rendererDir,
    photoFile: (environment, name) => host.engine(environment).services.photos.files.fileOf(name),
  };
}

/** How the host starts the shelter server's HTTPS listener over the same serving (`host.team.serve`). */
export function teamListenerOf(serving: AdminServing): StartTeamListener {
  return (team, host, port) => startTeamListener({ ...serving, team, host, port });
}
