import { EmptyState, Group, Table, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconArrowBackUp, IconRocket } from '@tabler/icons-react';
import type { Deploy, Project } from '../../../../shared/sites';
import { formatBytes, formatFigure, formatMoment } from '../../ui/format';
import { useDeploys, useRollback } from './queries';
import { LoadFailure, SkeletonRows } from '../../ui/LoadStates';
import { RowAction } from '../../ui/RowAction';
import { DeployOutcomeBadge, LiveBadge } from './SiteBadges';
import { TruncatedText } from '../../ui/TruncatedText';

const COLUMNS = 7;

function sourceOf(deploy: Deploy): string {
  return deploy.source === 'adoption_page' ? 'adoption page' : (deploy.folder ?? 'folder');
}

function rollbackUnavailable(deploy: Deploy): string | undefined {
  if (deploy.live) return 'This deploy is live';
  if (deploy.outcome === 'failed') return 'A failed deploy cannot go live';
  return undefined;
}

/** A project's deploys, newest first: which one is live, what each held, why a failed one failed. */
export function DeploysTable({ project }: { project: Project }): React.JSX.Element {
  const deploys = useDeploys(project.id);
  const rollback = useRollback();

  const confirmRollback = (deploy: Deploy) =>
    modals.openConfirmModal({
      title: `Roll back ${project.name} to deploy ${deploy.number}?`,
      children: (
        <Text size="sm">
          Deploy {deploy.number} ({formatMoment(deploy.createdAt)}) is served from the next request on, in place of deploy {project.liveDeploy}. Later deploys are kept; you can go back to them the same way.
        </Text>
      ),
      labels: { confirm: 'Roll back', cancel: 'Cancel' },
      onConfirm: () => rollback.mutate({ projectId: project.id, number: deploy.number }),
    });

  if (deploys.isError) return <LoadFailure error={deploys.error} onRetry={() => void deploys.refetch()} />;
  return (
    <Table.ScrollContainer minWidth={760}>
      <Table highlightOnHover data-testid="deploys-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Deploy</Table.Th>
            <Table.Th>Outcome</Table.Th>
            <Table.Th>Time</Table.Th>
            <Table.Th ta="right">Files</Table.Th>
            <Table.Th ta="right">Size</Table.Th>
            <Table.Th>Source</Table.Th>
            <Table.Th>Actions</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {deploys.isPending && <SkeletonRows rows={2} columns={COLUMNS} />}
          {deploys.data?.map((deploy) => (
            <Table.Tr key={deploy.number} data-testid={`deploy-row-${deploy.number}`}>
              <Table.Td ff="monospace">#{deploy.number}</Table.Td>
              <Table.Td>
                <Group gap={4} wrap="nowrap">
                  <DeployOutcomeBadge deploy={deploy} />
                  {deploy.live && <LiveBadge />}
                </Group>
              </Table.Td>
              <Table.Td c="dimmed">{formatMoment(deploy.createdAt)}</Table.Td>
              <Table.Td ta="right">{deploy.outcome === 'succeeded' ? formatFigure(deploy.fileCount) : '—'}</Table.Td>
              <Table.Td ta="right">{deploy.outcome === 'succeeded' ? formatBytes(deploy.byteSize) : '—'}</Table.Td>
              <Table.Td>
                <TruncatedText text={sourceOf(deploy)} maw={320} size="sm" />
                {deploy.reason && (
                  <Text size="xs" c="red" maw={420} data-testid="deploy-reason">
                    {deploy.reason}
                  </Text>
                )}
              </Table.Td>
              <Table.Td>
                <RowAction
                  tooltip="Roll back to this deploy"
                  label={`Roll back to deploy ${deploy.number}`}
                  icon={<IconArrowBackUp size={16} />}
                  onClick={() => confirmRollback(deploy)}
                  unavailable={rollbackUnavailable(deploy)}
                />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {deploys.data?.length === 0 && (
        <EmptyState py="lg" icon={<IconRocket size={28} />} withIndicatorBackground title="Nothing deployed yet" description="Deploy a folder of static files, or publish the adoption page in one click." />
      )}
    </Table.ScrollContainer>
  );
}
