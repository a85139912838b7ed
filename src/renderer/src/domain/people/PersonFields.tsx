import {
  Checkbox,
  Group,
  MultiSelect,
  NumberInput,
  SegmentedControl,
  SimpleGrid,
  Stack,
  TagsInput,
  Text,
  TextInput,
  Textarea,
} from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { PERSON_KINDS, PERSON_ROLES } from '../../../../shared/people';
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
  if (props.brief) {
    return (
      <>
        <TextInput label="Name" withAsterisk {...form.getInputProps('name')} />
        <Group grow align="flex-start">
          {/* One number here: the People page takes more. */}
          <TextInput
            label="Phone"
            value={form.values.phones[0] ?? ''}
            onChange={(event) =>
              form.setFieldValue('phones', event.currentTarget.value ? [event.currentTarget.value] : [])
            }
            error={form.errors.phones}
          />
          <TextInput label="Email" {...form.getInputProps('email')} />
        </Group>
      </>
    );
  }
  const { categories } = props;
  return (
    <>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <TextInput
          label="Name"
          placeholder="e.g. Zoë Müller"
          withAsterisk
          data-autofocus
          {...form.getInputProps('name')}
        />
        <Stack gap={4}>
          <Text size="sm" fw={500} id="person-kind">
            Kind
          </Text>
          <SegmentedControl
            aria-labelledby="person-kind"
            data={PERSON_KINDS.map((value) => ({ value, label: KIND_WORDS[value] }))}
            {...form.getInputProps('kind')}
          />
        </Stack>
      </SimpleGrid>
      <MultiSelect
        label="Roles"
        placeholder="Adopter, foster, finder…"
        data={PERSON_ROLES.map((value) => ({ value, label: ROLE_WORDS[value] }))}
        clearable
        {...form.getInputProps('roles')}
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <TagsInput label="Phones" placeholder="A number, then Enter" maxTags={5} {...form.getInputProps('phones')} />
        <TextInput label="Email" type="email" placeholder="name@example.org" {...form.getInputProps('email')} />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
        <TextInput label="Address" style={{ gridColumn: 'span 2' }} {...form.getInputProps('address')} />
        <TextInput label="Postcode" {...form.getInputProps('postcode')} />
      </SimpleGrid>
      {/* The three ticks on one line, each one's field below once ticked: the dialog fits a 700 px window. */}
      <Group gap="lg" wrap="wrap">
        <Checkbox label="ID checked" {...form.getInputProps('idChecked', { type: 'checkbox' })} />
        <Checkbox label="Do not adopt to" color="red" {...form.getInputProps('doNotAdopt', { type: 'checkbox' })} />
        <Checkbox label="Approved foster home" {...form.getInputProps('fosterApproved', { type: 'checkbox' })} />
      </Group>
      {form.values.idChecked && (
        <TextInput label="Which ID" placeholder="passport, driving licence…" {...form.getInputProps('idCheckedWhat')} />
      )}
      {form.values.doNotAdopt && <TextInput label="Why" withAsterisk {...form.getInputProps('doNotAdoptReason')} />}
      {form.values.fosterApproved && (
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
          <NumberInput
            label="Capacity"
            description="animals at a time"
            min={1}
            max={100}
            allowDecimal={false}
            {...form.getInputProps('fosterCapacity')}
          />
          <MultiSelect
            label="Species it takes"
            description="Categories"
            placeholder={categories.isPending ? 'Loading…' : 'Any'}
            style={{ gridColumn: 'span 2' }}
            data={(categories.data ?? []).map((category) => ({ value: String(category.id), label: category.name }))}
            {...form.getInputProps('fosterSpecies')}
          />
        </SimpleGrid>
      )}
      <Textarea label="Notes" autosize minRows={1} maxRows={4} {...form.getInputProps('notes')} />
    </>
  );
}
