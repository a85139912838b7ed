import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import type { StaffMember } from '../../../../shared/staff';
import type { Failure } from '../../client/errors';
import { useDeactivate } from '../../client/staff';
import { DialogFailureAlert } from '../../ui/DialogFailureAlert';
import { staffRefusal } from './staff-words';

/** Ends a member's access at once (every session of theirs); what they recorded stays, with their name. */
export function DeactivateModal({ member, opened, onClose }: { member: StaffMember; opened: boolean; onClose: () => void }): React.JSX.Element {
  const deactivate = useDeactivate();
  const [failure, setFailure] = useState<Failure | null>(null);
  const confirm = () => {
    setFailure(null);
    deactivate.mutate({ id: member.id }, { onSuccess: onClose, onError: (error) => setFailure(staffRefusal(error)) });
  };
  return (
    <Modal opened={opened} onClose={onClose} title={`Deactivate ${member.name}?`}>
      <Stack gap="sm" data-testid="deactivate-dialog">
        <Text size="sm">
          {member.name} ({member.login}) is logged out on every desk at once and can no longer log in. What they recorded stays, under their name.
        </Text>
        <DialogFailureAlert failure={failure} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Keep
          </Button>
          <Button color="red" onClick={confirm} loading={deactivate.isPending}>
            Deactivate
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
