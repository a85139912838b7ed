import {
  Checkbox,
  Group,
  MultiSelect,
  SegmentedControl,
  SimpleGrid,
  Stack,
  TagsInput,
  Text,
  TextInput,
  Textarea,
} from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { PERSON_KINDS, PERSON_ROLES } from '../../../../shared/people';
import { FigureInput } from '../../ui/FigureInput';
import { KIND_WORDS, ROLE_WORDS } from './person-labels';
import type { PersonFormValues } from './person-form';

type PersonFieldsProps =
  /** A new person on the spot, inside another dialog: the name and one way to reach them (the People page has the rest). */
  | { form: UseFormReturnType<PersonFormValues>; brief: true }
  /** Every field of the register; the categories are the species a foster home takes. */
  | {
      form: UseFormReturnType<PersonFormValues>;
      brief?: false;
      categories: { data?: readonly { id: number; name: string }[]; isPending: boolean };
    };

/** A person's fields, bound to a form of PersonFormValues, checked by validatePerson. */
export function PersonFields(props: PersonFieldsProps): React.JSX.Element {
  const { form } = props;
  const { t } = useTranslation(['people', 'domain']);
  if (props.brief) {
    return (
      <>
        <TextInput label={t('domain:people.field.name')} withAsterisk {...form.getInputProps('name')} />
        <Group grow align="flex-start">
          {/* One number here: the People page takes more. */}
          <TextInput
            label={t('fields.phone')}
            value={form.values.phones[0] ?? ''}
            onChange={(event) =>
              form.setFieldValue('phones', event.currentTarget.value ? [event.currentTarget.value] : [])
            }
            error={form.errors.phones}
          />
          <TextInput label={t('domain:people.field.email')} {...form.getInputProps('email')} />
        </Group>
      </>
    );
  }
  const { categories } = props;
  return (
    <>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <TextInput
          label={t('domain:people.field.name')}
          placeholder={t('fields.namePlaceholder')}
          withAsterisk
          data-autofocus
          {...form.getInputProps('name')}
        />
        <Stack gap={4}>
          <Text size="sm" fw={500} id="person-kind">
            {t('domain:people.field.kind')}
          </Text>
          <SegmentedControl
            aria-labelledby="person-kind"
            data={PERSON_KINDS.map((value) => ({ value, label: KIND_WORDS[value] }))}
            {...form.getInputProps('kind')}
          />
        </Stack>
      </SimpleGrid>
      <MultiSelect
        label={t('domain:people.field.roles')}
        placeholder={t('fields.rolesPlaceholder')}
        data={PERSON_ROLES.map((value) => ({ value, label: ROLE_WORDS[value] }))}
        clearable
        {...form.getInputProps('roles')}
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <TagsInput
          label={t('domain:people.field.phones')}
          placeholder={t('fields.phonesPlaceholder')}
          maxTags={5}
          {...form.getInputProps('phones')}
        />
        <TextInput
          label={t('domain:people.field.email')}
          type="email"
          placeholder={t('fields.emailPlaceholder')}
          {...form.getInputProps('email')}
        />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
        <TextInput
          label={t('domain:people.field.address')}
          style={{ gridColumn: 'span 2' }}
          {...form.getInputProps('address')}
        />
        <TextInput label={t('domain:people.field.postcode')} {...form.getInputProps('postcode')} />
      </SimpleGrid>
      {/* The three ticks on one line, each one's field below once ticked: the dialog fits a 700 px window. */}
      <Group gap="lg" wrap="wrap">
        <Checkbox
          label={t('domain:people.field.idChecked')}
          {...form.getInputProps('idChecked', { type: 'checkbox' })}
        />
        <Checkbox
          label={t('domain:people.field.doNotAdopt')}
          color="red"
          {...form.getInputProps('doNotAdopt', { type: 'checkbox' })}
        />
        <Checkbox
          label={t('domain:people.field.fosterApproved')}
          {...form.getInputProps('fosterApproved', { type: 'checkbox' })}
        />
      </Group>
      {form.values.idChecked && (
        <TextInput
          label={t('domain:people.field.idCheckedWhat')}
          placeholder={t('fields.idPlaceholder')}
          {...form.getInputProps('idCheckedWhat')}
        />
      )}
      {form.values.doNotAdopt && (
        <TextInput label={t('fields.why')} withAsterisk {...form.getInputProps('doNotAdoptReason')} />
      )}
      {form.values.fosterApproved && (
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
          <FigureInput
            label={t('fields.capacity')}
            description={t('fields.capacityHint')}
            {...form.getInputProps('fosterCapacity')}
          />
          <MultiSelect
            label={t('fields.species')}
            description={t('fields.speciesHint')}
            placeholder={categories.isPending ? t('fields.loading') : t('fields.anySpecies')}
            style={{ gridColumn: 'span 2' }}
            data={(categories.data ?? []).map((category) => ({ value: String(category.id), label: category.name }))}
            {...form.getInputProps('fosterSpecies')}
          />
        </SimpleGrid>
      )}
      <Textarea
        label={t('domain:people.field.notes')}
        autosize
        minRows={1}
        maxRows={4}
        {...form.getInputProps('notes')}
      />
    </>
  );
}
