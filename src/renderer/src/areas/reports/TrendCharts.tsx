import { BarChart, LineChart } from '@mantine/charts';
import { Card, SimpleGrid, Text, Title } from '@mantine/core';
import type { ReportTrendMonth } from '../../../../shared/reports';
import { useTranslation } from 'react-i18next';
import { monthLabel } from './months';

/** Twelve months up to the one shown: dogs and cats taken in and gone out, and the live release rate. */
export function TrendCharts({ trends }: { trends: ReportTrendMonth[] }): React.JSX.Element {
  const { t } = useTranslation('reports');
  const months = trends.map((month) => ({
    month: monthLabel(month.month, 'short'),
    intakes: month.intakes,
    liveOutcomes: month.liveOutcomes,
    otherOutcomes: month.otherOutcomes,
    liveReleaseRate: month.liveReleaseRate === null ? null : Math.round(month.liveReleaseRate * 1000) / 10,
  }));
  return (
    <SimpleGrid cols={{ base: 1, lg: 2 }} data-testid="report-trends">
      <Card withBorder radius="md" padding="md">
        <Title order={2} size="h4">
          {t('trends.intakesAndOutcomes')}
        </Title>
        <Text size="xs" c="dimmed" mb="sm">
          {t('trends.monthByMonth')}
        </Text>
        <BarChart
          h={220}
          data={months}
          dataKey="month"
          series={[
            { name: 'intakes', label: t('trends.intakes'), color: 'blue.6' },
            { name: 'liveOutcomes', label: t('trends.liveOutcomes'), color: 'teal.6' },
            { name: 'otherOutcomes', label: t('trends.otherOutcomes'), color: 'red.6' },
          ]}
          withLegend
          tickLine="y"
          barProps={{ isAnimationActive: false }}
        />
      </Card>
      <Card withBorder radius="md" padding="md">
        <Title order={2} size="h4">
          {t('trends.liveReleaseRate')}
        </Title>
        <Text size="xs" c="dimmed" mb="sm">
          {t('trends.rateExplained')}
        </Text>
        <LineChart
          h={220}
          data={months}
          dataKey="month"
          series={[{ name: 'liveReleaseRate', label: t('trends.liveReleaseRate'), color: 'teal.6' }]}
          yAxisProps={{ domain: [0, 100] }}
          unit=" %"
          connectNulls={false}
          curveType="linear"
          tickLine="y"
          lineProps={{ isAnimationActive: false }}
        />
      </Card>
    </SimpleGrid>
  );
}
