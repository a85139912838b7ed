import { Button, Group, Modal, PasswordInput, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Failure } from '../../client/errors';
import { TEAM_KEY, useChangePassword } from '../../client/staff';
import { TOAST_MS } from '../../client/notify';
import { DialogFailureAlert } from '../../ui/DialogFailureAlert';
import { passwordChangeRefusal } from './login-words';
import { NEW_PASSWORD_VALIDATION, NewPasswordFields } from '../../domain/staff/NewPasswordFields';

/** One's own password: the current one first; every session ends with it, so the window asks to log in again. */
export function ChangePasswordModal({ opened, onClose }: { opened: boolean; onClose: () => void }): React.JSX.Element {
  const { t } = useTranslation(['login', 'common']);
  const change = useChangePassword();
  const queryClient = useQueryClient();
  const [failure, setFailure] = useState<Failure | null>(null);
  const form = useForm({
    initialValues: { current: '', password: '', repeated: '' },
    validate: {
      current: (value) => (value ? null : t('change.yourCurrent')),
      ...NEW_PASSWORD_VALIDATION,
    },
  });
  const close = () => {
    form.reset();
    setFailure(null);
    onClose();
  };
  const submit = form.onSubmit((values) => {
    setFailure(null);
    change.mutate(
      { current: values.current, password: values.password },
      {
        onSuccess: () => {
          close();
          notifications.show({
            color: 'teal',
            message: t('change.done'),
            autoClose: TOAST_MS.problem,
          });
          void queryClient.invalidateQueries({ queryKey: TEAM_KEY });
        },
        onError: (error) => {
          form.setValues({ current: '', password: '', repeated: '' });
          setFailure(passwordChangeRefusal(error));
        },
      },
    );
  });
  return (
    <Modal opened={opened} onClose={close} title={t('change.title')}>
      <form onSubmit={submit} data-testid="change-password-form">
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            {t('change.intro')}
          </Text>
          <PasswordInput
            label={t('change.current')}
            autoComplete="current-password"
            data-autofocus
            {...form.getInputProps('current')}
          />
          <NewPasswordFields form={form} />
          <DialogFailureAlert failure={failure} />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {t('common:cancel')}
            </Button>
            <Button type="submit" loading={change.isPending}>
              {t('change.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
