import { BarChart } from '@mantine/charts';
import {
  Alert,
  Badge,
  Button,
  Card,
  Group,
  Paper,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { useState } from 'react';
import type { ComplianceReport, RuleVerdict, Verdict } from '../../../../shared/compliance';
import type { ApiKeyRecord } from '../../../../shared/models';
import { describeFailure } from '../../client/errors';
import { useApiKeys } from '../../client/api-keys';
import { useLabClock } from '../../client/lab-clock';
import { useComplianceReport } from './queries';

const VERDICT: Record<Verdict, { label: string; color: string }> = {
  pass: { label: 'Pass', color: 'teal' },
  fail: { label: 'Fail', color: 'red' },
  not_tested: { label: 'Not tested yet', color: 'gray' },
};

const RANGES = [
  { value: 'all', label: 'Everything logged' },
  { value: '900000', label: 'Last 15 min' },
  { value: '3600000', label: 'Last hour' },
  { value: '86400000', label: 'Last day' },
];

const iso = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');

function bucketLabel(start: number, bucketMs: number): string {
  const text = new Date(start).toISOString();
  if (bucketMs < 60_000) return text.slice(11, 19);
  if (bucketMs < 86_400_000) return `${text.slice(5, 10)} ${text.slice(11, 16)}`;
  return text.slice(0, 10);
}

/** A failed piece of advice (the reset headers) is told apart from a failed requirement. */
const ADVICE = { label: 'Advice', color: 'orange' };

/** Offending requests shown before "Show all". */
const FIRST_SHOWN = 8;

function RuleCard({ rule }: { rule: RuleVerdict }): React.JSX.Element {
  const { label, color } = rule.verdict === 'fail' && rule.advisory ? ADVICE : VERDICT[rule.verdict];
  const [showAll, setShowAll] = useState(false);
  const shown = showAll ? rule.evidence : rule.evidence.slice(0, FIRST_SHOWN);
  const notKept = rule.offences - rule.evidence.length;
  return (
    <Paper withBorder p="md" data-testid={`verdict-${rule.rule}`} data-verdict={rule.verdict}>
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap">
          <Text fw={700}>
            {rule.title}{' '}
            <Text span c="dimmed" size="xs" ff="monospace">
              {rule.rule}
            </Text>
          </Text>
          <Badge color={color} variant={rule.verdict === 'not_tested' ? 'light' : 'filled'}>
            {label}
          </Badge>
        </Group>
        <Text size="sm">{rule.summary}</Text>
        {rule.evidence.length > 0 && (
          <Table fz="xs" withTableBorder striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Request</Table.Th>
                <Table.Th>Why</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {shown.map((evidence) => (
                <Table.Tr key={evidence.requestId}>
                  <Table.Td ff="monospace" style={{ whiteSpace: 'nowrap' }}>
                    #{evidence.requestId} {iso(evidence.at).slice(11)} {evidence.status}
                  </Table.Td>
                  <Table.Td>{evidence.note}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
        {rule.evidence.length > FIRST_SHOWN && (
          <Group gap="xs">
            <Button size="compact-xs" variant="subtle" onClick={() => setShowAll(!showAll)}>
              {showAll ? `Show the first ${FIRST_SHOWN}` : `Show all ${rule.evidence.length}`}
            </Button>
          </Group>
        )}
        {notKept > 0 && (
          <Text size="xs" c="dimmed">
            {`… and ${notKept} more offending ${notKept === 1 ? 'request' : 'requests'}: the report keeps the first ${rule.evidence.length} of each rule.`}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}

function Timeline({ report }: { report: ComplianceReport }): React.JSX.Element {
  const { bucketMs, buckets, windowKind, windowStarts } = report.timeline;
  const data = buckets.map((bucket) => ({
    at: bucketLabel(bucket.start, bucketMs),
    Accepted: bucket.accepted,
    '429 rate limited': bucket.rateLimited,
    '429 banned': bucket.banned,
    Other: bucket.other,
  }));
  return (
    <Stack gap={4}>
      <Text size="xs" c="dimmed">
        Requests per {bucketMs >= 60_000 ? `${bucketMs / 60_000} min` : `${bucketMs / 1000} s`}
        {windowKind && `; dashed lines: where a ${windowKind} window begins`}.
      </Text>
      <BarChart
        h={260}
        data={data}
        dataKey="at"
        type="stacked"
        series={[
          { name: 'Accepted', color: 'teal.6' },
          { name: '429 rate limited', color: 'orange.6' },
          { name: '429 banned', color: 'red.7' },
          { name: 'Other', color: 'gray.5' },
        ]}
        referenceLines={windowStarts.map((start) => ({
          x: bucketLabel(start, bucketMs),
          color: 'blue.5',
          strokeDasharray: '4 4',
          label: windowKind === 'day' ? 'day' : 'min',
        }))}
        withLegend
        tickLine="y"
        barProps={{ isAnimationActive: false }}
        data-testid="compliance-timeline"
      />
    </Stack>
  );
}

function keyOptions(
  keys: readonly ApiKeyRecord[] | undefined,
  keyId: number | null,
): { value: string; label: string }[] {
  const options = (keys ?? []).map((apiKey) => ({
    value: String(apiKey.id),
    label: `#${apiKey.id} ${apiKey.displayPrefix}${apiKey.label ? ` · ${apiKey.label}` : ''}`,
  }));
  // A key chosen by a scenario before the list has caught up still shows, by its id.
  if (keyId !== null && !options.some((option) => option.value === String(keyId)))
    options.push({ value: String(keyId), label: `#${keyId}` });
  return options;
}

/** Pick a key: the lab reads its logged requests and judges the client. */
export function ComplianceCard({
  keyId,
  onKeyChange,
}: {
  keyId: number | null;
  onKeyChange: (keyId: number | null) => void;
}): React.JSX.Element {
  const keys = useApiKeys();
  const clock = useLabClock();
  const [range, setRange] = useState('all');
  const now = clock.data?.now;
  const from = range === 'all' || now === undefined ? undefined : now - Number(range);
  const report = useComplianceReport(keyId, { from });
  const data = report.data;

  return (
    <Card withBorder padding="lg" data-testid="compliance-card">
      <Stack>
        <Group justify="space-between" wrap="wrap" align="flex-end">
          <div>
            <Title order={2} size="h4">
              Client compliance
            </Title>
            <Text size="sm" c="dimmed">
              From the request log of one key: does its client wait Retry-After, back off when 429s repeat, and stay
              clear of a ban?
            </Text>
          </div>
          <Group wrap="wrap" align="flex-end">
            <Select
              label="Key"
              placeholder="Choose a key"
              searchable
              w={240}
              data={keyOptions(keys.data, keyId)}
              onDropdownOpen={() => void keys.refetch()}
              value={keyId === null ? null : String(keyId)}
              onChange={(value) => onKeyChange(value ? Number(value) : null)}
              data-testid="compliance-key"
            />
            <SegmentedControl data={RANGES} value={range} onChange={setRange} size="xs" />
          </Group>
        </Group>
        {keyId === null && <Text c="dimmed">Choose a key to see its report.</Text>}
        {report.isError && (
          <Alert color="red" variant="light" title={describeFailure(report.error).title}>
            {describeFailure(report.error).message}
          </Alert>
        )}
        {data && keyId !== null && (
          <>
            <Text size="sm" data-testid="compliance-totals">
              {iso(data.from)} to {iso(data.to)} (API clock): <b>{data.totals.requests}</b> requests,{' '}
              {data.totals.accepted} accepted, {data.totals.rateLimited} rate limited, {data.totals.banned} banned;{' '}
              <b>{data.totals.wasted}</b> wasted (sent before Retry-After had passed).
            </Text>
            <SimpleGrid cols={{ base: 1, lg: 3 }}>
              {data.rules.map((rule) => (
                <RuleCard key={rule.rule} rule={rule} />
              ))}
            </SimpleGrid>
            {data.totals.requests > 0 && <Timeline report={data} />}
          </>
        )}
      </Stack>
    </Card>
  );
}
