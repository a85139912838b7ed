import { LineChart } from '@mantine/charts';
import { Badge, Card, Group, ScrollArea, Stack, Table, Text, Title } from '@mantine/core';
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
  const { responses, counts } = result;
  const firstLimited = firstWith(responses, 'rate_limited');
  const firstBanned = firstWith(responses, 'api_key_banned');
  const remaining = responses.map((answer, index) => ({ request: index + 1, Remaining: answer.remaining }));

  return (
    <Card withBorder radius="md" padding="md" data-testid="burst-result">
      <Group justify="space-between" mb="sm" wrap="wrap">
        <Title order={2} size="h4">
          Burst of {responses.length}
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
              ? `First 429 (rate_limited) at request #${firstLimited.index + 1}, Retry-After ${formatSeconds(firstLimited.answer.retryAfter ?? 0)}.`
              : 'No request was rate limited.'}
          </Text>
          <Text size="sm" data-testid="burst-first-banned" c={firstBanned ? 'red' : undefined}>
            {firstBanned
              ? `Key banned from request #${firstBanned.index + 1} (api_key_banned), Retry-After ${formatSeconds(firstBanned.answer.retryAfter ?? 0)}.`
              : 'The key was not banned.'}
          </Text>
        </Stack>
        <LineChart
          h={220}
          data={remaining}
          dataKey="request"
          series={[{ name: 'Remaining', color: 'teal.6' }]}
          curveType="stepAfter"
          withDots={false}
          xAxisLabel="Request"
          yAxisLabel="X-RateLimit-Remaining"
          lineProps={{ isAnimationActive: false }}
          data-testid="burst-chart"
        />
        <ScrollArea h={260} type="auto">
          <Table stickyHeader striped fz="sm" data-testid="burst-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>#</Table.Th>
                <Table.Th>Status</Table.Th>
                <Table.Th>Code</Table.Th>
                <Table.Th>Remaining</Table.Th>
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
