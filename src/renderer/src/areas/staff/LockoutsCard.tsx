import { Alert, List, Text } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import type { StaffLockout } from '../../../../shared/staff';
import { useLockouts } from '../../client/staff';
import { formatMoment } from '../../ui/format';

const KIND_WORDS: Record<StaffLockout['kind'], (lockout: StaffLockout) => string> = {
  login: ({ subject, address }) =>
    address ? `Logging in as ${subject} from ${address}` : `Logging in as ${subject} from anywhere new`,
  address: ({ address }) => `Every login, password and invitation code from ${address}`,
  password: ({ subject }) => `Changing the password of ${subject}`,
  invitation: ({ subject }) => `Accepting invitation ${subject}`,
};

/** The brakes refusing attempts now, so an owner sees who is being guessed at (a member held from where they held a session is let in anyway). */
export function LockoutsCard(): React.JSX.Element | null {
  const lockouts = useLockouts(true);
  const now = lockouts.data ?? [];
  if (now.length === 0) return null;
  return (
    <Alert
      variant="light"
      color="orange"
      icon={<IconLock size={18} />}
      title="Locked out after too many wrong attempts"
      data-testid="lockouts-card"
    >
      <List size="sm" spacing={2}>
        {now.map((lockout) => (
          <List.Item key={`${lockout.kind}-${lockout.subject ?? ''}-${lockout.address ?? ''}`} data-testid="lockout">
            {KIND_WORDS[lockout.kind](lockout)}: refused until {formatMoment(lockout.until)}.
          </List.Item>
        ))}
      </List>
      <Text size="xs" c="dimmed" mt="xs">
        A member still gets in from where they held a session in the last 30 days. Someone you do not know guessing:
        check who can reach the shelter server.
      </Text>
    </Alert>
  );
}
