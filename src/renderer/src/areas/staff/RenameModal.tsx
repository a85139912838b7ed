import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
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
  const { t } = useTranslation('staff');
  const rename = useRename();
  const [failure, setFailure] = useState<Failure | null>(null);
  const form = useForm({
    initialValues: { name: member.name },
    validate: { name: (value) => staffNameProblem(value, t('dialogs.theirName')) },
  });
  const submit = form.onSubmit((values) => {
    setFailure(null);
    rename.mutate(
      { id: member.id, name: values.name.trim() },
      { onSuccess: onClose, onError: (error) => setFailure(staffRefusal(error)) },
    );
  });
  return (
    <Modal opened={opened} onClose={onClose} title={t('dialogs.renameTitle', { name: member.name })}>
      <form onSubmit={submit} data-testid="rename-form">
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            {t('dialogs.loginStays', { login: member.login })}
          </Text>
          <TextInput label={t('dialogs.name')} maxLength={100} data-autofocus {...form.getInputProps('name')} />
          <DialogFailureAlert failure={failure} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('dialogs.cancel')}
            </Button>
            <Button type="submit" loading={rename.isPending} disabled={form.values.name.trim() === member.name}>
              {t('dialogs.rename')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
