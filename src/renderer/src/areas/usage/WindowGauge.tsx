import { Group, Progress, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { UsageReport } from '../../../../shared/models';
import { remainingIn } from '../../../../shared/quota';
import { formatClock, formatFigure, formatMoment } from '../../ui/format';

type WindowReport = UsageReport['minute'];

function colorOf(share: number): string {
  if (share >= 1) return 'red';
  if (share >= 0.8) return 'orange';
  return 'teal';
}

/** One quota window: how much is used, what is left, when it resets and how many requests it turned away. */
export function WindowGauge({ window, accountName }: { window: WindowReport; accountName: string }): React.JSX.Element {
  const { t } = useTranslation('usage');
  const share = window.limit > 0 ? window.used / window.limit : 1;
  const title = window.kind === 'minute' ? t('gauge.minute') : t('gauge.day');
  const resets = window.kind === 'minute' ? formatClock(window.resetAt) : formatMoment(window.resetAt);
  return (
    <Stack gap={4} data-testid={`usage-${window.kind}`}>
      <Group justify="space-between" gap="xs">
        <Text size="sm" fw={500}>
          {title}
        </Text>
        <Text size="sm" ff="monospace" data-testid={`usage-${window.kind}-used`}>
          {formatFigure(window.used)} / {formatFigure(window.limit)}
        </Text>
      </Group>
      <Progress
        value={Math.min(100, share * 100)}
        color={colorOf(share)}
        size="lg"
        transitionDuration={300}
        aria-label={
          window.kind === 'minute'
            ? t('gauge.minuteUsage', { name: accountName })
            : t('gauge.dayUsage', { name: accountName })
        }
      />
      <Group justify="space-between" gap="xs">
        <Text size="xs" c="dimmed">
          {t('gauge.left', { left: formatFigure(remainingIn(window)), resets })}
        </Text>
        <Text
          size="xs"
          c={window.rejected > 0 ? 'red' : 'dimmed'}
          fw={window.rejected > 0 ? 600 : undefined}
          data-testid={`usage-${window.kind}-rejected`}
        >
          {formatFigure(window.rejected)} × 429
        </Text>
      </Group>
    </Stack>
  );
}
