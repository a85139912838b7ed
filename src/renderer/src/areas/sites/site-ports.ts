import type { SitePorts } from '../../../../shared/sites';
import { useEnvironment } from '../../client/EnvironmentProvider';
import { useServers } from '../../client/servers';

/**
 * The ports this environment's server actually listens on (the sites are served there), null when it
 * is not running, undefined until its status is known.
 */
export function useSitePorts(): SitePorts | null | undefined {
  const environment = useEnvironment();
  const servers = useServers();
  if (!servers.data) return undefined;
  const server = servers.data.find((status) => status.environment === environment);
  return server?.running ? { http: server.port, https: server.httpsPort } : null;
}
