import { BarChart } from '@mantine/charts';
import { Card, Group, Select, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { OverviewRow } from '../../../../shared/admin-contract';
import { formatClock } from '../../ui/format';

interface UsageChartProps {
  rows: OverviewRow[];
  accountId: number | null;
  onAccountChange: (accountId: number) => void;
}

function trafficOf(row: OverviewRow): number {
  return row.usage.lastHour.reduce((sum, minute) => sum + minute.accepted + minute.rejected, 0);
}

/** Until staff pick one, the chart follows the account with the most traffic in the last hour. */
function busiest(rows: OverviewRow[]): OverviewRow | undefined {
  return rows.reduce<OverviewRow | undefined>(
    (best, row) => (!best || trafficOf(row) > trafficOf(best) ? row : best),
    undefined,
  );
}

export function UsageChart({ rows, accountId, onAccountChange }: UsageChartProps): React.JSX.Element {
  const { t } = useTranslation('usage');
  const row = rows.find((candidate) => candidate.account.id === accountId) ?? busiest(rows);
  const minutes = (row?.usage.lastHour ?? []).map((minute) => ({
    minute: formatClock(minute.start),
    accepted: minute.accepted,
    rejected: minute.rejected,
  }));
  return (
    <Card withBorder radius="md" padding="md">
      <Group justify="space-between" mb="md" wrap="wrap">
        <div>
          <Title order={2} size="h4">
            {t('chart.title')}
          </Title>
          <Text size="xs" c="dimmed">
            {t('chart.note')}
          </Text>
        </div>
        <Select<number>
          aria-label={t('chart.account')}
          data={rows.map(({ account }) => ({ value: account.id, label: account.name }))}
          value={row?.account.id ?? null}
          onChange={(value) => value !== null && onAccountChange(value)}
          allowDeselect={false}
          w={220}
        />
      </Group>
      <BarChart
        h={240}
        data={minutes}
        dataKey="minute"
        type="stacked"
        series={[
          { name: 'accepted', label: t('chart.accepted'), color: 'teal.6' },
          { name: 'rejected', label: t('chart.rejected'), color: 'red.6' },
        ]}
        withLegend
        tickLine="y"
        barProps={{ isAnimationActive: false }}
        xAxisProps={{ interval: 9 }}
        data-testid="usage-chart"
      />
    </Card>
  );
}
