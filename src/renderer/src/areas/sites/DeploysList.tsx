import { Box, EmptyState, Group, Skeleton, Stack, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconArrowBackUp, IconRocket } from '@tabler/icons-react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { Deploy, Project } from '../../../../shared/sites';
import { formatBytes, formatMoment } from '../../ui/format';
import { useDeploys, useRollback } from './queries';
import { LoadFailure } from '../../ui/LoadStates';
import { RowAction } from '../../ui/RowAction';
import { DeployOutcomeBadge, LiveBadge } from './SiteBadges';
import { deployReasonWords } from './deploy-words';

function sourceOf(deploy: Deploy, t: TFunction<'sites'>): string {
  return deploy.source === 'adoption_page' ? t('deploys.adoptionPage') : (deploy.folder ?? t('deploys.folder'));
}

function rollbackUnavailable(deploy: Deploy, t: TFunction<'sites'>): string | undefined {
  if (deploy.live) return t('deploys.isLive');
  if (deploy.outcome === 'failed') return t('deploys.failedCannot');
  return undefined;
}

const ROW_BORDER = { borderTop: '1px solid var(--mantine-color-default-border)' };

/**
 * A project's deploys, newest first: which one is live, what each held, why a failed one failed.
 * Rows wrap instead of scrolling sideways, so the outcome and the action are whole at any width.
 */
export function DeploysList({ project }: { project: Project }): React.JSX.Element {
  const { t } = useTranslation('sites');
  const deploys = useDeploys(project.id);
  const rollback = useRollback();

  const confirmRollback = (deploy: Deploy) =>
    modals.openConfirmModal({
      title: t('deploys.rollbackTitle', { name: project.name, number: deploy.number }),
      children: (
        <Text size="sm">
          {t('deploys.rollbackText', {
            number: deploy.number,
            moment: formatMoment(deploy.createdAt),
            live: project.liveDeploy,
          })}
        </Text>
      ),
      labels: { confirm: t('deploys.rollback'), cancel: t('deploys.cancel') },
      onConfirm: () => rollback.mutate({ projectId: project.id, number: deploy.number }),
    });

  if (deploys.isError) return <LoadFailure error={deploys.error} onRetry={() => void deploys.refetch()} />;
  if (deploys.data?.length === 0) {
    return (
      <EmptyState
        py="lg"
        icon={<IconRocket size={28} />}
        withIndicatorBackground
        title={t('deploys.emptyTitle')}
        description={t('deploys.emptyDescription')}
      />
    );
  }
  return (
    <Stack gap={0} role="list" aria-label={t('deploys.listLabel', { name: project.name })} data-testid="deploys-list">
      <Text size="sm" fw={600} pb="xs">
        {t('deploys.title')}
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
              {t('deploys.files', {
                count: deploy.fileCount,
                size: formatBytes(deploy.byteSize),
              })}
            </Text>
          )}
          <Box style={{ flex: '1 1 220px', minWidth: 0 }}>
            <Text size="sm" style={{ overflowWrap: 'anywhere' }} data-testid="deploy-source">
              {sourceOf(deploy, t)}
            </Text>
            {deploy.reason && (
              <Text size="xs" c="red" style={{ overflowWrap: 'anywhere' }} data-testid="deploy-reason">
                {deployReasonWords(deploy)}
              </Text>
            )}
          </Box>
          <RowAction
            tooltip={t('deploys.rollbackTip')}
            label={t('deploys.rollbackTo', { number: deploy.number })}
            icon={<IconArrowBackUp size={16} />}
            onClick={() => confirmRollback(deploy)}
            unavailable={rollbackUnavailable(deploy, t)}
          />
        </Group>
      ))}
    </Stack>
  );
}
