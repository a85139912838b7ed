import {
  Anchor,
  Box,
  Button,
  Center,
  Paper,
  PasswordInput,
  Stack,
  Text,
  TextInput,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconPaw } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Failure } from '../../client/errors';
import { useLogin, useTeam } from '../../client/staff';
import { DialogFailureAlert } from '../../ui/DialogFailureAlert';
import { AcceptInviteForm } from './AcceptInviteForm';
import { LanguageMenu } from '../../ui/LanguageMenu';
import { loginRefusal, teamModeOff } from './login-words';

/** Team mode, nobody logged in yet: a login, or accepting an invitation. */
export function LoginPage(): React.JSX.Element {
  const { t } = useTranslation('login');
  const [inviting, setInviting] = useState(false);
  // Filled in after an invitation is accepted, so the new member only types their password.
  const [newLogin, setNewLogin] = useState('');
  return (
    <Center mih="100vh" p="lg" component="main" pos="relative">
      <Box pos="absolute" top={16} right={16}>
        <LanguageMenu />
      </Box>
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
              {inviting ? t('joinTitle') : t('title')}
            </Title>
            <Text size="sm" c="dimmed">
              {inviting ? t('joinIntro') : t('intro')}
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
  const { t } = useTranslation('login');
  const login = useLogin();
  const off = useTeam().data?.teamMode === false;
  const [failure, setFailure] = useState<Failure | null>(null);
  const form = useForm({
    initialValues: { login: initialLogin, password: '' },
    validate: {
      login: (value) => (value.trim() ? null : t('yourLogin')),
      password: (value) => (value ? null : t('yourPassword')),
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
            {t('joined')}
          </Text>
        )}
        <TextInput label={t('login')} autoComplete="username" autoFocus={!joined} {...form.getInputProps('login')} />
        <PasswordInput
          label={t('password')}
          autoComplete="current-password"
          autoFocus={joined}
          {...form.getInputProps('password')}
        />
        <DialogFailureAlert failure={failure ?? (off ? teamModeOff() : null)} />
        <Button type="submit" loading={login.isPending} fullWidth>
          {t('logIn')}
        </Button>
        <Text size="sm" ta="center">
          {t('newToTeam')}{' '}
          <Anchor component="button" type="button" onClick={onInvite}>
            {t('haveCode')}
          </Anchor>
        </Text>
      </Stack>
    </form>
  );
}
