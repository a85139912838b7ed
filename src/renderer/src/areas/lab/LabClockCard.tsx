import { Badge, Button, Card, Group, Stack, Switch, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconPlayerSkipForward } from '@tabler/icons-react';
import { describeOffset, parseDuration } from '../../../../shared/lab';
import { refusalMessage } from '../../client/errors';
import { useLabClock } from '../../client/lab-clock';
import { useAdvanceClock, useMoveClock } from './queries';

const iso = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');

/** The lab clock's state and the moves staff make instead of waiting for a window or a ban. */
export function LabClockCard(): React.JSX.Element {
  const clock = useLabClock();
  const move = useMoveClock();
  const advance = useAdvanceClock();
  const form = useForm({
    initialValues: { duration: '15m' },
    validate: {
      duration: (value) => {
        const parsed = parseDuration(value);
        return 'error' in parsed ? parsed.error : null;
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
            Lab clock
          </Title>
          {state && (
            <Badge
              color={state.on ? 'orange' : 'gray'}
              variant={state.on ? 'filled' : 'light'}
              size="lg"
              data-testid="lab-clock-state"
            >
              {state.on ? `On · ${describeOffset(state.offsetMs)}` : 'Off · real time'}
            </Badge>
          )}
        </Group>
        <Text size="sm" c="dimmed">
          Move this environment&apos;s time instead of waiting: every window, rate-limit header, Retry-After, ban and
          usage figure follows it, in the API server and in the CLI (they share it through the database). Turned on, it
          starts at the current time and keeps running.
        </Text>
        {state && (
          <Text size="sm" data-testid="lab-clock-now">
            The API&apos;s time: <b>{iso(state.now)}</b>
            {state.on && <> · real time {iso(state.realNow)}</>}
          </Text>
        )}
        <Switch
          label="Lab clock on"
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
              label="Advance by"
              description="90s, 15m, 2h, 1d or 1h30m"
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
              Advance
            </Button>
            <Button
              variant="default"
              disabled={busy}
              onClick={() => move.mutate('next-minute')}
              data-testid="lab-next-minute"
            >
              Next minute window
            </Button>
            <Button
              variant="default"
              disabled={busy}
              onClick={() => move.mutate('next-day')}
              data-testid="lab-next-day"
            >
              Next day window
            </Button>
            <Button
              variant="subtle"
              color="red"
              disabled={busy || !state?.on}
              onClick={() => move.mutate('reset')}
              data-testid="lab-clock-reset"
            >
              Back to real time
            </Button>
          </Group>
        </form>
      </Stack>
    </Card>
  );
}
