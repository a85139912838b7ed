import { Alert, Button, Code, CopyButton, Group, Modal, Select, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { useState } from 'react';
import type { StaffInvite, StaffRole } from '../../../../shared/staff';
import type { Failure } from '../../client/errors';
import { roleWord, useInvite } from '../../client/staff';
import { DialogFailureAlert } from '../../ui/DialogFailureAlert';
import { formatMoment } from '../../ui/format';
import { staffNameProblem } from '../../domain/staff/password-rules';
import { roleChoices, staffRefusal } from './staff-words';
import { FosterPersonSelect } from './FosterPersonSelect';
import { useTranslation } from 'react-i18next';

/** A new member's name and role, then the one-time code, shown once, to hand over; it is kept nowhere in the window. */
export function InviteModal({ opened, onClose }: { opened: boolean; onClose: () => void }): React.JSX.Element {
  const invite = useInvite();
  const [made, setMade] = useState<StaffInvite | null>(null);
  const [failure, setFailure] = useState<Failure | null>(null);
  const { t } = useTranslation(['staff', 'phone']);
  const form = useForm<{ name: string; role: StaffRole | null; personId: number | null }>({
    initialValues: { name: '', role: 'staff', personId: null },
    validate: {
      name: (value) => staffNameProblem(value, t('dialogs.theirName')),
      role: (value) => (value ? null : t('dialogs.chooseRole')),
      personId: (value, values) => (values.role === 'foster' && value === null ? t('phone:fosterLink.required') : null),
    },
  });
  const submit = form.onSubmit((values) => {
    setFailure(null);
    invite.mutate(
      {
        name: values.name.trim(),
        role: values.role ?? 'staff',
        ...(values.role === 'foster' && values.personId !== null && { personId: values.personId }),
      },
      { onSuccess: setMade, onError: (error) => setFailure(staffRefusal(error)) },
    );
  });
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={made ? t('dialogs.invitationFor', { name: made.name }) : t('dialogs.inviteTitle')}
      size="lg"
    >
      {made ? (
        <Stack gap="sm" data-testid="invite-code">
          <Text size="sm">{t('dialogs.giveCode', { name: made.name, until: formatMoment(made.expiresAt) })}</Text>
          <Group gap="sm" wrap="nowrap">
            <Code fz="lg" data-testid="invite-code-value">
              {made.code}
            </Code>
            <CopyButton value={made.code}>
              {({ copied, copy }) => (
                <Button
                  variant="light"
                  leftSection={copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
                  onClick={copy}
                >
                  {copied ? t('dialogs.copied') : t('dialogs.copy')}
                </Button>
              )}
            </CopyButton>
          </Group>
          <Alert variant="light" color="blue">
            {t('dialogs.codeRole', { role: roleWord(made.role) })}
          </Alert>
          <Group justify="flex-end">
            <Button onClick={onClose}>{t('dialogs.done')}</Button>
          </Group>
        </Stack>
      ) : (
        <form onSubmit={submit} data-testid="invite-form">
          <Stack gap="sm">
            <TextInput
              label={t('dialogs.name')}
              placeholder={t('dialogs.namePlaceholder')}
              data-autofocus
              {...form.getInputProps('name')}
            />
            <Select
              label={t('dialogs.role')}
              data={roleChoices()}
              allowDeselect={false}
              {...form.getInputProps('role')}
              comboboxProps={{ withinPortal: true }}
            />
            {form.values.role === 'foster' && (
              <FosterPersonSelect
                value={form.values.personId}
                onChange={(personId) => form.setFieldValue('personId', personId)}
                error={form.errors.personId}
              />
            )}
            <Text size="xs" c="dimmed">
              {t('dialogs.roleLater')}
            </Text>
            <DialogFailureAlert failure={failure} />
            <Group justify="flex-end">
              <Button variant="default" onClick={onClose}>
                {t('dialogs.cancel')}
              </Button>
              <Button type="submit" loading={invite.isPending}>
                {t('dialogs.makeCode')}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
