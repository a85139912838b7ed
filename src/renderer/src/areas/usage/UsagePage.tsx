import { Badge, Button, EmptyState, SimpleGrid, Stack } from '@mantine/core';
import { IconChartBar, IconUserPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadFailure, RefreshFailure, SkeletonBlocks } from '../../ui/LoadStates';
import { PageTitle } from '../../ui/PageTitle';
import { UsageCard } from './UsageCard';
import { UsageChart } from './UsageChart';
import { formatClock } from '../../ui/format';
import { pageHref } from '../../ui/navigation';
import { useApiKeys } from '../../client/api-keys';
import { useUsageOverview } from './queries';

export function UsagePage(): React.JSX.Element {
  const { t } = useTranslation('usage');
  const overview = useUsageOverview();
  const keys = useApiKeys();
  const [chartAccountId, setChartAccountId] = useState<number | null>(null);
  const prefixes = new Map((keys.data ?? []).map((apiKey) => [apiKey.id, apiKey.displayPrefix]));
  const keyName = (keyId: number) => prefixes.get(keyId) ?? t('keyNumber', { id: keyId });
  const rows = overview.data ?? [];

  return (
    <Stack>
      <PageTitle
        title={t('title')}
        description={t('description')}
        actions={
          overview.data && (
            <Badge variant="dot" color={overview.isRefetchError ? 'red' : 'teal'} size="lg" data-testid="usage-live">
              {overview.isRefetchError ? t('notUpdating') : t('live', { time: formatClock(overview.dataUpdatedAt) })}
            </Badge>
          )
        }
      />
      {overview.isRefetchError && <RefreshFailure error={overview.error} stale={t('stale')} />}
      {overview.isPending && <SkeletonBlocks count={3} height={140} />}
      {overview.isLoadingError && <LoadFailure error={overview.error} onRetry={() => void overview.refetch()} />}
      {overview.isSuccess && rows.length === 0 && (
        <EmptyState
          py="xl"
          icon={<IconChartBar size={28} />}
          withIndicatorBackground
          title={t('empty.title')}
          description={t('empty.description')}
        >
          <EmptyState.Actions>
            <Button component="a" href={pageHref('accounts')} variant="light" leftSection={<IconUserPlus size={16} />}>
              {t('empty.action')}
            </Button>
          </EmptyState.Actions>
        </EmptyState>
      )}
      {rows.length > 0 && (
        <>
          {/* One card a row until the window is wide enough for a card's title, plan and reset button side by side. */}
          <SimpleGrid cols={{ base: 1, lg: 2, xl: 3 }}>
            {rows.map((row) => (
              <UsageCard key={row.account.id} row={row} keyName={keyName} />
            ))}
          </SimpleGrid>
          <UsageChart rows={rows} accountId={chartAccountId} onAccountChange={setChartAccountId} />
        </>
      )}
    </Stack>
  );
}
