import { Button, Group, Modal, Select, SimpleGrid, Stack, TextInput, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { REPORT_KINDS, type ReportInput, type ReportKind, type ReportWithMatches } from '../../../../shared/lost-found';
import { AGE_GROUPS, PET_SEXES, PET_SIZES } from '../../../../shared/pet-profile';
import { SPECIES, type Species } from '../../../../shared/species';
import { DialogFailureAlert } from '../../ui/DialogFailureAlert';
import { useDialogFailure } from '../../ui/dialog';
import { useAddReport } from '../../domain/lost-found/queries';

interface Values {
  kind: ReportKind;
  species: Species;
  seenOn: string;
  sex: string;
  colour: string;
  breed: string;
  size: string;
  ageGroup: string;
  microchip: string;
  postcode: string;
  place: string;
  features: string;
  name: string;
  phone: string;
  email: string;
}

const today = () => new Date().toISOString().slice(0, 10);
const given = (text: string) => (text.trim() === '' ? undefined : text.trim());

function inputOf(values: Values): ReportInput {
  return {
    kind: values.kind,
    species: values.species,
    seenAt: values.seenOn,
    sex: given(values.sex) as ReportInput['sex'],
    colour: given(values.colour),
    breed: given(values.breed),
    size: given(values.size) as ReportInput['size'],
    ageGroup: given(values.ageGroup) as ReportInput['ageGroup'],
    microchip: given(values.microchip),
    postcode: given(values.postcode),
    place: given(values.place),
    features: given(values.features),
    contact: { name: values.name.trim(), phone: given(values.phone), email: given(values.email) },
  };
}

/** A report typed at the desk: the animal described, where and when, and who to call. */
export function ReportFormModal({
  opened,
  onClose,
  onAdded,
}: {
  opened: boolean;
  onClose: () => void;
  onAdded: (added: ReportWithMatches) => void;
}): React.JSX.Element {
  const { t } = useTranslation('lostFound');
  const add = useAddReport();
  const form = useForm<Values>({
    initialValues: {
      kind: 'lost',
      species: 'dog',
      seenOn: today(),
      sex: '',
      colour: '',
      breed: '',
      size: '',
      ageGroup: '',
      microchip: '',
      postcode: '',
      place: '',
      features: '',
      name: '',
      phone: '',
      email: '',
    },
    validate: { name: (name) => (name.trim() === '' ? t('form.nameRequired') : null) },
  });
  const failure = useDialogFailure(form);
  const options = (values: readonly string[], group: string) =>
    values.map((value) => ({ value, label: t(`${group}.${value}` as never) }));
  const submit = form.onSubmit((values) => {
    failure.clear();
    add.mutate(inputOf(values), {
      onSuccess: (added) => {
        form.reset();
        onAdded(added);
      },
      onError: failure.show,
    });
  });
  return (
    <Modal opened={opened} onClose={onClose} title={t('form.title')} size="lg">
      <form onSubmit={submit}>
        <Stack gap="sm">
          <SimpleGrid cols={2}>
            <Select
              label={t('form.kind')}
              data={options(REPORT_KINDS, 'kinds')}
              allowDeselect={false}
              {...form.getInputProps('kind')}
            />
            <Select
              label={t('form.species')}
              data={options(SPECIES, 'species')}
              allowDeselect={false}
              {...form.getInputProps('species')}
            />
            <TextInput type="date" label={t('form.seenOn')} {...form.getInputProps('seenOn')} />
            <Select label={t('form.sex')} data={options(PET_SEXES, 'sexes')} clearable {...form.getInputProps('sex')} />
            <TextInput label={t('form.colour')} {...form.getInputProps('colour')} />
            <TextInput label={t('form.breed')} {...form.getInputProps('breed')} />
            <Select
              label={t('form.size')}
              data={options(PET_SIZES, 'sizes')}
              clearable
              {...form.getInputProps('size')}
            />
            <Select
              label={t('form.ageGroup')}
              data={options(AGE_GROUPS, 'ageGroups')}
              clearable
              {...form.getInputProps('ageGroup')}
            />
            <TextInput label={t('form.microchip')} {...form.getInputProps('microchip')} />
            <TextInput label={t('form.postcode')} {...form.getInputProps('postcode')} />
          </SimpleGrid>
          <TextInput label={t('form.place')} {...form.getInputProps('place')} />
          <Textarea label={t('form.features')} autosize minRows={2} {...form.getInputProps('features')} />
          <SimpleGrid cols={3}>
            <TextInput label={t('form.name')} withAsterisk {...form.getInputProps('name')} />
            <TextInput label={t('form.phone')} {...form.getInputProps('phone')} />
            <TextInput label={t('form.email')} {...form.getInputProps('email')} />
          </SimpleGrid>
          <DialogFailureAlert failure={failure.alert} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('form.cancel')}
            </Button>
            <Button type="submit" loading={add.isPending}>
              {t('form.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
