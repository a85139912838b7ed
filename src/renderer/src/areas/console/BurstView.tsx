import { LineChart } from '@mantine/charts';
import { Badge, Card, Group, ScrollArea, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { BurstResult } from '../../../../shared/admin-contract';
import { formatSeconds } from '../../ui/format';
import { statusColor } from './ConsoleResponseView';

type Answer = BurstResult['responses'][number];

function firstWith(responses: Answer[], code: string): { index: number; answer: Answer } | null {
  const index = responses.findIndex((answer) => answer.code === code);
  const answer = responses[index];
  return answer ? { index, answer } : null;
}

function outcomeColor(outcome: string): string {
  if (outcome === 'rate_limited') return 'orange';
  if (outcome === 'api_key_banned') return 'red';
  return /^2\d\d$|^ok$/i.test(outcome) ? 'teal' : 'gray';
}

/** How a quota gives way under a burst: Remaining falls, 429s begin, and past the threshold the key is banned. */
export function BurstView({ result }: { result: BurstResult }): React.JSX.Element {
  const { t } = useTranslation('console');
  const { responses, counts } = result;
  const firstLimited = firstWith(responses, 'rate_limited');
  const firstBanned = firstWith(responses, 'api_key_banned');
  const remaining = responses.map((answer, index) => ({ request: index + 1, remaining: answer.remaining }));

  return (
    <Card withBorder radius="md" padding="md" data-testid="burst-result">
      <Group justify="space-between" mb="sm" wrap="wrap">
        <Title order={2} size="h4">
          {t('burstView.title', { count: responses.length })}
        </Title>
        <Group gap="xs">
          {Object.entries(counts).map(([outcome, count]) => (
            <Badge
              key={outcome}
              color={outcomeColor(outcome)}
              variant="light"
              size="lg"
              data-testid={`burst-count-${outcome}`}
            >
              {outcome}: {count}
            </Badge>
          ))}
        </Group>
      </Group>
      <Stack gap="md">
        <Stack gap={2}>
          <Text size="sm" data-testid="burst-first-limited">
            {firstLimited
              ? t('burstView.firstLimited', {
                  index: firstLimited.index + 1,
                  wait: formatSeconds(firstLimited.answer.retryAfter ?? 0),
                })
              : t('burstView.noneLimited')}
          </Text>
          <Text size="sm" data-testid="burst-first-banned" c={firstBanned ? 'red' : undefined}>
            {firstBanned
              ? t('burstView.firstBanned', {
                  index: firstBanned.index + 1,
                  wait: formatSeconds(firstBanned.answer.retryAfter ?? 0),
                })
              : t('burstView.notBanned')}
          </Text>
        </Stack>
        <LineChart
          h={220}
          data={remaining}
          dataKey="request"
          series={[{ name: 'remaining', label: t('burstView.remaining'), color: 'teal.6' }]}
          curveType="stepAfter"
          withDots={false}
          xAxisLabel={t('burstView.request')}
          yAxisLabel="X-RateLimit-Remaining"
          lineProps={{ isAnimationActive: false }}
          data-testid="burst-chart"
        />
        <ScrollArea h={260} type="auto">
          <Table stickyHeader striped fz="sm" data-testid="burst-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>#</Table.Th>
                <Table.Th>{t('burstView.status')}</Table.Th>
                <Table.Th>{t('burstView.code')}</Table.Th>
                <Table.Th>{t('burstView.remaining')}</Table.Th>
                <Table.Th>Retry-After</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {responses.map((answer, index) => (
                <Table.Tr key={index}>
                  <Table.Td c="dimmed">{index + 1}</Table.Td>
                  <Table.Td>
                    <Badge size="sm" color={statusColor(answer.status)} variant="light">
                      {answer.status}
                    </Badge>
                  </Table.Td>
                  <Table.Td ff="monospace">{answer.code ?? '—'}</Table.Td>
                  <Table.Td>{answer.remaining ?? '—'}</Table.Td>
                  <Table.Td>{answer.retryAfter === null ? '—' : `${answer.retryAfter} s`}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollArea>
      </Stack>
    </Card>
  );
}
