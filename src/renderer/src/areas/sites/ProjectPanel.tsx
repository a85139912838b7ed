import { Alert, Anchor, Button, Code, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconExternalLink, IconPaw, IconUpload } from '@tabler/icons-react';
import { Trans, useTranslation } from 'react-i18next';
import type { Account } from '../../../../shared/models';
import { projectAddress, type Project } from '../../../../shared/sites';
import { useDialog } from '../../ui/dialog';
import { useEnvironment } from '../../client/EnvironmentProvider';
import { useDeploy, useDeploys } from './queries';
import { DeployModal } from './DeployModal';
import { DeploysList } from './DeploysList';
import { PlanBadge } from '../../domain/plans/PlanBadge';
import { useSitePorts } from './site-ports';
import { formatMoment } from '../../ui/format';
import { deployReasonWords } from './deploy-words';

/** Where the site is served, from the running server's real port; or why it is not served. */
function ServedAt({ project }: { project: Project }): React.JSX.Element | null {
  const { t } = useTranslation('sites');
  const environment = useEnvironment();
  const ports = useSitePorts();
  if (ports === undefined) return null;
  if (ports === null) {
    return (
      <Text size="sm" c="dimmed" data-testid="live-url-none">
        {project.liveDeploy === null
          ? t('project.serverStoppedUnpublished', { context: environment })
          : t('project.serverStopped', { context: environment })}
      </Text>
    );
  }
  const address = projectAddress(project, ports);
  if (project.liveDeploy === null) {
    return (
      <Text size="sm" c="dimmed" data-testid="live-url-none">
        <Trans t={t} i18nKey="project.notPublishedYet" values={{ address }} components={{ code: <Code /> }} />
      </Text>
    );
  }
  return (
    <Anchor href={address} target="_blank" rel="noreferrer" data-testid="live-url" style={{ overflowWrap: 'anywhere' }}>
      <Group gap={4} wrap="nowrap">
        {address}
        <IconExternalLink size={14} aria-hidden />
      </Group>
    </Anchor>
  );
}

/** Whether the adoption site follows the records by itself, and since when it is known to be up to date. */
function Following({ project }: { project: Project }): React.JSX.Element | null {
  const { t } = useTranslation('sites');
  const { active, checkedAt, republishedAt } = project.following;
  if (project.liveDeploy === null) return null;
  if (!active) {
    return (
      <Text size="sm" c="dimmed" data-testid="site-following">
        {t('project.ownFolder')}
      </Text>
    );
  }
  return (
    <Text size="sm" c="dimmed" data-testid="site-following">
      {t('project.follows')}{' '}
      {checkedAt === null
        ? t('project.checkedOnceRunning')
        : t('project.upToDate', { moment: formatMoment(checkedAt) })}
      {republishedAt !== null && t('project.lastRepublished', { moment: formatMoment(republishedAt) })}
      {checkedAt !== null && '.'}
    </Text>
  );
}

/** One project: where it is served, how to publish it, and its deploys. */
export function ProjectPanel({
  project,
  account,
}: {
  project: Project;
  account: Account | undefined;
}): React.JSX.Element {
  const { t } = useTranslation('sites');
  const deploys = useDeploys(project.id);
  const deploy = useDeploy();
  const deploying = useDialog<true>();
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
                  {t('project.of', { name: account.name })}
                </Text>
              )}
              {account && <PlanBadge planId={account.planId} />}
            </Group>
            <ServedAt project={project} />
            <Following project={project} />
          </Stack>
          <Group gap="sm">
            <Button
              variant="default"
              leftSection={<IconPaw size={16} />}
              loading={deploy.isPending && deploy.variables?.kind === 'adoption_page'}
              onClick={() => deploy.mutate({ projectId: project.id, kind: 'adoption_page' })}
            >
              {t('project.publishAdoption')}
            </Button>
            <Button leftSection={<IconUpload size={16} />} onClick={() => deploying.open(true)}>
              {t('project.deploy')}
            </Button>
          </Group>
        </Group>
        {latest?.outcome === 'failed' && (
          <Alert
            color="red"
            variant="light"
            title={t('project.latestFailed', { number: latest.number })}
            data-testid="latest-deploy-failed"
          >
            {deployReasonWords(latest)}{' '}
            {project.liveDeploy === null
              ? t('project.nothingPublished')
              : t('project.staysLive', { number: project.liveDeploy })}
          </Alert>
        )}
        <DeploysList project={project} />
      </Stack>
      <DeployModal opened={deploying.opened} project={project} onClose={deploying.close} />
    </Paper>
  );
}
