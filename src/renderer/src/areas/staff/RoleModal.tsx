import { Button, Group, Modal, Select, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { StaffMember, StaffRole } from '../../../../shared/staff';
import type { Failure } from '../../client/errors';
import { roleWord, useSetRole } from '../../client/staff';
import { DialogFailureAlert } from '../../ui/DialogFailureAlert';
import { roleChoices, staffRefusal } from './staff-words';

/** A member's new role; it counts from their next click. The last owner's refusal stays in the dialog. */
export function RoleModal({
  member,
  opened,
  onClose,
}: {
  member: StaffMember;
  opened: boolean;
  onClose: () => void;
}): React.JSX.Element {
  const { t } = useTranslation('staff');
  const setRole = useSetRole();
  const [role, setChosen] = useState<StaffRole>(member.role);
  const [failure, setFailure] = useState<Failure | null>(null);
  const save = () => {
    setFailure(null);
    setRole.mutate(
      { id: member.id, role },
      { onSuccess: onClose, onError: (error) => setFailure(staffRefusal(error)) },
    );
  };
  return (
    <Modal opened={opened} onClose={onClose} title={t('dialogs.roleTitle', { name: member.name })} size="lg">
      <Stack gap="sm" data-testid="role-dialog">
        <Text size="sm">{t('dialogs.roleNow', { role: roleWord(member.role), name: member.name })}</Text>
        <Select
          label={t('dialogs.role')}
          data={roleChoices()}
          value={role}
          onChange={(value) => value && setChosen(value as StaffRole)}
          allowDeselect={false}
          data-autofocus
        />
        <DialogFailureAlert failure={failure} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('dialogs.cancel')}
          </Button>
          <Button onClick={save} loading={setRole.isPending} disabled={role === member.role}>
            {t('dialogs.changeRole')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
