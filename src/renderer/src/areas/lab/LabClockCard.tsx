import { Badge, Button, Card, Group, Stack, Switch, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconPlayerSkipForward } from '@tabler/icons-react';
import { Trans, useTranslation } from 'react-i18next';
import { readDuration } from '../../../../shared/lab';
import { detailWords } from '../../client/error-words';
import { refusalMessage } from '../../client/errors';
import { useLabClock } from '../../client/lab-clock';
import { offsetWords, useAdvanceClock, useMoveClock } from './queries';

const iso = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');

/** The lab clock's state and the moves staff make instead of waiting for a window or a ban. */
export function LabClockCard(): React.JSX.Element {
  const { t } = useTranslation('lab');
  const clock = useLabClock();
  const move = useMoveClock();
  const advance = useAdvanceClock();
  const form = useForm({
    initialValues: { duration: '15m' },
    validate: {
      duration: (value) => {
        const read = readDuration(value);
        return 'problem' in read ? detailWords(read.problem) : null;
      },
    },
  });
  const state = clock.data;
  const busy = move.isPending || advance.isPending;

  return (
    <Card withBorder padding="lg" data-testid="lab-clock-card">
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap">
          <Title order={2} size="h4">
            {t('clock.title')}
          </Title>
          {state && (
            <Badge
              color={state.on ? 'orange' : 'gray'}
              variant={state.on ? 'filled' : 'light'}
              size="lg"
              data-testid="lab-clock-state"
            >
              {state.on ? t('clock.on', { offset: offsetWords(state.offsetMs) }) : t('clock.off')}
            </Badge>
          )}
        </Group>
        <Text size="sm" c="dimmed">
          {t('clock.about')}
        </Text>
        {state && (
          <Text size="sm" data-testid="lab-clock-now">
            <Trans t={t} i18nKey="clock.apiTime" values={{ now: iso(state.now) }} components={[<b key="now" />]} />
            {state.on && t('clock.realTime', { now: iso(state.realNow) })}
          </Text>
        )}
        <Switch
          label={t('clock.switch')}
          checked={state?.on ?? false}
          disabled={!state || busy}
          onChange={(event) => move.mutate(event.currentTarget.checked ? 'on' : 'reset')}
          data-testid="lab-clock-switch"
        />
        <form
          onSubmit={form.onSubmit(({ duration }) =>
            advance.mutate(duration.trim(), {
              onError: (error) => {
                const message = refusalMessage(error);
                if (message !== null) form.setFieldError('duration', message);
              },
            }),
          )}
        >
          <Group align="flex-end" wrap="wrap">
            <TextInput
              label={t('clock.advanceBy')}
              description={t('clock.advanceHint')}
              w={200}
              {...form.getInputProps('duration')}
              data-testid="lab-clock-duration"
            />
            <Button
              type="submit"
              variant="light"
              loading={advance.isPending}
              disabled={busy}
              leftSection={<IconPlayerSkipForward size={16} />}
            >
              {t('clock.advance')}
            </Button>
            <Button
              variant="default"
              disabled={busy}
              onClick={() => move.mutate('next-minute')}
              data-testid="lab-next-minute"
            >
              {t('clock.nextMinute')}
            </Button>
            <Button
              variant="default"
              disabled={busy}
              onClick={() => move.mutate('next-day')}
              data-testid="lab-next-day"
            >
              {t('clock.nextDay')}
            </Button>
            <Button
              variant="subtle"
              color="red"
              disabled={busy || !state?.on}
              onClick={() => move.mutate('reset')}
              data-testid="lab-clock-reset"
            >
              {t('clock.reset')}
            </Button>
          </Group>
        </form>
      </Stack>
    </Card>
  );
}
