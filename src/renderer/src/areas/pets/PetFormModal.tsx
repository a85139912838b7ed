import { Button, Group, Modal, SegmentedControl, Select, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import type { PetRecord } from '../../../../shared/models';
import { NewPetSchema, PET_STATUS_WORDS, PET_STATUSES, type PetStatus } from '../../../../shared/pet';
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
export function PetFormModal({ opened, pet, onClose }: { opened: boolean; pet: PetRecord | null; onClose: () => void }): React.JSX.Element {
  return (
    <Modal opened={opened} onClose={onClose} title={pet ? `Edit ${pet.name}` : 'Add a pet'} centered>
      <PetForm pet={pet} onDone={onClose} />
    </Modal>
  );
}

const addResolver = zod4Resolver(NewPetSchema);
const editResolver = zod4Resolver(NewPetSchema.omit({ status: true }));

function PetForm({ pet, onDone }: { pet: PetRecord | null; onDone: () => void }): React.JSX.Element {
  const categories = useCategories();
  const addPet = useAddPet();
  const editPet = useEditPet();
  const form = useForm<PetFormValues>({
    initialValues: { name: pet?.name ?? '', categoryId: pet?.categoryId ?? null, status: pet?.status ?? 'available' },
    validate: (values) => {
      const errors = (pet ? editResolver : addResolver)(pet ? { name: values.name, categoryId: values.categoryId } : values);
      return values.categoryId === null ? { ...errors, categoryId: 'Choose a category' } : errors;
    },
  });
  const failure = useDialogFailure(form);

  const save = form.onSubmit(({ name, categoryId, status }) => {
    if (categoryId === null) return;
    failure.clear();
    if (pet) editPet.mutate({ id: pet.id, name: name.trim(), categoryId }, { onSuccess: onDone, onError: failure.show });
    else addPet.mutate({ name: name.trim(), categoryId, status }, { onSuccess: onDone, onError: failure.show });
  });

  return (
    <form onSubmit={save}>
      <Stack>
        <TextInput label="Name" placeholder="e.g. Biscuit" withAsterisk data-autofocus {...form.getInputProps('name')} />
        <Select<number>
          label="Category"
          placeholder={categories.isPending ? 'Loading categories…' : 'Choose a category'}
          withAsterisk
          searchable
          nothingFoundMessage="No such category — add it under Categories"
          data={(categories.data ?? []).map((category) => ({ value: category.id, label: category.name }))}
          {...form.getInputProps('categoryId')}
        />
        {!pet && (
          <Stack gap={4}>
            <Text size="sm" fw={500} id="new-pet-status">
              Status
            </Text>
            <SegmentedControl<PetStatus>
              aria-labelledby="new-pet-status"
              data={PET_STATUSES.map((value) => ({ value, label: PET_STATUS_WORDS[value] }))}
              {...form.getInputProps('status')}
            />
          </Stack>
        )}
        <DialogFailureAlert failure={failure.alert} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            Cancel
          </Button>
          <Button type="submit" loading={addPet.isPending || editPet.isPending}>
            Save
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
