import { useEffect, useRef, useState } from 'react';
import { Anchor, Button, Group, Modal, Select, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { windowResolver } from '../../ui/zod-words';
import { z } from 'zod';
import { ProjectNameSchema } from '../../../../shared/sites';
import { useAccounts } from '../../client/accounts';
import { projectFormRefusal } from '../../client/errors';
import { useDialogFailure } from '../../ui/dialog';
import { DialogFailureAlert } from '../../ui/DialogFailureAlert';
import { useCreateProject } from './queries';
import { AccountFormModal } from '../../domain/accounts/AccountFormModal';

const validate = windowResolver(
  z.object({
    name: ProjectNameSchema,
    accountId: z.string().min(1, { error: 'Choose the account the site belongs to' }),
  }),
);

export function ProjectFormModal({
  opened,
  onClose,
  onCreated,
}: {
  opened: boolean;
  onClose: () => void;
  onCreated: (projectId: number) => void;
}): React.JSX.Element {
  const { t } = useTranslation('sites');
  return (
    <Modal opened={opened} onClose={onClose} title={t('newProject')} centered>
      <ProjectForm onCancel={onClose} onCreated={onCreated} />
    </Modal>
  );
}

function ProjectForm({
  onCancel,
  onCreated,
}: {
  onCancel: () => void;
  onCreated: (projectId: number) => void;
}): React.JSX.Element {
  const { t } = useTranslation(['sites', 'plans']);
  const accounts = useAccounts();
  const createProject = useCreateProject();
  const form = useForm({ initialValues: { name: '', accountId: '' }, validate });
  const failure = useDialogFailure();
  const accountData = (accounts.data ?? []).map((account) => ({
    value: String(account.id),
    label: t('projectForm.accountWithPlan', { name: account.name, plan: t(`plans:names.${account.planId}`) }),
  }));
  const [creatingAccount, setCreatingAccount] = useState(false);
  // The accounts there were when "New account" was opened: the one that appears after it is chosen.
  const knownAccounts = useRef<Set<number> | null>(null);
  const { setFieldValue } = form;
  useEffect(() => {
    const known = knownAccounts.current;
    if (!known || !accounts.data) return;
    const created = accounts.data.find((account) => !known.has(account.id));
    if (!created) return;
    knownAccounts.current = null;
    setFieldValue('accountId', String(created.id));
  }, [accounts.data, setFieldValue]);
  const openNewAccount = () => {
    knownAccounts.current = new Set((accounts.data ?? []).map((account) => account.id));
    setCreatingAccount(true);
  };

  const save = form.onSubmit(({ name, accountId }) => {
    failure.clear();
    createProject.mutate(
      { name: name.trim(), accountId: Number(accountId) },
      {
        onSuccess: (project) => onCreated(project.id),
        onError: (error) => {
          const refusal = projectFormRefusal(error);
          if (refusal) form.setFieldError(refusal.field, refusal.message);
          else failure.show(error);
        },
      },
    );
  });

  return (
    <>
      <form onSubmit={save}>
        <Stack>
          <TextInput
            label={t('projectForm.name')}
            placeholder={t('projectForm.namePlaceholder')}
            description={t('projectForm.nameHint')}
            withAsterisk
            data-autofocus
            {...form.getInputProps('name')}
          />
          <Select
            label={t('projectForm.account')}
            description={t('projectForm.accountHint')}
            placeholder={accounts.data?.length === 0 ? t('projectForm.noAccountYet') : t('projectForm.chooseAccount')}
            data={accountData}
            withAsterisk
            searchable
            {...form.getInputProps('accountId')}
          />
          <Text size="sm" c="dimmed" data-testid="project-account-hint">
            {accounts.data?.length === 0 ? t('projectForm.noneYet') : t('projectForm.notListed')}{' '}
            <Anchor
              component="button"
              type="button"
              size="sm"
              onClick={openNewAccount}
              data-testid="project-new-account"
            >
              {t('projectForm.createAccount')}
            </Anchor>
          </Text>
          <DialogFailureAlert failure={failure.alert} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onCancel}>
              {t('projectForm.cancel')}
            </Button>
            <Button type="submit" loading={createProject.isPending}>
              {t('projectForm.create')}
            </Button>
          </Group>
        </Stack>
      </form>
      {/* Outside the form: a submit in the account's dialog must not bubble (through React's tree) into this one. */}
      <AccountFormModal opened={creatingAccount} account={null} onClose={() => setCreatingAccount(false)} />
    </>
  );
}
