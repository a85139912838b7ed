import { Badge, Tooltip } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useEnvironment } from '../client/EnvironmentProvider';
import { pageHref } from '../ui/navigation';
import { useServers } from '../client/servers';

/** Whether the API of the environment being managed is answering, at a glance from every page. */
export function ServerIndicator(): React.JSX.Element | null {
  const { t } = useTranslation();
  const environment = useEnvironment();
  const server = useServers().data?.find((candidate) => candidate.environment === environment);
  if (!server) return null;
  const label = server.running
    ? (server.baseUrl ?? t('server.runningTip'))
    : (server.problem ?? t('server.stoppedTip'));
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
        {server.running ? t('server.running') : t('server.stopped')}
      </Badge>
    </Tooltip>
  );
}
