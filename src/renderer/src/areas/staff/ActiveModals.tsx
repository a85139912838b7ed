import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { StaffMember } from '../../../../shared/staff';
import type { Failure } from '../../client/errors';
import { roleWord, useDeactivate, useReactivate } from '../../client/staff';
import { DialogFailureAlert } from '../../ui/DialogFailureAlert';
import { staffRefusal } from './staff-words';

interface MemberDialog {
  member: StaffMember;
  opened: boolean;
  onClose: () => void;
}

/** A member's access turned off or on, after one confirmation; the engine's refusal stays in the dialog. */
function ConfirmAccessModal({
  member,
  opened,
  onClose,
  turnOn,
}: MemberDialog & { turnOn: boolean }): React.JSX.Element {
  const { t } = useTranslation('staff');
  const deactivate = useDeactivate();
  const reactivate = useReactivate();
  const action = turnOn ? reactivate : deactivate;
  const [failure, setFailure] = useState<Failure | null>(null);
  const confirm = () => {
    setFailure(null);
    action.mutate({ id: member.id }, { onSuccess: onClose, onError: (error) => setFailure(staffRefusal(error)) });
  };
  const verb = turnOn ? t('dialogs.reactivate') : t('dialogs.deactivate');
  const words = { name: member.name, login: member.login, role: roleWord(member.role).toLowerCase() };
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={turnOn ? t('dialogs.askReactivate', words) : t('dialogs.askDeactivate', words)}
    >
      <Stack gap="sm" data-testid={turnOn ? 'reactivate-dialog' : 'deactivate-dialog'}>
        <Text size="sm">{turnOn ? t('dialogs.reactivateBody', words) : t('dialogs.deactivateBody', words)}</Text>
        <DialogFailureAlert failure={failure} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {turnOn ? t('dialogs.cancel') : t('dialogs.keep')}
          </Button>
          <Button
            color={turnOn ? undefined : 'red'}
            onClick={confirm}
            loading={action.isPending}
            data-autofocus={turnOn || undefined}
          >
            {verb}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** Ends a member's access at once (every session of theirs); what they recorded stays, with their name. */
export const DeactivateModal = (props: MemberDialog) => <ConfirmAccessModal {...props} turnOn={false} />;

/** A member who comes back (a seasonal volunteer): the same login, password and role as when they left. */
export const ReactivateModal = (props: MemberDialog) => <ConfirmAccessModal {...props} turnOn />;
