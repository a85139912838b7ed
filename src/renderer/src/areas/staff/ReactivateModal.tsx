import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import type { StaffMember } from '../../../../shared/staff';
import type { Failure } from '../../client/errors';
import { ROLE_WORDS, useReactivate } from '../../client/staff';
import { DialogFailureAlert } from '../../ui/DialogFailureAlert';
import { staffRefusal } from './staff-words';

/** A member who comes back (a seasonal volunteer): the same login, password and role as when they left. */
export function ReactivateModal({ member, opened, onClose }: { member: StaffMember; opened: boolean; onClose: () => void }): React.JSX.Element {
  const reactivate = useReactivate();
  const [failure, setFailure] = useState<Failure | null>(null);
  const confirm = () => {
    setFailure(null);
    reactivate.mutate({ id: member.id }, { onSuccess: onClose, onError: (error) => setFailure(staffRefusal(error)) });
  };
  return (
    <Modal opened={opened} onClose={onClose} title={`Reactivate ${member.name}?`}>
      <Stack gap="sm" data-testid="reactivate-dialog">
        <Text size="sm">
          {member.name} can log in again as {member.login}, with the password they had, as {ROLE_WORDS[member.role].toLowerCase()}. If they forgot it, set a new one next.
        </Text>
        <DialogFailureAlert failure={failure} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button onClick={confirm} loading={reactivate.isPending} data-autofocus>
            Reactivate
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
