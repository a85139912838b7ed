import { Alert, List, Text } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { StaffLockout } from '../../../../shared/staff';
import { useLockouts } from '../../client/staff';
import { formatMoment } from '../../ui/format';

function kindWords(lockout: StaffLockout, t: TFunction<'staff'>): string {
  const subject = lockout.subject ?? '';
  const address = lockout.address ?? '';
  switch (lockout.kind) {
    case 'login':
      return address ? t('lockouts.login', { subject, address }) : t('lockouts.loginAnywhere', { subject });
    case 'address':
      return t('lockouts.address', { address });
    case 'password':
      return t('lockouts.password', { subject });
    case 'invitation':
      return t('lockouts.invitation', { subject });
  }
}

/** The brakes refusing attempts now, so an owner sees who is being guessed at (a member held from where they held a session is let in anyway). */
export function LockoutsCard(): React.JSX.Element | null {
  const { t } = useTranslation('staff');
  const lockouts = useLockouts(true);
  const now = lockouts.data ?? [];
  if (now.length === 0) return null;
  return (
    <Alert
      variant="light"
      color="orange"
      icon={<IconLock size={18} />}
      title={t('lockouts.title')}
      data-testid="lockouts-card"
    >
      <List size="sm" spacing={2}>
        {now.map((lockout) => (
          <List.Item key={`${lockout.kind}-${lockout.subject ?? ''}-${lockout.address ?? ''}`} data-testid="lockout">
            {t('lockouts.until', { what: kindWords(lockout, t), until: formatMoment(lockout.until) })}
          </List.Item>
        ))}
      </List>
      <Text size="xs" c="dimmed" mt="xs">
        {t('lockouts.note')}
      </Text>
    </Alert>
  );
}
