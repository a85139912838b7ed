import { Alert, Anchor, Button, Code, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconExternalLink, IconPaw, IconUpload } from '@tabler/icons-react';
import type { Account } from '../../../../shared/models';
import type { Project } from '../../../../shared/sites';
import { useDialog } from '../../ui/dialog';
import { useEnvironment } from '../../client/EnvironmentProvider';
import { useDeploy, useDeploys } from './queries';
import { useServers } from '../../client/servers';
import { DeployModal } from './DeployModal';
import { DeploysTable } from './DeploysTable';
import { PlanBadge } from '../../ui/Badges';

/** Sites are served by the environment's API server: the address carries its port. */
function useLiveUrl(project: Project): string | null {
  const environment = useEnvironment();
  const server = useServers().data?.find((status) => status.environment === environment);
  if (project.liveDeploy === null || !server?.running) return null;
  const url = new URL(project.url);
  url.port = String(server.port);
  return url.toString();
}

/** One project: where it is served, how to publish it, and its deploys. */
export function ProjectPanel({ project, account }: { project: Project; account: Account | undefined }): React.JSX.Element {
  const deploys = useDeploys(project.id);
  const deploy = useDeploy();
  const deploying = useDialog<true>();
  const liveUrl = useLiveUrl(project);
  const latest = deploys.data?.[0];

  return (
    <Paper withBorder radius="md" p="md" data-testid="project-panel">
      <Stack>
        <Group justify="space-between" align="flex-start">
          <Stack gap={4}>
            <Group gap="xs">
              <Title order={2} size="h4">
                {project.name}
              </Title>
              <Code>{project.slug}</Code>
              {account && (
                <Text size="sm" c="dimmed">
                  of {account.name}
                </Text>
              )}
              {account && <PlanBadge planId={account.planId} />}
            </Group>
            {liveUrl ? (
              <Anchor href={liveUrl} target="_blank" rel="noreferrer" data-testid="live-url">
                <Group gap={4} wrap="nowrap">
                  {liveUrl}
                  <IconExternalLink size={14} aria-hidden />
                </Group>
              </Anchor>
            ) : (
              <Text size="sm" c="dimmed" data-testid="live-url-none">
                {project.liveDeploy === null ? `Not published yet: deploy it to serve ${project.url}` : 'The server of this environment is not running, so the site is not served.'}
              </Text>
            )}
          </Stack>
          <Group gap="sm">
            <Button variant="default" leftSection={<IconPaw size={16} />} loading={deploy.isPending && deploy.variables?.kind === 'adoption_page'} onClick={() => deploy.mutate({ projectId: project.id, kind: 'adoption_page' })}>
              Publish adoption page
            </Button>
            <Button leftSection={<IconUpload size={16} />} onClick={() => deploying.open(true)}>
              Deploy…
            </Button>
          </Group>
        </Group>
        {latest?.outcome === 'failed' && (
          <Alert color="red" variant="light" title={`The latest deploy (#${latest.number}) failed`} data-testid="latest-deploy-failed">
            {latest.reason} {project.liveDeploy === null ? 'Nothing is published yet.' : `Deploy ${project.liveDeploy} stays live.`}
          </Alert>
        )}
        <DeploysTable project={project} />
      </Stack>
      <DeployModal opened={deploying.opened} project={project} onClose={deploying.close} />
    </Paper>
  );
}
