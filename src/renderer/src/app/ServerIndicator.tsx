import { Badge, Tooltip } from '@mantine/core';
import { useEnvironment } from '../client/EnvironmentProvider';
import { pageHref } from '../ui/navigation';
import { useServers } from '../client/servers';

/** Whether the API of the environment being managed is answering, at a glance from every page. */
export function ServerIndicator(): React.JSX.Element | null {
  const environment = useEnvironment();
  const server = useServers().data?.find((candidate) => candidate.environment === environment);
  if (!server) return null;
  const label = server.running ? (server.baseUrl ?? 'running') : (server.problem ?? 'stopped');
  return (
    <Tooltip label={label}>
      <Badge
        component="a"
        href={pageHref('server')}
        visibleFrom="md"
        variant="dot"
        color={server.running ? 'teal' : 'red'}
        data-testid="server-indicator"
        style={{ cursor: 'pointer' }}
      >
        API {server.running ? 'running' : 'stopped'}
      </Badge>
    </Tooltip>
  );
}
