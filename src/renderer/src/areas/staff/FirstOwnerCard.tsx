import { Button, Group, Modal, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconUsersGroup } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Failure } from '../../client/errors';
import { useSetupOwner } from '../../client/staff';
import { DialogFailureAlert } from '../../ui/DialogFailureAlert';
import { NEW_PASSWORD_VALIDATION, NewPasswordFields } from '../../domain/staff/NewPasswordFields';
import { loginProblem, staffNameProblem } from '../../domain/staff/password-rules';
import { staffRefusal } from './staff-words';

/** At the desk, no staff yet: team mode starts with a first owner, who then invites the others. */
export function FirstOwnerCard(): React.JSX.Element {
  const { t } = useTranslation('staff');
  const [opened, setOpened] = useState(false);
  return (
    <Paper withBorder p="lg" radius="md" data-testid="first-owner-card">
      <Stack gap="sm" align="flex-start">
        <Group gap="sm" wrap="nowrap">
          <IconUsersGroup size={24} aria-hidden />
          <Title order={2} size="h4">
            {t('firstOwner.title')}
          </Title>
        </Group>
        <Text size="sm" maw={680}>
          {t('firstOwner.about')}
        </Text>
        <Text size="sm" c="dimmed" maw={680}>
          {t('firstOwner.desk')}
        </Text>
        <Button onClick={() => setOpened(true)}>{t('firstOwner.start')}</Button>
      </Stack>
      <Modal opened={opened} onClose={() => setOpened(false)} title={t('firstOwner.dialog')}>
        <FirstOwnerForm onCancel={() => setOpened(false)} />
      </Modal>
    </Paper>
  );
}

function FirstOwnerForm({ onCancel }: { onCancel: () => void }): React.JSX.Element {
  const { t } = useTranslation('staff');
  const setup = useSetupOwner();
  const [failure, setFailure] = useState<Failure | null>(null);
  const form = useForm({
    initialValues: { name: '', login: '', password: '', repeated: '' },
    validate: {
      name: (value) => staffNameProblem(value, t('firstOwner.name')),
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
        <TextInput label={t('firstOwner.name')} data-autofocus {...form.getInputProps('name')} />
        <TextInput
          label={t('firstOwner.login')}
          description={t('firstOwner.loginHint')}
          autoComplete="username"
          {...form.getInputProps('login')}
        />
        <NewPasswordFields form={form} own />
        <DialogFailureAlert failure={failure} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            {t('dialogs.cancel')}
          </Button>
          <Button type="submit" loading={setup.isPending}>
            {t('firstOwner.become')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
