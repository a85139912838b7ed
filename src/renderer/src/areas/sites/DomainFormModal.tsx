import { Button, Group, Modal, Select, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { windowResolver } from '../../ui/zod-words';
import { useState } from 'react';
import { z } from 'zod';
import type { Account } from '../../../../shared/models';
import { DomainNameSchema } from '../../../../shared/site-inputs';
import { DEFAULT_REDIRECT_STATUS, type Project, type RedirectStatus } from '../../../../shared/sites';
import { domainFormRefusal } from '../../client/errors';
import type { AdminCallError } from '../../client/transport';
import { useDialogFailure } from '../../ui/dialog';
import { DialogFailureAlert } from '../../ui/DialogFailureAlert';
import { useAddDomain } from './queries';
import { useRedirectStatusOptions } from './redirect-statuses';
import { Trans, useTranslation } from 'react-i18next';
import { SiteRefusalAlert } from './SiteRefusalAlert';

interface DomainFormModalProps {
  opened: boolean;
  project: Project;
  account: Account | undefined;
  /** The project's primary domain; once there is one, a new domain redirects to it. */
  primary: string | null;
  onClose: () => void;
}

export function DomainFormModal({ opened, onClose, ...props }: DomainFormModalProps): React.JSX.Element {
  const { t } = useTranslation('sites');
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('domainForm.title', { name: props.project.name })}
      centered
      size="lg"
    >
      <DomainForm {...props} onDone={onClose} />
    </Modal>
  );
}

const validate = windowResolver(z.object({ name: DomainNameSchema }));

function DomainForm({
  project,
  account,
  primary,
  onDone,
}: Omit<DomainFormModalProps, 'opened' | 'onClose'> & { onDone: () => void }): React.JSX.Element {
  const { t } = useTranslation('sites');
  const options = useRedirectStatusOptions();
  const addDomain = useAddDomain();
  const [refusal, setRefusal] = useState<AdminCallError | null>(null);
  const form = useForm({ initialValues: { name: '', status: String(DEFAULT_REDIRECT_STATUS) }, validate });
  const failure = useDialogFailure();

  const save = form.onSubmit(({ name, status }) => {
    setRefusal(null);
    failure.clear();
    const domain =
      primary === null
        ? { name: name.trim() }
        : { name: name.trim(), redirectTo: primary, redirectStatus: Number(status) as RedirectStatus };
    addDomain.mutate(
      { projectId: project.id, domain },
      {
        onSuccess: onDone,
        onError: (error) => {
          const refusal = domainFormRefusal(error);
          if (refusal && 'alert' in refusal) setRefusal(refusal.alert);
          else if (refusal) form.setFieldError(refusal.field, refusal.message);
          else failure.show(error);
        },
      },
    );
  });

  return (
    <form onSubmit={save}>
      <Stack>
        <TextInput
          label={t('domainForm.domain')}
          placeholder="www.example.org"
          description={t('domainForm.domainHelp')}
          withAsterisk
          data-autofocus
          {...form.getInputProps('name')}
        />
        {primary === null ? (
          <Text size="sm" c="dimmed">
            {t('domainForm.first')}
          </Text>
        ) : (
          <>
            <Text size="sm">
              <Trans t={t} i18nKey="domainForm.redirects" values={{ primary }} components={{ b: <b /> }} />
            </Text>
            <Select
              label={t('domainForm.redirectStatus')}
              data={options}
              allowDeselect={false}
              {...form.getInputProps('status')}
            />
          </>
        )}
        {refusal && <SiteRefusalAlert error={refusal} account={account} />}
        <DialogFailureAlert failure={failure.alert} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            {t('domainForm.cancel')}
          </Button>
          <Button type="submit" loading={addDomain.isPending}>
            {t('domainForm.add')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
