import { Button, Group, Modal, ScrollArea, Select, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { GiveInput } from '../../../../shared/care';
import type { Failure } from '../../client/errors';
import { useDialogFailure } from '../../ui/dialog';
import { DialogFailureAlert } from '../../ui/DialogFailureAlert';
import { roundRefusal, todayHere } from './care-words';
import { useGive, useVets } from '../../client/care';
import { useCan } from '../../client/staff';

/** One animal to give a vaccine: its waiting dose (`doseId`), or a vaccine given unscheduled (`vaccine` '' asks for its name). */
export interface GiveTarget {
  petId: number;
  petName: string;
  vaccine: string;
  doseId?: number;
}

interface GiveModalProps {
  opened: boolean;
  targets: readonly GiveTarget[];
  onClose: () => void;
}

/** "Given" in one step: one animal or a round of many, a batch per vaccine; all are recorded or none (the failure shows here). */
export function GiveModal({ opened, targets, onClose }: GiveModalProps): React.JSX.Element {
  const { t } = useTranslation(['care', 'common']);
  const title =
    targets.length === 1
      ? t('give.titleOne', { name: targets[0]?.petName ?? '' })
      : t('give.titleRound', { count: targets.length });
  return (
    <Modal opened={opened} onClose={onClose} title={title} centered size="xl">
      <GiveForm targets={targets} onDone={onClose} />
    </Modal>
  );
}

interface Lot {
  vaccine: string;
  batch: string;
  manufacturer: string;
  expires: string;
}

const vaccinesOf = (targets: readonly GiveTarget[]) => [
  ...new Map(targets.map((target) => [target.vaccine.toLowerCase(), target.vaccine])).values(),
];

function GiveForm({ targets, onDone }: { targets: readonly GiveTarget[]; onDone: () => void }): React.JSX.Element {
  const { t } = useTranslation(['care', 'common']);
  const give = useGive();
  // A volunteer names no vet (a person from the register) and writes no medical notes (the record's, which they cannot read).
  const namesVet = useCan('people.list');
  const writesNotes = useCan('care.record');
  const vets = useVets(namesVet);
  const asksVaccine = targets.length === 1 && targets[0]?.vaccine === '';
  const form = useForm({
    initialValues: {
      lots: vaccinesOf(targets).map((vaccine): Lot => ({ vaccine, batch: '', manufacturer: '', expires: '' })),
      givenDate: todayHere(),
      givenBy: '',
      vetId: null as string | null,
      notes: '',
    },
    validate: {
      lots: {
        vaccine: (value) => (value.trim() ? null : t('form.nameVaccine')),
        batch: (value) => (value.trim() ? null : t('give.enterBatch')),
      },
      givenDate: (value) => (/^\d{4}-\d{2}-\d{2}$/.test(value) ? null : t('give.chooseDay')),
    },
  });
  const failure = useDialogFailure();
  const [refusal, setRefusal] = useState<Failure | null>(null);
  const nameOf = (petId: number) =>
    targets.find((target) => target.petId === petId)?.petName ?? t('petNumber', { id: petId });
  const optional = (text: string) => (text.trim() === '' ? undefined : text.trim());

  const save = form.onSubmit((values) => {
    failure.clear();
    setRefusal(null);
    const lotOf = (vaccine: string) =>
      values.lots.find((lot) => asksVaccine || lot.vaccine.toLowerCase() === vaccine.toLowerCase());
    const round: GiveInput = {
      doses: targets.map((target) => {
        const lot = lotOf(target.vaccine);
        return {
          petId: target.petId,
          vaccine: asksVaccine ? (lot?.vaccine.trim() ?? '') : target.vaccine,
          batch: lot?.batch.trim() ?? '',
          manufacturer: optional(lot?.manufacturer ?? ''),
          expiresDate: optional(lot?.expires ?? ''),
          doseId: target.doseId,
        };
      }),
      givenDate: values.givenDate,
      givenBy: optional(values.givenBy),
      vetId: values.vetId === null || !namesVet ? undefined : Number(values.vetId),
      notes: writesNotes ? optional(values.notes) : undefined,
    };
    give.mutate(round, {
      onSuccess: onDone,
      onError: (error) => {
        const worded = roundRefusal(error, nameOf);
        if (worded) setRefusal(worded);
        else failure.show(error);
      },
    });
  });

  return (
    <form onSubmit={save}>
      <Stack gap="sm">
        {targets.length > 1 && (
          <ScrollArea.Autosize mah={72} type="auto">
            <Text size="sm" data-testid="round-animals">
              {targets.map((target) => `${target.petName} (${target.vaccine})`).join(', ')}
            </Text>
          </ScrollArea.Autosize>
        )}
        <ScrollArea.Autosize mah={180} type="auto">
          <Stack gap="xs">
            {form.values.lots.map((lot, index) => (
              <Group key={lot.vaccine || index} grow align="flex-start" gap="xs">
                {asksVaccine ? (
                  <TextInput
                    label={t('column.vaccine')}
                    placeholder={t('form.vaccinePlaceholder')}
                    withAsterisk
                    data-autofocus
                    {...form.getInputProps(`lots.${index}.vaccine`)}
                  />
                ) : (
                  <TextInput label={t('column.vaccine')} value={lot.vaccine} readOnly variant="filled" />
                )}
                <TextInput
                  label={t('give.batch')}
                  withAsterisk
                  data-autofocus={!asksVaccine && index === 0 ? true : undefined}
                  {...form.getInputProps(`lots.${index}.batch`)}
                />
                <TextInput label={t('give.manufacturer')} {...form.getInputProps(`lots.${index}.manufacturer`)} />
                <TextInput label={t('give.validUntil')} type="date" {...form.getInputProps(`lots.${index}.expires`)} />
              </Group>
            ))}
          </Stack>
        </ScrollArea.Autosize>
        <Group grow align="flex-start">
          <TextInput label={t('give.givenOn')} type="date" withAsterisk {...form.getInputProps('givenDate')} />
          <TextInput
            label={t('give.givenBy')}
            placeholder={t('form.namePlaceholder')}
            {...form.getInputProps('givenBy')}
          />
          {namesVet && (
            <Select
              label={t('column.vet')}
              placeholder={t('form.noVet')}
              clearable
              searchable
              data={(vets.data?.people ?? []).map((person) => ({ value: String(person.id), label: person.name }))}
              {...form.getInputProps('vetId')}
            />
          )}
        </Group>
        {writesNotes && (
          <Textarea label={t('form.medicalNotes')} autosize minRows={1} maxRows={3} {...form.getInputProps('notes')} />
        )}
        <DialogFailureAlert failure={refusal ?? failure.alert} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            {t('common:cancel')}
          </Button>
          <Button type="submit" loading={give.isPending}>
            {targets.length === 1 ? t('give.recordOne') : t('give.recordRound', { count: targets.length })}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
