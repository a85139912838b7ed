import { Badge, Button, Group, Modal, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { IconMailOff } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PendingInvite } from '../../../../shared/staff';
import type { Failure } from '../../client/errors';
import { roleWord, useInvitations, useRevokeInvite } from '../../client/staff';
import { DialogFailureAlert } from '../../ui/DialogFailureAlert';
import { useDialog } from '../../ui/dialog';
import { formatMoment } from '../../ui/format';
import { LoadFailure } from '../../ui/LoadStates';
import { RowAction } from '../../ui/RowAction';
import { TruncatedText } from '../../ui/TruncatedText';
import { staffRefusal } from './staff-words';

/** The invitations waiting for their member: who made each, its role, when it expires; an owner may revoke one. */
export function InvitationsCard({ mayRevoke }: { mayRevoke: boolean }): React.JSX.Element | null {
  const { t } = useTranslation('staff');
  const invitations = useInvitations(true);
  const revoke = useDialog<PendingInvite>();
  if (invitations.isError && !invitations.data)
    return <LoadFailure error={invitations.error} onRetry={() => void invitations.refetch()} />;
  const pending = invitations.data ?? [];
  if (pending.length === 0) return null;
  return (
    <Paper withBorder radius="md" p="md" data-testid="invitations-card">
      <Stack gap="xs">
        <Title order={4}>{t('invitations.title')}</Title>
        <Text size="sm" c="dimmed">
          {t('invitations.about')}
        </Text>
        <Table verticalSpacing="xs" data-testid="invitations-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('invitations.columns.name')}</Table.Th>
              <Table.Th>{t('invitations.columns.role')}</Table.Th>
              <Table.Th>{t('invitations.columns.invitedBy')}</Table.Th>
              <Table.Th>{t('invitations.columns.expires')}</Table.Th>
              <Table.Th>{t('invitations.columns.actions')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {pending.map((invite) => (
              <Table.Tr key={invite.id} data-testid={`invitation-row-${invite.id}`}>
                <Table.Td fw={500}>
                  <TruncatedText text={invite.name} maw={220} />
                </Table.Td>
                <Table.Td>
                  <Badge variant="light">{roleWord(invite.role)}</Badge>
                </Table.Td>
                <Table.Td>{invite.invitedBy?.name ?? t('invitations.desk')}</Table.Td>
                <Table.Td c="dimmed">{formatMoment(invite.expiresAt)}</Table.Td>
                <Table.Td>
                  {mayRevoke && (
                    <RowAction
                      tooltip={t('invitations.revoke')}
                      label={t('invitations.revokeFor', { name: invite.name })}
                      icon={<IconMailOff size={16} />}
                      onClick={() => revoke.open(invite)}
                      danger
                    />
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Stack>
      {revoke.subject && (
        <RevokeInviteModal
          key={revoke.subject.id}
          invite={revoke.subject}
          opened={revoke.opened}
          onClose={revoke.close}
        />
      )}
    </Paper>
  );
}

/** One confirmation before the code stops working; the engine's refusal stays in the dialog. */
function RevokeInviteModal({
  invite,
  opened,
  onClose,
}: {
  invite: PendingInvite;
  opened: boolean;
  onClose: () => void;
}): React.JSX.Element {
  const { t } = useTranslation('staff');
  const revoke = useRevokeInvite();
  const [failure, setFailure] = useState<Failure | null>(null);
  const confirm = () => {
    setFailure(null);
    revoke.mutate({ id: invite.id }, { onSuccess: onClose, onError: (error) => setFailure(staffRefusal(error)) });
  };
  return (
    <Modal opened={opened} onClose={onClose} title={t('invitations.askRevoke', { name: invite.name })}>
      <Stack gap="sm" data-testid="revoke-invite-dialog">
        <Text size="sm">{t('invitations.revokeBody', { name: invite.name })}</Text>
        <DialogFailureAlert failure={failure} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('invitations.keep')}
          </Button>
          <Button color="red" onClick={confirm} loading={revoke.isPending}>
            {t('invitations.revoke')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
