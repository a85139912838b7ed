import { BarChart, LineChart } from '@mantine/charts';
import { Card, SimpleGrid, Text, Title } from '@mantine/core';
import type { ReportTrendMonth } from '../../../../shared/reports';
import { monthLabel } from './months';

/** Twelve months up to the one shown: dogs and cats taken in and gone out, and the live release rate. */
export function TrendCharts({ trends }: { trends: ReportTrendMonth[] }): React.JSX.Element {
  const months = trends.map((month) => ({
    month: monthLabel(month.month, 'short'),
    Intakes: month.intakes,
    'Live outcomes': month.liveOutcomes,
    'Other outcomes': month.otherOutcomes,
    'Live release rate': month.liveReleaseRate === null ? null : Math.round(month.liveReleaseRate * 1000) / 10,
  }));
  return (
    <SimpleGrid cols={{ base: 1, lg: 2 }} data-testid="report-trends">
      <Card withBorder radius="md" padding="md">
        <Title order={2} size="h4">
          Intakes and outcomes
        </Title>
        <Text size="xs" c="dimmed" mb="sm">
          Dogs and cats, month by month.
        </Text>
        <BarChart
          h={220}
          data={months}
          dataKey="month"
          series={[
            { name: 'Intakes', color: 'blue.6' },
            { name: 'Live outcomes', color: 'teal.6' },
            { name: 'Other outcomes', color: 'red.6' },
          ]}
          withLegend
          tickLine="y"
          barProps={{ isAnimationActive: false }}
        />
      </Card>
      <Card withBorder radius="md" padding="md">
        <Title order={2} size="h4">
          Live release rate
        </Title>
        <Text size="xs" c="dimmed" mb="sm">
          Live outcomes out of live outcomes and euthanasia, in percent.
        </Text>
        <LineChart
          h={220}
          data={months}
          dataKey="month"
          series={[{ name: 'Live release rate', color: 'teal.6' }]}
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
