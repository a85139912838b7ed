import { Button, Group, Modal, Select, Stack, TextInput, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import {
  TEST_KINDS,
  TEST_RESULTS,
  TREATMENT_KINDS,
  type TestResult,
  type TreatmentKind,
} from '../../../../shared/care';
import { useDialogFailure } from '../../ui/dialog';
import { DialogFailureAlert } from '../../ui/DialogFailureAlert';
import { resultWords, todayHere, treatmentWords } from './care-words';
import { useAddTreatment, useVets } from '../../client/care';

interface TreatmentModalProps {
  opened: boolean;
  petId: number;
  onClose: () => void;
}

/** A treatment, a procedure (spay/neuter) or a test with its result. */
export function TreatmentModal({ opened, petId, onClose }: TreatmentModalProps): React.JSX.Element {
  const { t } = useTranslation(['care', 'common']);
  return (
    <Modal opened={opened} onClose={onClose} title={t('section.recordTreatment')} centered size="lg">
      <TreatmentForm petId={petId} onDone={onClose} />
    </Modal>
  );
}

function TreatmentForm({ petId, onDone }: { petId: number; onDone: () => void }): React.JSX.Element {
  const { t } = useTranslation(['care', 'common']);
  const add = useAddTreatment();
  const vets = useVets();
  const form = useForm({
    initialValues: {
      kind: 'deworming' as TreatmentKind,
      product: '',
      givenDate: todayHere(),
      result: null as string | null,
      nextDueDate: '',
      givenBy: '',
      vetId: null as string | null,
      notes: '',
    },
    validate: { givenDate: (value) => (/^\d{4}-\d{2}-\d{2}$/.test(value) ? null : t('treatment.chooseDay')) },
  });
  const failure = useDialogFailure(form);
  const isTest = TEST_KINDS.includes(form.values.kind);
  const optional = (text: string) => (text.trim() === '' ? undefined : text.trim());
  const save = form.onSubmit((values) => {
    failure.clear();
    add.mutate(
      {
        petId,
        kind: values.kind,
        product: optional(values.product),
        givenDate: values.givenDate,
        result: isTest && values.result ? (values.result as TestResult) : undefined,
        nextDueDate: optional(values.nextDueDate),
        givenBy: optional(values.givenBy),
        vetId: values.vetId === null ? undefined : Number(values.vetId),
        notes: optional(values.notes),
      },
      { onSuccess: onDone, onError: failure.show },
    );
  });
  return (
    <form onSubmit={save}>
      <Stack gap="sm">
        <Group grow align="flex-start">
          <Select
            label={t('treatment.what')}
            allowDeselect={false}
            data={TREATMENT_KINDS.map((kind) => ({ value: kind, label: treatmentWords(kind) }))}
            data-autofocus
            {...form.getInputProps('kind')}
          />
          <TextInput
            label={isTest ? t('treatment.testUsed') : t('treatment.product')}
            {...form.getInputProps('product')}
          />
        </Group>
        <Group grow align="flex-start">
          <TextInput label={t('treatment.doneOn')} type="date" withAsterisk {...form.getInputProps('givenDate')} />
          {isTest ? (
            <Select
              label={t('treatment.result')}
              placeholder={t('treatment.notKnown')}
              clearable
              data={TEST_RESULTS.map((result) => ({ value: result, label: resultWords(result) }))}
              {...form.getInputProps('result')}
            />
          ) : (
            <TextInput label={t('treatment.nextDue')} type="date" {...form.getInputProps('nextDueDate')} />
          )}
        </Group>
        <Group grow align="flex-start">
          <TextInput
            label={t('treatment.doneBy')}
            placeholder={t('form.namePlaceholder')}
            {...form.getInputProps('givenBy')}
          />
          <Select
            label={t('column.vet')}
            placeholder={t('form.noVet')}
            clearable
            searchable
            data={(vets.data?.people ?? []).map((person) => ({ value: String(person.id), label: person.name }))}
            {...form.getInputProps('vetId')}
          />
        </Group>
        <Textarea label={t('form.medicalNotes')} autosize minRows={1} maxRows={3} {...form.getInputProps('notes')} />
        <DialogFailureAlert failure={failure.alert} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            {t('common:cancel')}
          </Button>
          <Button type="submit" loading={add.isPending}>
            {t('treatment.record')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
