import { Anchor, Button, Center, Paper, PasswordInput, Stack, Text, TextInput, ThemeIcon, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconPaw } from '@tabler/icons-react';
import { useState } from 'react';
import type { Failure } from '../../client/errors';
import { useLogin, useTeam } from '../../client/staff';
import { DialogFailureAlert } from '../../ui/DialogFailureAlert';
import { AcceptInviteForm } from './AcceptInviteForm';
import { loginRefusal, TEAM_MODE_OFF } from './login-words';

/** Team mode, nobody logged in yet: a login, or accepting an invitation. */
export function LoginPage(): React.JSX.Element {
  const [inviting, setInviting] = useState(false);
  // Filled in after an invitation is accepted, so the new member only types their password.
  const [newLogin, setNewLogin] = useState('');
  return (
    <Center mih="100vh" p="lg" component="main">
      <Paper
        withBorder
        shadow="sm"
        p="xl"
        w={420}
        maw="100%"
        data-testid={inviting ? 'accept-invite-page' : 'login-page'}
      >
        <Stack gap="md">
          <Stack gap={6} align="center" ta="center">
            <ThemeIcon size={48} radius="xl" variant="light" aria-hidden>
              <IconPaw size={26} />
            </ThemeIcon>
            <Title order={1} size="h2">
              {inviting ? 'Join the team' : 'Log in to Adoption Desk'}
            </Title>
            <Text size="sm" c="dimmed">
              {inviting
                ? 'Type the invitation code an owner gave you, then choose your login and password.'
                : 'This shelter works as a team: each member has their own login.'}
            </Text>
          </Stack>
          {inviting ? (
            <AcceptInviteForm
              onJoined={(login) => {
                setNewLogin(login);
                setInviting(false);
              }}
              onCancel={() => setInviting(false)}
            />
          ) : (
            <LoginForm
              key={newLogin}
              initialLogin={newLogin}
              joined={newLogin !== ''}
              onInvite={() => setInviting(true)}
            />
          )}
        </Stack>
      </Paper>
    </Center>
  );
}

function LoginForm({
  initialLogin,
  joined,
  onInvite,
}: {
  initialLogin: string;
  joined: boolean;
  onInvite: () => void;
}): React.JSX.Element {
  const login = useLogin();
  const off = useTeam().data?.teamMode === false;
  const [failure, setFailure] = useState<Failure | null>(null);
  const form = useForm({
    initialValues: { login: initialLogin, password: '' },
    validate: {
      login: (value) => (value.trim() ? null : 'Your login'),
      password: (value) => (value ? null : 'Your password'),
    },
  });
  const submit = form.onSubmit((values) => {
    setFailure(null);
    login.mutate(
      { login: values.login.trim(), password: values.password },
      {
        onError: (error) => {
          // A failed password never stays in the page; the login does, to try again.
          form.setFieldValue('password', '');
          setFailure(loginRefusal(error));
        },
      },
    );
  });
  return (
    <form onSubmit={submit} data-testid="login-form">
      <Stack gap="sm">
        {joined && (
          <Text size="sm" c="teal" data-testid="joined">
            Welcome to the team: log in with your new password.
          </Text>
        )}
        <TextInput label="Login" autoComplete="username" autoFocus={!joined} {...form.getInputProps('login')} />
        <PasswordInput
          label="Password"
          autoComplete="current-password"
          autoFocus={joined}
          {...form.getInputProps('password')}
        />
        <DialogFailureAlert failure={failure ?? (off ? TEAM_MODE_OFF : null)} />
        <Button type="submit" loading={login.isPending} fullWidth>
          Log in
        </Button>
        <Text size="sm" ta="center">
          New to the team?{' '}
          <Anchor component="button" type="button" onClick={onInvite}>
            I have an invitation code
          </Anchor>
        </Text>
      </Stack>
    </form>
  );
}
