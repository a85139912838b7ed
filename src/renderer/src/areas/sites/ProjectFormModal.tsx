import { Button, Group, Modal, Select, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { z } from 'zod';
import { ProjectNameSchema } from '../../../../shared/sites';
import { useAccounts } from '../../client/accounts';
import { projectFormRefusal } from '../../client/errors';
import { PLAN_NAME } from '../../client/plans';
import { useDialogFailure } from '../../ui/dialog';
import { DialogFailureAlert } from '../../ui/DialogFailureAlert';
import { useCreateProject } from './queries';

const validate = zod4Resolver(z.object({ name: ProjectNameSchema, accountId: z.string().min(1, { error: 'Choose the account the site belongs to' }) }));

export function ProjectFormModal({ opened, onClose, onCreated }: { opened: boolean; onClose: () => void; onCreated: (projectId: number) => void }): React.JSX.Element {
  return (
    <Modal opened={opened} onClose={onClose} title="New project" centered>
      <ProjectForm onCancel={onClose} onCreated={onCreated} />
    </Modal>
  );
}

function ProjectForm({ onCancel, onCreated }: { onCancel: () => void; onCreated: (projectId: number) => void }): React.JSX.Element {
  const accounts = useAccounts();
  const createProject = useCreateProject();
  const form = useForm({ initialValues: { name: '', accountId: '' }, validate });
  const failure = useDialogFailure();
  const accountData = (accounts.data ?? []).map((account) => ({ value: String(account.id), label: `${account.name} (${PLAN_NAME[account.planId]})` }));

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
    <form onSubmit={save}>
      <Stack>
        <TextInput label="Project name" placeholder="e.g. Happy Paws adoption site" description="Its web address is made from the name." withAsterisk data-autofocus {...form.getInputProps('name')} />
        <Select
          label="Account"
          description="The shelter or partner the site belongs to; its plan decides whether custom domains are allowed."
          placeholder={accounts.data?.length === 0 ? 'Create an account first (Accounts & keys)' : 'Choose an account'}
          data={accountData}
          withAsterisk
          searchable
          {...form.getInputProps('accountId')}
        />
        {accounts.data?.length === 0 && (
          <Text size="sm" c="dimmed">
            A project belongs to an account. Create one on the Accounts &amp; keys page first.
          </Text>
        )}
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
  );
}
