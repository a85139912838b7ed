import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import type { StaffMember } from '../../../../shared/staff';
import type { Failure } from '../../client/errors';
import { useRename } from '../../client/staff';
import { DialogFailureAlert } from '../../ui/DialogFailureAlert';
import { staffNameProblem } from '../../domain/staff/password-rules';
import { staffRefusal } from './staff-words';

/** A name mistyped at the invitation; the login stays, and the audit trail keeps the name each change was made under. */
export function RenameModal({
  member,
  opened,
  onClose,
}: {
  member: StaffMember;
  opened: boolean;
  onClose: () => void;
}): React.JSX.Element {
  const rename = useRename();
  const [failure, setFailure] = useState<Failure | null>(null);
  const form = useForm({
    initialValues: { name: member.name },
    validate: { name: (value) => staffNameProblem(value, 'Their name, as the team knows them') },
  });
  const submit = form.onSubmit((values) => {
    setFailure(null);
    rename.mutate(
      { id: member.id, name: values.name.trim() },
      { onSuccess: onClose, onError: (error) => setFailure(staffRefusal(error)) },
    );
  });
  return (
    <Modal opened={opened} onClose={onClose} title={`Rename ${member.name}`}>
      <form onSubmit={submit} data-testid="rename-form">
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            Their login stays {member.login}. Changes they made before keep the name they had then in the audit trail.
          </Text>
          <TextInput label="Name" maxLength={100} data-autofocus {...form.getInputProps('name')} />
          <DialogFailureAlert failure={failure} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={rename.isPending} disabled={form.values.name.trim() === member.name}>
              Rename
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
