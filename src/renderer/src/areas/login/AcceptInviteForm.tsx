import { Button, Group, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
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
  const accept = useAcceptInvite();
  const [failure, setFailure] = useState<Failure | null>(null);
  const form = useForm({
    initialValues: { code: '', login: '', password: '', repeated: '' },
    validate: {
      code: (value) => (value.trim().length >= 8 ? null : 'The code looks like XXXX-XXXX-XXXX-XXXX'),
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
          label="Invitation code"
          placeholder="XXXX-XXXX-XXXX-XXXX"
          autoComplete="off"
          autoFocus
          {...form.getInputProps('code')}
        />
        <TextInput
          label="Your login"
          description="Letters, digits, dot, dash, underscore"
          autoComplete="username"
          {...form.getInputProps('login')}
        />
        <NewPasswordFields form={form} label="Your password" />
        <DialogFailureAlert failure={failure} />
        <Group justify="space-between">
          <Button variant="default" onClick={onCancel}>
            Back to the login
          </Button>
          <Button type="submit" loading={accept.isPending}>
            Join the team
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
