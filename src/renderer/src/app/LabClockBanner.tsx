import { Alert, Anchor, Group, Text } from '@mantine/core';
import { IconClockExclamation } from '@tabler/icons-react';
import { describeOffset } from '../../../shared/lab';
import { useEnvironment } from '../client/EnvironmentProvider';
import { pageHref } from '../ui/navigation';
import { useLabClock, useRefreshOnClockMove } from '../client/lab-clock';

/** On every page while the environment's lab clock is on, so nobody mistakes its times for real ones. */
export function LabClockBanner(): React.JSX.Element | null {
  const environment = useEnvironment();
  const clock = useLabClock();
  useRefreshOnClockMove();
  if (!clock.data?.on) return null;
  const { now, offsetMs } = clock.data;
  return (
    <Alert
      color="orange"
      variant="filled"
      radius={0}
      py={6}
      icon={<IconClockExclamation size={18} />}
      data-testid="lab-clock-banner"
      role="status"
      mb="md"
    >
      <Group gap="xs" wrap="wrap">
        <Text size="sm" fw={700}>
          Lab clock on ({environment}): {new Date(now).toISOString().replace(/\.\d{3}Z$/, 'Z')},{' '}
          {describeOffset(offsetMs)} from real time.
        </Text>
        <Text size="sm">Windows, headers, Retry-After, bans and usage follow it.</Text>
        <Anchor href={pageHref('lab')} size="sm" c="white" underline="always">
          Open the lab
        </Anchor>
      </Group>
    </Alert>
  );
}
