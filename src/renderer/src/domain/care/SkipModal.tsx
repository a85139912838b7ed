import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import type { Dose } from '../../../../shared/care';
import { useDialogFailure } from '../../ui/dialog';
import { DialogFailureAlert } from '../../ui/DialogFailureAlert';
import { useSkip } from '../../client/care';
import { formatCalendarDay } from '../../ui/format';

interface SkipModalProps {
  opened: boolean;
  dose: Dose | null;
  petName: string;
  onClose: () => void;
}

/** A waiting dose that will not be given, with the reason kept in the record. */
export function SkipModal({ opened, dose, petName, onClose }: SkipModalProps): React.JSX.Element {
  const { t } = useTranslation(['care', 'common']);
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('skip.title', { vaccine: dose?.vaccine ?? '', name: petName })}
      centered
    >
      {dose && <SkipForm dose={dose} onDone={onClose} />}
    </Modal>
  );
}

function SkipForm({ dose, onDone }: { dose: Dose; onDone: () => void }): React.JSX.Element {
  const { t } = useTranslation(['care', 'common']);
  const skip = useSkip();
  const form = useForm({
    initialValues: { reason: '' },
    validate: { reason: (value) => (value.trim() ? null : t('skip.sayWhy')) },
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
        <Text size="sm">{t('skip.explain', { date: formatCalendarDay(dose.dueDate) })}</Text>
        <TextInput
          label={t('skip.reason')}
          placeholder={t('skip.reasonPlaceholder')}
          withAsterisk
          data-autofocus
          {...form.getInputProps('reason')}
        />
        <DialogFailureAlert failure={failure.alert} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            {t('common:cancel')}
          </Button>
          <Button type="submit" color="orange" loading={skip.isPending}>
            {t('skip.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
