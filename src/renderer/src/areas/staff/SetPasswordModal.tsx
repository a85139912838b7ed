import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { StaffMember } from '../../../../shared/staff';
import type { Failure } from '../../client/errors';
import { useSetPassword } from '../../client/staff';
import { DialogFailureAlert } from '../../ui/DialogFailureAlert';
import { NEW_PASSWORD_VALIDATION, NewPasswordFields } from '../../domain/staff/NewPasswordFields';
import { staffRefusal } from './staff-words';

/** A member forgot their password: an owner sets a new one, which ends every session of theirs. */
export function SetPasswordModal({
  member,
  opened,
  onClose,
}: {
  member: StaffMember;
  opened: boolean;
  onClose: () => void;
}): React.JSX.Element {
  const { t } = useTranslation('staff');
  const setPassword = useSetPassword();
  const [failure, setFailure] = useState<Failure | null>(null);
  const form = useForm({
    initialValues: { password: '', repeated: '' },
    validate: NEW_PASSWORD_VALIDATION,
  });
  const submit = form.onSubmit((values) => {
    setFailure(null);
    setPassword.mutate(
      { id: member.id, password: values.password },
      { onSuccess: onClose, onError: (error) => setFailure(staffRefusal(error)) },
    );
  });
  return (
    <Modal opened={opened} onClose={onClose} title={t('dialogs.passwordTitle', { name: member.name })}>
      <form onSubmit={submit} data-testid="set-password-form">
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            {t('dialogs.passwordBody', { name: member.name, login: member.login })}
          </Text>
          <NewPasswordFields form={form} autoFocus />
          <DialogFailureAlert failure={failure} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('dialogs.cancel')}
            </Button>
            <Button type="submit" loading={setPassword.isPending}>
              {t('dialogs.setPassword')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
