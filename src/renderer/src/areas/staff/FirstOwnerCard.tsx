import { Button, Group, Modal, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconUsersGroup } from '@tabler/icons-react';
import { useState } from 'react';
import type { Failure } from '../../client/errors';
import { useSetupOwner } from '../../client/staff';
import { DialogFailureAlert } from '../../ui/DialogFailureAlert';
import { NEW_PASSWORD_VALIDATION, NewPasswordFields } from '../../domain/staff/NewPasswordFields';
import { loginProblem, staffNameProblem } from '../../domain/staff/password-rules';
import { staffRefusal } from './staff-words';

/** At the desk, no staff yet: team mode starts with a first owner, who then invites the others. */
export function FirstOwnerCard(): React.JSX.Element {
  const [opened, setOpened] = useState(false);
  return (
    <Paper withBorder p="lg" radius="md" data-testid="first-owner-card">
      <Stack gap="sm" align="flex-start">
        <Group gap="sm" wrap="nowrap">
          <IconUsersGroup size={24} aria-hidden />
          <Title order={2} size="h4">
            Give each person their own login
          </Title>
        </Group>
        <Text size="sm" maw={680}>
          Today this desk needs no login. In team mode each member of staff logs in with their own login and password,
          and their role decides what they may do: a volunteer sees no adopter’s details and removes nothing. It starts
          with you, the first owner; you then invite the others.
        </Text>
        <Text size="sm" c="dimmed" maw={680}>
          This desk keeps every right without logging in: it runs the server.
        </Text>
        <Button onClick={() => setOpened(true)}>Start team mode</Button>
      </Stack>
      <Modal opened={opened} onClose={() => setOpened(false)} title="The first owner">
        <FirstOwnerForm onCancel={() => setOpened(false)} />
      </Modal>
    </Paper>
  );
}

function FirstOwnerForm({ onCancel }: { onCancel: () => void }): React.JSX.Element {
  const setup = useSetupOwner();
  const [failure, setFailure] = useState<Failure | null>(null);
  const form = useForm({
    initialValues: { name: '', login: '', password: '', repeated: '' },
    validate: {
      name: (value) => staffNameProblem(value, 'Your name'),
      login: loginProblem,
      ...NEW_PASSWORD_VALIDATION,
    },
  });
  const submit = form.onSubmit((values) => {
    setFailure(null);
    setup.mutate(
      { name: values.name.trim(), login: values.login.trim(), password: values.password },
      { onError: (error) => setFailure(staffRefusal(error)) },
    );
  });
  return (
    <form onSubmit={submit} data-testid="first-owner-form">
      <Stack gap="sm">
        <TextInput label="Your name" data-autofocus {...form.getInputProps('name')} />
        <TextInput
          label="Your login"
          description="Letters, digits, dot, dash, underscore"
          autoComplete="username"
          {...form.getInputProps('login')}
        />
        <NewPasswordFields form={form} own />
        <DialogFailureAlert failure={failure} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
          <Button type="submit" loading={setup.isPending}>
            Become the owner
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
