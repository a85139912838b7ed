import {
  Alert,
  Badge,
  Button,
  Card,
  Group,
  PasswordInput,
  Progress,
  SegmentedControl,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { windowResolver } from '../../ui/zod-words';
import { IconPlayerPlay, IconPlayerStop } from '@tabler/icons-react';
import {
  SCENARIO_MAX_REQUESTS,
  SCENARIO_MAX_SECONDS,
  ScenarioSchema,
  type ScenarioKind,
  type ScenarioProgress,
} from '../../../../shared/lab';
import { refusalMessage } from '../../client/errors';
import { figureOf, FigureInput } from '../../ui/FigureInput';
import { formatFigure } from '../../ui/format';
import { kindName, useCancelScenario, useScenarioRuns, useStartScenario } from './queries';
import { useLabWords } from './use-lab-words';

const KINDS: readonly ScenarioKind[] = ['burst', 'steady', 'ignore-retry-after', 'honour-retry-after'];

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

/** The scenario the fields describe, as the engine's schema reads it: an emptied figure is not a number. */
function scenarioOf(values: ScenarioFields) {
  return values.kind === 'steady'
    ? { kind: values.kind, key: values.key.trim(), rate: figureOf(values.rate), seconds: figureOf(values.seconds) }
    : { kind: values.kind, key: values.key.trim(), count: figureOf(values.count) };
}

/** Scripted traffic against this environment's own server, so the report can be seen both ways. */
export function ScenarioCard({ onStarted }: { onStarted: (run: ScenarioProgress) => void }): React.JSX.Element {
  const say = useLabWords();
  const { t } = useTranslation('lab');
  const runs = useScenarioRuns();
  const start = useStartScenario();
  const cancel = useCancelScenario();
  const form = useForm<ScenarioFields>({
    initialValues: { kind: 'ignore-retry-after', key: '', count: 75, rate: 5, seconds: 10 },
    validate: (values) => windowResolver(ScenarioSchema)(scenarioOf(values) as never),
  });
  const kind = form.values.kind;

  const submit = form.onSubmit((values) => {
    const scenario = scenarioOf(values);
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
          {t('scenarios.title')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('scenarios.about', { requests: SCENARIO_MAX_REQUESTS, seconds: SCENARIO_MAX_SECONDS })}
        </Text>
        <form onSubmit={submit}>
          <Stack gap="sm">
            <SegmentedControl
              data={KINDS.map((value) => ({ value, label: kindName(value) }))}
              {...form.getInputProps('kind')}
              data-testid="scenario-kind"
            />
            <Text size="xs" c="dimmed">
              {t(`scenarios.kindAbout.${kind}`)}
            </Text>
            <Group align="flex-start" wrap="wrap">
              <PasswordInput
                label={t('scenarios.key')}
                description={t('scenarios.keyHint')}
                w={360}
                {...form.getInputProps('key')}
                data-testid="scenario-key"
              />
              {kind === 'steady' ? (
                <>
                  <FigureInput label={t('scenarios.rate')} w={120} {...form.getInputProps('rate')} />
                  <FigureInput label={t('scenarios.seconds')} w={120} {...form.getInputProps('seconds')} />
                </>
              ) : (
                <FigureInput
                  label={t('scenarios.requests')}
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
                {t('scenarios.run')}
              </Button>
            </Group>
          </Stack>
        </form>
        {runs.isError && <Alert color="red">{t('scenarios.unreadable')}</Alert>}
        {(runs.data ?? []).length > 0 && (
          <Table fz="sm" data-testid="scenario-runs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('scenarios.columns.run')}</Table.Th>
                <Table.Th>{t('scenarios.columns.state')}</Table.Th>
                <Table.Th>{t('scenarios.columns.progress')}</Table.Th>
                <Table.Th>{t('scenarios.columns.answers')}</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {(runs.data ?? []).map((run) => (
                <Table.Tr key={run.id} data-testid="scenario-run-row" data-state={run.state}>
                  <Table.Td>
                    #{run.id} {kindName(run.kind)}
                  </Table.Td>
                  <Table.Td>
                    <Badge color={STATE_COLOR[run.state]}>{t(`scenarios.states.${run.state}`)}</Badge>
                    {run.note && (
                      <Text size="xs" c="dimmed">
                        {say(run.noteWords, run.note)}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td w={200}>
                    <Text size="xs">
                      {run.sent} / {run.planned}
                      {run.labAdvancedMs > 0 &&
                        t('scenarios.clockMoved', { seconds: formatFigure(run.labAdvancedMs / 1000) })}
                      {run.waitedMs > 0 && t('scenarios.waited', { seconds: formatFigure(run.waitedMs / 1000) })}
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
                        {t('scenarios.cancel')}
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
