import { Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconBan, IconRefresh } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { OverviewRow } from '../../../../shared/admin-contract';
import { formatClock } from '../../ui/format';
import { useLiftBan, useResetUsage } from './queries';
import { PlanBadge } from '../../domain/plans/PlanBadge';
import { WindowGauge } from './WindowGauge';

export function UsageCard({
  row,
  keyName,
}: {
  row: OverviewRow;
  keyName: (keyId: number) => string;
}): React.JSX.Element {
  const { t } = useTranslation('usage');
  const { account, usage } = row;
  const resetUsage = useResetUsage();
  const liftBan = useLiftBan();

  const confirmReset = () =>
    modals.openConfirmModal({
      title: t('card.resetTitle', { name: account.name }),
      children: <Text size="sm">{t('card.resetText')}</Text>,
      labels: { confirm: t('card.reset'), cancel: t('card.cancel') },
      onConfirm: () => resetUsage.mutate({ accountId: account.id, name: account.name }),
    });

  return (
    <Card withBorder radius="md" padding="md" data-testid={`usage-card-${account.id}`}>
      <Group justify="space-between" mb="sm" wrap="nowrap">
        <Group gap="xs" wrap="nowrap" miw={0}>
          <Title order={2} size="h4" lineClamp={1} title={account.name}>
            {account.name}
          </Title>
          <PlanBadge planId={account.planId} />
        </Group>
        <Button
          size="xs"
          variant="default"
          leftSection={<IconRefresh size={14} />}
          aria-label={t('card.resetNamed', { name: account.name })}
          loading={resetUsage.isPending}
          onClick={confirmReset}
        >
          {t('card.reset')}
        </Button>
      </Group>
      <Stack gap="md">
        <WindowGauge window={usage.minute} accountName={account.name} />
        <WindowGauge window={usage.day} accountName={account.name} />
        <Group gap="xs">
          <Badge variant="light" color={usage.bansToday > 0 ? 'orange' : 'gray'} data-testid="bans-today">
            {t('card.bansToday', { count: usage.bansToday })}
          </Badge>
          {usage.activeBans.length > 0 && (
            <Badge variant="filled" color="red" leftSection={<IconBan size={12} />}>
              {t('card.bannedNow', { count: usage.activeBans.length })}
            </Badge>
          )}
        </Group>
        {usage.activeBans.map((ban) => (
          <Group key={ban.id} justify="space-between" wrap="nowrap" data-testid={`ban-${ban.keyId}`}>
            <Text size="sm">
              <Text span ff="monospace">
                {keyName(ban.keyId)}
              </Text>{' '}
              {t('card.bannedUntil', { time: formatClock(ban.until) })}
            </Text>
            <Button
              size="xs"
              color="red"
              variant="light"
              aria-label={t('card.liftBanOn', { key: keyName(ban.keyId) })}
              loading={liftBan.isPending}
              onClick={() => liftBan.mutate({ keyId: ban.keyId, keyName: keyName(ban.keyId) })}
            >
              {t('card.liftBan')}
            </Button>
          </Group>
        ))}
      </Stack>
    </Card>
  );
}
