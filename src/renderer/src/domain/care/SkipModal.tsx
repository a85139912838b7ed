import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import type { Dose } from '../../../../shared/care';
import { useDialogFailure } from '../../ui/dialog';
import { DialogFailureAlert } from '../../ui/DialogFailureAlert';
import { useSkip } from '../../client/care';

interface SkipModalProps {
  opened: boolean;
  dose: Dose | null;
  petName: string;
  onClose: () => void;
}

/** A waiting dose that will not be given, with the reason kept in the record. */
export function SkipModal({ opened, dose, petName, onClose }: SkipModalProps): React.JSX.Element {
  return (
    <Modal opened={opened} onClose={onClose} title={`Skip ${dose?.vaccine ?? ''} for ${petName}`} centered>
      {dose && <SkipForm dose={dose} onDone={onClose} />}
    </Modal>
  );
}

function SkipForm({ dose, onDone }: { dose: Dose; onDone: () => void }): React.JSX.Element {
  const skip = useSkip();
  const form = useForm({
    initialValues: { reason: '' },
    validate: { reason: (value) => (value.trim() ? null : 'Say why it is skipped') },
  });
  const failure = useDialogFailure(form);
  return (
    <form
      onSubmit={form.onSubmit(({ reason }) => {
        failure.clear();
        skip.mutate({ doseId: dose.id, reason: reason.trim() }, { onSuccess: onDone, onError: failure.show });
      })}
    >
      <Stack>
        <Text size="sm">Due {dose.dueDate ?? '—'}. The dose stays in the record as skipped, with the reason.</Text>
        <TextInput
          label="Reason"
          placeholder="e.g. the vet advised to wait until she is well"
          withAsterisk
          data-autofocus
          {...form.getInputProps('reason')}
        />
        <DialogFailureAlert failure={failure.alert} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            Cancel
          </Button>
          <Button type="submit" color="orange" loading={skip.isPending}>
            Skip the dose
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
