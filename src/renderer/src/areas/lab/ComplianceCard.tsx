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
import { Trans, useTranslation } from 'react-i18next';
import type { ComplianceReport, RuleVerdict, Verdict } from '../../../../shared/compliance';
import type { ApiKeyRecord } from '../../../../shared/models';
import { describeFailure } from '../../client/errors';
import { useApiKeys } from '../../client/api-keys';
import { useLabClock } from '../../client/lab-clock';
import { useComplianceReport } from './queries';
import { useLabWords } from './use-lab-words';

const VERDICT_COLOR: Record<Verdict, string> = { pass: 'teal', fail: 'red', not_tested: 'gray' };

const RANGES = [
  { value: 'all', words: 'all' },
  { value: '900000', words: 'quarter' },
  { value: '3600000', words: 'hour' },
  { value: '86400000', words: 'day' },
] as const;

const iso = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');

function bucketLabel(start: number, bucketMs: number): string {
  const text = new Date(start).toISOString();
  if (bucketMs < 60_000) return text.slice(11, 19);
  if (bucketMs < 86_400_000) return `${text.slice(5, 10)} ${text.slice(11, 16)}`;
  return text.slice(0, 10);
}

/** Offending requests shown before "Show all". */
const FIRST_SHOWN = 8;

function RuleCard({ rule }: { rule: RuleVerdict }): React.JSX.Element {
  const { t } = useTranslation('lab');
  const say = useLabWords();
  // A failed piece of advice (the reset headers) is told apart from a failed requirement.
  const advice = rule.verdict === 'fail' && rule.advisory;
  const label = advice ? t('compliance.verdicts.advice') : t(`compliance.verdicts.${rule.verdict}`);
  const color = advice ? 'orange' : VERDICT_COLOR[rule.verdict];
  const [showAll, setShowAll] = useState(false);
  const shown = showAll ? rule.evidence : rule.evidence.slice(0, FIRST_SHOWN);
  const notKept = rule.offences - rule.evidence.length;
  return (
    <Paper withBorder p="md" data-testid={`verdict-${rule.rule}`} data-verdict={rule.verdict}>
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap">
          <Text fw={700}>
            {t(`compliance.rules.${rule.rule}.title`)}{' '}
            <Text span c="dimmed" size="xs" ff="monospace">
              {rule.rule}
            </Text>
          </Text>
          <Badge color={color} variant={rule.verdict === 'not_tested' ? 'light' : 'filled'}>
            {label}
          </Badge>
        </Group>
        <Text size="sm">{say(rule.summaryWords, rule.summary)}</Text>
        {rule.evidence.length > 0 && (
          <Table fz="xs" withTableBorder striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('compliance.request')}</Table.Th>
                <Table.Th>{t('compliance.why')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {shown.map((evidence) => (
                <Table.Tr key={evidence.requestId}>
                  <Table.Td ff="monospace" style={{ whiteSpace: 'nowrap' }}>
                    #{evidence.requestId} {iso(evidence.at).slice(11)} {evidence.status}
                  </Table.Td>
                  <Table.Td>{say(evidence.noteWords, evidence.note)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
        {rule.evidence.length > FIRST_SHOWN && (
          <Group gap="xs">
            <Button size="compact-xs" variant="subtle" onClick={() => setShowAll(!showAll)}>
              {showAll
                ? t('compliance.showFirst', { count: FIRST_SHOWN })
                : t('compliance.showAll', { count: rule.evidence.length })}
            </Button>
          </Group>
        )}
        {notKept > 0 && (
          <Text size="xs" c="dimmed">
            {t('compliance.notKept', { count: notKept, kept: rule.evidence.length })}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}

function Timeline({ report }: { report: ComplianceReport }): React.JSX.Element {
  const { t } = useTranslation('lab');
  const { bucketMs, buckets, windowKind, windowStarts } = report.timeline;
  const series = {
    accepted: t('compliance.series.accepted'),
    rateLimited: t('compliance.series.rateLimited'),
    banned: t('compliance.series.banned'),
    other: t('compliance.series.other'),
  };
  const data = buckets.map((bucket) => ({
    at: bucketLabel(bucket.start, bucketMs),
    [series.accepted]: bucket.accepted,
    [series.rateLimited]: bucket.rateLimited,
    [series.banned]: bucket.banned,
    [series.other]: bucket.other,
  }));
  return (
    <Stack gap={4}>
      <Text size="xs" c="dimmed">
        {bucketMs >= 60_000
          ? t('compliance.perMinutes', { count: bucketMs / 60_000 })
          : t('compliance.perSeconds', { count: bucketMs / 1000 })}
        {windowKind && t('compliance.windowLines', { window: t(`compliance.windows.${windowKind}`) })}.
      </Text>
      <BarChart
        h={260}
        data={data}
        dataKey="at"
        type="stacked"
        series={[
          { name: series.accepted, color: 'teal.6' },
          { name: series.rateLimited, color: 'orange.6' },
          { name: series.banned, color: 'red.7' },
          { name: series.other, color: 'gray.5' },
        ]}
        referenceLines={windowStarts.map((start) => ({
          x: bucketLabel(start, bucketMs),
          color: 'blue.5',
          strokeDasharray: '4 4',
          label: windowKind === 'day' ? t('compliance.lineDay') : t('compliance.lineMinute'),
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
  const { t } = useTranslation('lab');
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
              {t('compliance.title')}
            </Title>
            <Text size="sm" c="dimmed">
              {t('compliance.about')}
            </Text>
          </div>
          <Group wrap="wrap" align="flex-end">
            <Select
              label={t('compliance.key')}
              placeholder={t('compliance.chooseKey')}
              searchable
              w={240}
              data={keyOptions(keys.data, keyId)}
              onDropdownOpen={() => void keys.refetch()}
              value={keyId === null ? null : String(keyId)}
              onChange={(value) => onKeyChange(value ? Number(value) : null)}
              data-testid="compliance-key"
            />
            <SegmentedControl
              data={RANGES.map(({ value, words }) => ({ value, label: t(`compliance.ranges.${words}`) }))}
              value={range}
              onChange={setRange}
              size="xs"
            />
          </Group>
        </Group>
        {keyId === null && <Text c="dimmed">{t('compliance.noKey')}</Text>}
        {report.isError && (
          <Alert color="red" variant="light" title={describeFailure(report.error).title}>
            {describeFailure(report.error).message}
          </Alert>
        )}
        {data && keyId !== null && (
          <>
            <Text size="sm" data-testid="compliance-totals">
              <Trans
                t={t}
                i18nKey="compliance.totals"
                values={{ from: iso(data.from), to: iso(data.to), ...data.totals }}
                components={[<b key="figure" />]}
              />
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
