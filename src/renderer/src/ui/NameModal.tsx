import { useTranslation } from 'react-i18next';
import { Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { windowResolver } from './zod-words';
import { z } from 'zod';
import { useDialogFailure } from './dialog';
import { DialogFailureAlert } from './DialogFailureAlert';

interface NameModalProps {
  opened: boolean;
  title: string;
  label: string;
  initialValue: string;
  schema: z.ZodType<string>;
  submitLabel: string;
  busy: boolean;
  /** Resolves once saved; its failure is shown in the dialog (a name already taken under the field). */
  onSubmit: (value: string) => Promise<unknown>;
  onClose: () => void;
  /** Fields of the caller's own under the name (a category's species), their values kept by the caller. */
  extra?: React.ReactNode;
}

/** One text field with its contract schema: naming a category or an account, labelling a key. */
export function NameModal({ opened, title, onClose, ...form }: NameModalProps): React.JSX.Element {
  return (
    <Modal opened={opened} onClose={onClose} title={title} centered>
      <NameForm {...form} onCancel={onClose} />
    </Modal>
  );
}

function NameForm({
  label,
  initialValue,
  schema,
  submitLabel,
  busy,
  onSubmit,
  onCancel,
  extra,
}: Omit<NameModalProps, 'opened' | 'title' | 'onClose'> & { onCancel: () => void }): React.JSX.Element {
  const { t } = useTranslation();
  const form = useForm({
    initialValues: { value: initialValue },
    validate: windowResolver(z.object({ value: schema })),
  });
  const failure = useDialogFailure(form, 'value');
  return (
    <form
      onSubmit={form.onSubmit(({ value }) => {
        failure.clear();
        return onSubmit(value.trim()).catch(failure.show);
      })}
    >
      <Stack>
        <TextInput label={label} data-autofocus {...form.getInputProps('value')} />
        {extra}
        <DialogFailureAlert failure={failure.alert} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            {t('cancel')}
          </Button>
          <Button type="submit" loading={busy}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
