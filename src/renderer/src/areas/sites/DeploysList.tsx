import { Box, EmptyState, Group, Skeleton, Stack, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconArrowBackUp, IconRocket } from '@tabler/icons-react';
import type { Deploy, Project } from '../../../../shared/sites';
import { formatBytes, formatFigure, formatMoment } from '../../ui/format';
import { useDeploys, useRollback } from './queries';
import { LoadFailure } from '../../ui/LoadStates';
import { RowAction } from '../../ui/RowAction';
import { DeployOutcomeBadge, LiveBadge } from './SiteBadges';

function sourceOf(deploy: Deploy): string {
  return deploy.source === 'adoption_page' ? 'adoption page' : (deploy.folder ?? 'folder');
}

function rollbackUnavailable(deploy: Deploy): string | undefined {
  if (deploy.live) return 'This deploy is live';
  if (deploy.outcome === 'failed') return 'A failed deploy cannot go live';
  return undefined;
}

const ROW_BORDER = { borderTop: '1px solid var(--mantine-color-default-border)' };

/**
 * A project's deploys, newest first: which one is live, what each held, why a failed one failed.
 * Rows wrap instead of scrolling sideways, so the outcome and the action are whole at any width.
 */
export function DeploysList({ project }: { project: Project }): React.JSX.Element {
  const deploys = useDeploys(project.id);
  const rollback = useRollback();

  const confirmRollback = (deploy: Deploy) =>
    modals.openConfirmModal({
      title: `Roll back ${project.name} to deploy ${deploy.number}?`,
      children: (
        <Text size="sm">
          Deploy {deploy.number} ({formatMoment(deploy.createdAt)}) is served from the next request on, in place of
          deploy {project.liveDeploy}. Later deploys are kept; you can go back to them the same way.
        </Text>
      ),
      labels: { confirm: 'Roll back', cancel: 'Cancel' },
      onConfirm: () => rollback.mutate({ projectId: project.id, number: deploy.number }),
    });

  if (deploys.isError) return <LoadFailure error={deploys.error} onRetry={() => void deploys.refetch()} />;
  if (deploys.data?.length === 0) {
    return (
      <EmptyState
        py="lg"
        icon={<IconRocket size={28} />}
        withIndicatorBackground
        title="Nothing deployed yet"
        description="Deploy a folder of static files, or publish the adoption page in one click."
      />
    );
  }
  return (
    <Stack gap={0} role="list" aria-label={`Deploys of ${project.name}`} data-testid="deploys-list">
      <Text size="sm" fw={600} pb="xs">
        Deploys
      </Text>
      {deploys.isPending && <Skeleton h={28} />}
      {deploys.data?.map((deploy) => (
        <Group
          key={deploy.number}
          role="listitem"
          data-testid={`deploy-row-${deploy.number}`}
          gap="md"
          py="xs"
          wrap="wrap"
          align="center"
          style={ROW_BORDER}
        >
          <Group gap={6} wrap="nowrap" style={{ flexShrink: 0 }}>
            <Text ff="monospace" size="sm" fw={500}>
              #{deploy.number}
            </Text>
            <DeployOutcomeBadge deploy={deploy} />
            {deploy.live && <LiveBadge />}
          </Group>
          <Text size="sm" c="dimmed" style={{ flexShrink: 0 }} data-testid="deploy-time">
            {formatMoment(deploy.createdAt)}
          </Text>
          {deploy.outcome === 'succeeded' && (
            <Text size="sm" style={{ flexShrink: 0 }} data-testid="deploy-size">
              {formatFigure(deploy.fileCount)} file{deploy.fileCount === 1 ? '' : 's'} · {formatBytes(deploy.byteSize)}
            </Text>
          )}
          <Box style={{ flex: '1 1 220px', minWidth: 0 }}>
            <Text size="sm" style={{ overflowWrap: 'anywhere' }} data-testid="deploy-source">
              {sourceOf(deploy)}
            </Text>
            {deploy.reason && (
              <Text size="xs" c="red" style={{ overflowWrap: 'anywhere' }} data-testid="deploy-reason">
                {deploy.reason}
              </Text>
            )}
          </Box>
          <RowAction
            tooltip="Roll back to this deploy"
            label={`Roll back to deploy ${deploy.number}`}
            icon={<IconArrowBackUp size={16} />}
            onClick={() => confirmRollback(deploy)}
            unavailable={rollbackUnavailable(deploy)}
          />
        </Group>
      ))}
    </Stack>
  );
}
