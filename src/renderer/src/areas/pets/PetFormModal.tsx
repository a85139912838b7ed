import { Button, Group, Modal, SegmentedControl, Select, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { windowResolver } from '../../ui/zod-words';
import type { PetRecord } from '../../../../shared/models';
import type { EditConflictDetails } from '../../../../shared/errors';
import { EditConflictPanel, differingRows, editConflictOf, mineOverTheirs } from '../../ui/EditConflictPanel';
import { NewPetSchema, PET_STATUSES, type PetStatus } from '../../../../shared/pet';
import { petStatusWords } from '../../domain/pets/status-words';
import { windowI18n } from '../../i18n/i18n';
import { wordTable } from '../../i18n/word-table';
import { useCategories } from './category-queries';
import { useDialogFailure } from '../../ui/dialog';
import { DialogFailureAlert } from '../../ui/DialogFailureAlert';
import { useAddPet, useEditPet } from './queries';

type PetFormValues = {
  name: string;
  categoryId: number | null;
  status: PetStatus;
};

/** Adding a pet (pet null) or editing one's name and category; status changes have their own menu and history. */
export function PetFormModal({
  opened,
  pet,
  onClose,
}: {
  opened: boolean;
  pet: PetRecord | null;
  onClose: () => void;
}): React.JSX.Element {
  const { t } = useTranslation('pets');
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={pet ? t('list.edit', { name: pet.name }) : t('form.addTitle')}
      centered
    >
      <PetForm pet={pet} onDone={onClose} />
    </Modal>
  );
}

/** The fields this form edits, in its words (a conflict shows the differing ones). */
const PET_FIELDS = ['name', 'categoryId'] as const;
const PET_FIELD_LABEL = wordTable(PET_FIELDS, (field) =>
  windowI18n.t(`pets:form.${field === 'name' ? 'name' : 'category'}`),
);

const addResolver = windowResolver(NewPetSchema);
const editResolver = windowResolver(NewPetSchema.omit({ status: true }));

function PetForm({ pet, onDone }: { pet: PetRecord | null; onDone: () => void }): React.JSX.Element {
  const { t } = useTranslation('pets');
  const categories = useCategories();
  const addPet = useAddPet();
  const editPet = useEditPet();
  const form = useForm<PetFormValues>({
    initialValues: { name: pet?.name ?? '', categoryId: pet?.categoryId ?? null, status: pet?.status ?? 'available' },
    validate: (values) => {
      const errors = (pet ? editResolver : addResolver)(
        pet ? { name: values.name, categoryId: values.categoryId } : values,
      );
      return values.categoryId === null ? { ...errors, categoryId: t('form.categoryMissing') } : errors;
    },
  });
  const failure = useDialogFailure(form);
  // The version the pet was opened at: a save over a newer one is refused (edit_conflict) and shown above the fields.
  const [version, setVersion] = useState(pet?.version ?? 0);
  const [conflict, setConflict] = useState<EditConflictDetails | null>(null);

  const edit = (id: number, { name, categoryId }: PetFormValues, fromVersion: number) => {
    if (categoryId === null) return;
    failure.clear();
    editPet.mutate(
      { id, name: name.trim(), categoryId, version: fromVersion },
      {
        onSuccess: onDone,
        onError: (error) => {
          const found = editConflictOf(error);
          if (found) setConflict(found);
          else failure.show(error);
        },
      },
    );
  };
  const save = form.onSubmit((values) => {
    if (pet) return edit(pet.id, values, version);
    if (values.categoryId === null) return;
    failure.clear();
    addPet.mutate(
      { name: values.name.trim(), categoryId: values.categoryId, status: values.status },
      { onSuccess: onDone, onError: failure.show },
    );
  });
  const categoryName = (id: unknown) =>
    categories.data?.find((category) => category.id === id)?.name ?? (id === null ? '—' : `#${String(id)}`);
  const takeTheirs = (current: PetRecord) => {
    form.setInitialValues({ ...form.getInitialValues(), name: current.name, categoryId: current.categoryId });
    form.setValues({ name: current.name, categoryId: current.categoryId });
    setVersion(current.version);
    setConflict(null);
  };

  return (
    <form onSubmit={save}>
      <Stack>
        {pet && conflict && (
          <EditConflictPanel
            conflict={conflict}
            rows={differingRows(
              PET_FIELDS,
              (field) => PET_FIELD_LABEL[field],
              conflict.current as PetRecord,
              { ...form.values, name: form.values.name.trim() },
              (field, value) => (field === 'categoryId' ? categoryName(value) : String(value)),
            )}
            saving={editPet.isPending}
            onUseTheirs={() => takeTheirs(conflict.current as PetRecord)}
            onSaveMine={() => {
              const theirs = conflict.current as PetRecord;
              edit(
                pet.id,
                mineOverTheirs(form.getInitialValues(), form.getValues(), {
                  ...form.getValues(),
                  name: theirs.name,
                  categoryId: theirs.categoryId,
                }),
                conflict.currentVersion,
              );
            }}
          />
        )}
        <TextInput
          label={t('form.name')}
          placeholder={t('form.nameExample')}
          withAsterisk
          data-autofocus
          {...form.getInputProps('name')}
        />
        <Select<number>
          label={t('form.category')}
          placeholder={categories.isPending ? t('form.categoriesLoading') : t('form.categoryMissing')}
          withAsterisk
          searchable
          nothingFoundMessage={t('form.noSuchCategory')}
          data={(categories.data ?? []).map((category) => ({ value: category.id, label: category.name }))}
          {...form.getInputProps('categoryId')}
        />
        {!pet && (
          <Stack gap={4}>
            <Text size="sm" fw={500} id="new-pet-status">
              {t('list.status')}
            </Text>
            <SegmentedControl<PetStatus>
              aria-labelledby="new-pet-status"
              data={PET_STATUSES.map((value) => ({ value, label: petStatusWords(value) }))}
              {...form.getInputProps('status')}
            />
          </Stack>
        )}
        <DialogFailureAlert failure={failure.alert} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            {t('form.cancel')}
          </Button>
          <Button type="submit" loading={addPet.isPending || editPet.isPending}>
            {t('form.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
