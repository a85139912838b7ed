import { useEffect, useRef, useState } from 'react';
import { Anchor, Button, Group, Modal, Select, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { windowResolver } from '../../ui/zod-words';
import { z } from 'zod';
import { ProjectNameSchema } from '../../../../shared/sites';
import { useAccounts } from '../../client/accounts';
import { projectFormRefusal } from '../../client/errors';
import { PLAN_NAME } from '../../client/plan-names';
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
  return (
    <Modal opened={opened} onClose={onClose} title="New project" centered>
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
  const accounts = useAccounts();
  const createProject = useCreateProject();
  const form = useForm({ initialValues: { name: '', accountId: '' }, validate });
  const failure = useDialogFailure();
  const accountData = (accounts.data ?? []).map((account) => ({
    value: String(account.id),
    label: `${account.name} (${PLAN_NAME[account.planId]})`,
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
            label="Project name"
            placeholder="e.g. Happy Paws adoption site"
            description="Its web address is made from the name."
            withAsterisk
            data-autofocus
            {...form.getInputProps('name')}
          />
          <Select
            label="Account"
            description="An account owns API keys and site projects: the shelter or partner the site belongs to. Its plan decides whether custom domains are allowed."
            placeholder={accounts.data?.length === 0 ? 'Create an account first' : 'Choose an account'}
            data={accountData}
            withAsterisk
            searchable
            {...form.getInputProps('accountId')}
          />
          <Text size="sm" c="dimmed" data-testid="project-account-hint">
            {accounts.data?.length === 0 ? 'A project belongs to an account, and there is none yet. ' : 'Not listed? '}
            <Anchor
              component="button"
              type="button"
              size="sm"
              onClick={openNewAccount}
              data-testid="project-new-account"
            >
              Create an account
            </Anchor>
          </Text>
          <DialogFailureAlert failure={failure.alert} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onCancel}>
              Cancel
            </Button>
            <Button type="submit" loading={createProject.isPending}>
              Create project
            </Button>
          </Group>
        </Stack>
      </form>
      {/* Outside the form: a submit in the account's dialog must not bubble (through React's tree) into this one. */}
      <AccountFormModal opened={creatingAccount} account={null} onClose={() => setCreatingAccount(false)} />
    </>
  );
}
