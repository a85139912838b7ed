import { Alert, Anchor, Group, Text } from '@mantine/core';
import { IconClockExclamation } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { describeOffset } from '../../../shared/lab';
import { useEnvironment } from '../client/EnvironmentProvider';
import { pageHref } from '../ui/navigation';
import { useLabClock, useRefreshOnClockMove } from '../client/lab-clock';

/** On every page while the environment's lab clock is on, so nobody mistakes its times for real ones. */
export function LabClockBanner(): React.JSX.Element | null {
  const { t } = useTranslation();
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
          {t(offsetMs === 0 ? 'labClock.noOffset' : 'labClock.on', {
            environment: t(`labClock.where.${environment}`),
            now: new Date(now).toISOString().replace(/\.\d{3}Z$/, 'Z'),
            offset: describeOffset(offsetMs),
          })}
        </Text>
        <Text size="sm">{t('labClock.follows')}</Text>
        <Anchor href={pageHref('lab')} size="sm" c="white" underline="always">
          {t('labClock.open')}
        </Anchor>
      </Group>
    </Alert>
  );
}
