import { Button, Group, Modal, Stack, TextInput, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import type { Dose } from '../../../../shared/care';
import { useDialogFailure } from '../../ui/dialog';
import { DialogFailureAlert } from '../../ui/DialogFailureAlert';
import { useEditDose, useSchedule } from '../../client/care';

interface ScheduleModalProps {
  opened: boolean;
  petId: number;
  /** A waiting dose whose due date changes; null: a new dose. */
  dose: Dose | null;
  onClose: () => void;
}

/** Schedules a dose by hand, or moves a waiting one's due date (it then no longer follows the animal's age). */
export function ScheduleModal({ opened, petId, dose, onClose }: ScheduleModalProps): React.JSX.Element {
  const { t } = useTranslation(['care', 'common']);
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={dose ? t('schedule.changeTitle', { vaccine: dose.vaccine }) : t('section.schedule')}
      centered
    >
      <ScheduleForm petId={petId} dose={dose} onDone={onClose} />
    </Modal>
  );
}

function ScheduleForm({
  petId,
  dose,
  onDone,
}: {
  petId: number;
  dose: Dose | null;
  onDone: () => void;
}): React.JSX.Element {
  const { t } = useTranslation(['care', 'common']);
  const schedule = useSchedule();
  const edit = useEditDose();
  const form = useForm({
    initialValues: { vaccine: dose?.vaccine ?? '', dueDate: dose?.dueDate ?? '', notes: dose?.notes ?? '' },
    validate: {
      vaccine: (value) => (value.trim() ? null : t('form.nameVaccine')),
      dueDate: (value) => (/^\d{4}-\d{2}-\d{2}$/.test(value) ? null : t('schedule.chooseDay')),
    },
  });
  const failure = useDialogFailure(form);
  const save = form.onSubmit(({ vaccine, dueDate, notes }) => {
    failure.clear();
    const handlers = { onSuccess: onDone, onError: failure.show };
    if (dose) edit.mutate({ doseId: dose.id, changes: { dueDate, notes: notes.trim() || null } }, handlers);
    else schedule.mutate({ petId, vaccine: vaccine.trim(), dueDate, notes: notes.trim() || undefined }, handlers);
  });
  return (
    <form onSubmit={save}>
      <Stack>
        <TextInput
          label={t('column.vaccine')}
          placeholder={t('form.vaccinePlaceholder')}
          withAsterisk
          disabled={dose !== null}
          data-autofocus={dose === null ? true : undefined}
          {...form.getInputProps('vaccine')}
        />
        <TextInput label={t('schedule.dueOn')} type="date" withAsterisk {...form.getInputProps('dueDate')} />
        <Textarea label={t('form.medicalNotes')} autosize minRows={1} maxRows={3} {...form.getInputProps('notes')} />
        <DialogFailureAlert failure={failure.alert} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            {t('common:cancel')}
          </Button>
          <Button type="submit" loading={schedule.isPending || edit.isPending}>
            {dose ? t('form.save') : t('schedule.schedule')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
