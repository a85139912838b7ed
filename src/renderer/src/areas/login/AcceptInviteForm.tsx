import { Button, Group, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Failure } from '../../client/errors';
import { useAcceptInvite } from '../../client/staff';
import { DialogFailureAlert } from '../../ui/DialogFailureAlert';
import { inviteRefusal } from './login-words';
import { NEW_PASSWORD_VALIDATION, NewPasswordFields } from '../../domain/staff/NewPasswordFields';
import { loginProblem } from '../../domain/staff/password-rules';

/** The invitation code, a login of one's own and a password typed twice; then back to the login with it. */
export function AcceptInviteForm({
  onJoined,
  onCancel,
}: {
  onJoined: (login: string) => void;
  onCancel: () => void;
}): React.JSX.Element {
  const { t } = useTranslation('login');
  const accept = useAcceptInvite();
  const [failure, setFailure] = useState<Failure | null>(null);
  const form = useForm({
    initialValues: { code: '', login: '', password: '', repeated: '' },
    validate: {
      code: (value) => (value.trim().length >= 8 ? null : t('codeShape')),
      login: loginProblem,
      ...NEW_PASSWORD_VALIDATION,
    },
  });
  const submit = form.onSubmit((values) => {
    setFailure(null);
    accept.mutate(
      { code: values.code.trim(), login: values.login.trim(), password: values.password },
      {
        onSuccess: (member) => onJoined(member.login),
        onError: (error) => {
          form.setValues({ password: '', repeated: '' });
          setFailure(inviteRefusal(error));
        },
      },
    );
  });
  return (
    <form onSubmit={submit} data-testid="accept-invite-form">
      <Stack gap="sm">
        <TextInput
          label={t('code')}
          placeholder="XXXX-XXXX-XXXX-XXXX"
          autoComplete="off"
          autoFocus
          {...form.getInputProps('code')}
        />
        <TextInput
          label={t('yourLogin')}
          description={t('loginHint')}
          autoComplete="username"
          {...form.getInputProps('login')}
        />
        <NewPasswordFields form={form} own />
        <DialogFailureAlert failure={failure} />
        <Group justify="space-between">
          <Button variant="default" onClick={onCancel}>
            {t('back')}
          </Button>
          <Button type="submit" loading={accept.isPending}>
            {t('join')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
