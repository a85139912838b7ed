import {
  Alert,
  Badge,
  Button,
  Card,
  Group,
  NumberInput,
  PasswordInput,
  Progress,
  SegmentedControl,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { IconPlayerPlay, IconPlayerStop } from '@tabler/icons-react';
import {
  SCENARIO_MAX_RATE,
  SCENARIO_MAX_REQUESTS,
  SCENARIO_MAX_SECONDS,
  ScenarioSchema,
  type ScenarioKind,
  type ScenarioProgress,
} from '../../../../shared/lab';
import { refusalMessage } from '../../client/errors';
import { useCancelScenario, useScenarioRuns, useStartScenario } from './queries';

const KINDS: { value: ScenarioKind; label: string; about: string }[] = [
  { value: 'burst', label: 'Burst', about: 'N requests back to back.' },
  { value: 'steady', label: 'Steady', about: 'R requests per second for T seconds (real time).' },
  {
    value: 'ignore-retry-after',
    label: 'Ignore Retry-After',
    about: 'A careless client: N requests back to back, whatever the answers.',
  },
  {
    value: 'honour-retry-after',
    label: 'Honour Retry-After',
    about:
      'A careful client: after a 429 it waits Retry-After (at least 1 s, doubling while 429s repeat). With the lab clock on, it moves the clock instead of waiting.',
  },
];

const STATE_COLOR: Record<ScenarioProgress['state'], string> = {
  running: 'blue',
  finished: 'teal',
  cancelled: 'gray',
  stopped: 'orange',
};

interface ScenarioFields {
  kind: ScenarioKind;
  key: string;
  count: number | string;
  rate: number | string;
  seconds: number | string;
}

/** Scripted traffic against this environment's own server, so the report can be seen both ways. */
export function ScenarioCard({ onStarted }: { onStarted: (run: ScenarioProgress) => void }): React.JSX.Element {
  const runs = useScenarioRuns();
  const start = useStartScenario();
  const cancel = useCancelScenario();
  const form = useForm<ScenarioFields>({
    initialValues: { kind: 'ignore-retry-after', key: '', count: 75, rate: 5, seconds: 10 },
    validate: (values) => {
      const scenario =
        values.kind === 'steady'
          ? { kind: values.kind, key: values.key, rate: values.rate, seconds: values.seconds }
          : { kind: values.kind, key: values.key, count: values.count };
      return zod4Resolver(ScenarioSchema)(scenario as never);
    },
  });
  const kind = form.values.kind;
  const about = KINDS.find((candidate) => candidate.value === kind)?.about;

  const submit = form.onSubmit((values) => {
    const scenario =
      values.kind === 'steady'
        ? { kind: values.kind, key: values.key.trim(), rate: Number(values.rate), seconds: Number(values.seconds) }
        : { kind: values.kind, key: values.key.trim(), count: Number(values.count) };
    start.mutate(scenario, {
      onSuccess: onStarted,
      onError: (error) => {
        const message = refusalMessage(error);
        if (message !== null) form.setFieldError('key', message);
      },
    });
  });

  return (
    <Card withBorder padding="lg" data-testid="scenario-card">
      <Stack gap="sm">
        <Title order={2} size="h4">
          Scenarios
        </Title>
        <Text size="sm" c="dimmed">
          Scripted traffic with a key of this environment, sent to this machine&apos;s own API server only: at most{' '}
          {SCENARIO_MAX_REQUESTS} requests and {SCENARIO_MAX_SECONDS} s per run, and you can cancel it. Then read the
          key&apos;s report below.
        </Text>
        <form onSubmit={submit}>
          <Stack gap="sm">
            <SegmentedControl
              data={KINDS.map(({ value, label }) => ({ value, label }))}
              {...form.getInputProps('kind')}
              data-testid="scenario-kind"
            />
            <Text size="xs" c="dimmed">
              {about}
            </Text>
            <Group align="flex-start" wrap="wrap">
              <PasswordInput
                label="API key"
                description="Paste the key the scenario sends (shown once when issued)"
                w={360}
                {...form.getInputProps('key')}
                data-testid="scenario-key"
              />
              {kind === 'steady' ? (
                <>
                  <NumberInput
                    label="Per second"
                    min={1}
                    max={SCENARIO_MAX_RATE}
                    allowDecimal={false}
                    w={120}
                    {...form.getInputProps('rate')}
                  />
                  <NumberInput
                    label="Seconds"
                    min={1}
                    max={SCENARIO_MAX_SECONDS}
                    allowDecimal={false}
                    w={120}
                    {...form.getInputProps('seconds')}
                  />
                </>
              ) : (
                <NumberInput
                  label="Requests"
                  min={1}
                  max={SCENARIO_MAX_REQUESTS}
                  allowDecimal={false}
                  w={140}
                  {...form.getInputProps('count')}
                  data-testid="scenario-count"
                />
              )}
              <Button
                type="submit"
                mt={24}
                leftSection={<IconPlayerPlay size={16} />}
                loading={start.isPending}
                data-testid="scenario-run"
              >
                Run
              </Button>
            </Group>
          </Stack>
        </form>
        {runs.isError && <Alert color="red">The scenario runs could not be read.</Alert>}
        {(runs.data ?? []).length > 0 && (
          <Table fz="sm" data-testid="scenario-runs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Run</Table.Th>
                <Table.Th>State</Table.Th>
                <Table.Th>Progress</Table.Th>
                <Table.Th>Answers</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {(runs.data ?? []).map((run) => (
                <Table.Tr key={run.id} data-testid="scenario-run-row" data-state={run.state}>
                  <Table.Td>
                    #{run.id} {run.kind}
                  </Table.Td>
                  <Table.Td>
                    <Badge color={STATE_COLOR[run.state]}>{run.state}</Badge>
                    {run.note && (
                      <Text size="xs" c="dimmed">
                        {run.note}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td w={200}>
                    <Text size="xs">
                      {run.sent} / {run.planned}
                      {run.labAdvancedMs > 0 && ` · clock moved ${run.labAdvancedMs / 1000} s`}
                      {run.waitedMs > 0 && ` · waited ${run.waitedMs / 1000} s`}
                    </Text>
                    <Progress value={run.planned ? (100 * run.sent) / run.planned : 0} size="sm" />
                  </Table.Td>
                  <Table.Td>
                    <Text size="xs">
                      {Object.entries(run.counts)
                        .map(([outcome, n]) => `${n} × ${outcome}`)
                        .join(', ') || '—'}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    {run.state === 'running' && (
                      <Button
                        size="xs"
                        variant="light"
                        color="red"
                        leftSection={<IconPlayerStop size={14} />}
                        onClick={() => cancel.mutate(run.id)}
                      >
                        Cancel
                      </Button>
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Stack>
    </Card>
  );
}
