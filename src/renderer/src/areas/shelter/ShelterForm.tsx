import { Button, Group, Select, SimpleGrid, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useEffect, useRef, useState } from 'react';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import {
  CONTRACT_TERMS_MAX,
  LANGUAGE_NAMES,
  PUBLISHED_LANGUAGES,
  SHELTER_FIELDS,
  ShelterChangeSchema,
  type ShelterChange,
  type ShelterField,
  type ShelterProfile,
} from '../../../../shared/shelter';
import type { EditConflictDetails } from '../../../../shared/errors';
import {
  EditConflictPanel,
  differingRows,
  editConflictOf,
  mineOverTheirs,
  shownValue,
} from '../../ui/EditConflictPanel';
import { useDialogFailure } from '../../ui/dialog';
import { DialogFailureAlert } from '../../ui/DialogFailureAlert';
import { useSaveShelter } from './queries';

type ShelterValues = Record<ShelterField, string>;

const resolver = zod4Resolver(ShelterChangeSchema);

/** Each field as the form labels it (a conflict shows the differing ones by these words). */
const SHELTER_FIELD_LABEL: Record<ShelterField, string> = {
  name: 'Name',
  address: 'Address',
  phone: 'Phone',
  email: 'Email',
  website: 'Website',
  openingHours: 'Opening hours',
  howToAdopt: 'How to adopt',
  currency: 'Currency',
  language: 'Language',
  contractTerms: 'Adoption contract terms',
};

const LANGUAGE_OPTIONS = PUBLISHED_LANGUAGES.map((code) => ({ value: code, label: LANGUAGE_NAMES[code] }));

function valuesOf(shelter: ShelterProfile): ShelterValues {
  return Object.fromEntries(SHELTER_FIELDS.map((field) => [field, shelter[field] ?? ''])) as ShelterValues;
}

/** Every field, so the save says what the form shows: an emptied field clears (null). */
function changeOf(values: ShelterValues): ShelterChange {
  return Object.fromEntries(SHELTER_FIELDS.map((field) => [field, values[field].trim() === '' ? null : values[field]]));
}

export function ShelterForm({ shelter }: { shelter: ShelterProfile }): React.JSX.Element {
  const save = useSaveShelter();
  const form = useForm<ShelterValues>({
    initialValues: valuesOf(shelter),
    validate: (values) => resolver(changeOf(values)),
  });
  const failure = useDialogFailure(form);
  // The version what the form shows comes from: a save over a newer one is refused (edit_conflict) and shown above the fields.
  const version = useRef(shelter.version);
  const [conflict, setConflict] = useState<EditConflictDetails | null>(null);
  const { isDirty, setInitialValues, setValues } = form;
  // Untouched, the form follows the profile as it changes (the CLI, another desk): only what was typed is held to its version.
  useEffect(() => {
    if (shelter.version <= version.current || isDirty()) return;
    setInitialValues(valuesOf(shelter));
    setValues(valuesOf(shelter));
    version.current = shelter.version;
  }, [shelter, isDirty, setInitialValues, setValues]);

  const send = (values: ShelterValues, fromVersion: number) => {
    failure.clear();
    save.mutate(
      { shelter: changeOf(values), version: fromVersion },
      {
        onSuccess: (saved) => {
          version.current = saved.version;
          setConflict(null);
          form.setInitialValues(values);
          form.resetDirty(values);
        },
        onError: (error) => {
          const found = editConflictOf(error);
          if (found) setConflict(found);
          else failure.show(error);
        },
      },
    );
  };
  // Made at the submit, not in render: the version is read when the form is sent.
  const submit = (event: React.FormEvent<HTMLFormElement>) =>
    form.onSubmit((values) => send(values, version.current))(event);
  const takeTheirs = (current: ShelterProfile) => {
    const theirs = valuesOf(current);
    form.setInitialValues(theirs);
    form.setValues(theirs);
    form.resetDirty(theirs);
    version.current = current.version;
    setConflict(null);
  };

  return (
    <form onSubmit={submit} data-testid="shelter-form">
      <Stack gap="sm">
        {conflict && (
          <EditConflictPanel
            conflict={conflict}
            rows={differingRows(
              SHELTER_FIELDS,
              (field) => SHELTER_FIELD_LABEL[field],
              changeOf(valuesOf(conflict.current as ShelterProfile)),
              changeOf(form.values),
              (field, value) =>
                field === 'language' && typeof value === 'string'
                  ? LANGUAGE_NAMES[value as keyof typeof LANGUAGE_NAMES]
                  : shownValue(value),
            )}
            saving={save.isPending}
            onUseTheirs={() => takeTheirs(conflict.current as ShelterProfile)}
            onSaveMine={() => {
              const merged = mineOverTheirs(
                form.getInitialValues(),
                form.getValues(),
                valuesOf(conflict.current as ShelterProfile),
              );
              form.setValues(merged);
              send(merged, conflict.currentVersion);
            }}
          />
        )}
        <TextInput
          label="Name"
          description="The title of the adoption site"
          placeholder="e.g. Happy Tails Rescue"
          {...form.getInputProps('name')}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TextInput label="Phone" placeholder="+1 555 0100" {...form.getInputProps('phone')} />
          <TextInput label="Email" placeholder="adopt@example.org" {...form.getInputProps('email')} />
          <TextInput label="Website" placeholder="https://example.org" {...form.getInputProps('website')} />
          <TextInput
            label="Currency"
            description="ISO 4217 code of adoption fees"
            placeholder="e.g. USD, EUR, GBP"
            {...form.getInputProps('currency')}
          />
          <Select
            label="Language"
            description="Of the adoption site, kennel cards and contracts"
            data={LANGUAGE_OPTIONS}
            allowDeselect={false}
            {...form.getInputProps('language')}
            value={form.values.language || 'en'}
            onChange={(value) => form.setFieldValue('language', value ?? 'en')}
          />
        </SimpleGrid>
        <Textarea label="Address" autosize minRows={2} maxRows={5} {...form.getInputProps('address')} />
        <Textarea
          label="Opening hours"
          placeholder="Tue–Sat 10:00–17:00"
          autosize
          minRows={2}
          maxRows={6}
          {...form.getInputProps('openingHours')}
        />
        <Textarea
          label="How to adopt"
          description="Plain text; a blank line starts a new paragraph"
          autosize
          minRows={3}
          maxRows={10}
          {...form.getInputProps('howToAdopt')}
        />
        <Stack gap={4}>
          <Textarea
            label="Adoption contract terms"
            description="Private: printed on every adoption contract, never published. A blank line starts a new paragraph."
            autosize
            minRows={3}
            maxRows={8}
            {...form.getInputProps('contractTerms')}
          />
          <TermsCount length={form.values.contractTerms.length} />
        </Stack>
        <DialogFailureAlert failure={failure.alert} />
        <Group justify="flex-end">
          <Button variant="default" onClick={() => form.reset()} disabled={!form.isDirty()}>
            Undo changes
          </Button>
          <Button type="submit" loading={save.isPending}>
            Save shelter profile
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** How much of the contract terms' room is used, told to screen readers as it changes. */
function TermsCount({ length }: { length: number }): React.JSX.Element {
  return (
    <Text
      size="xs"
      ta="right"
      c={length > CONTRACT_TERMS_MAX ? 'red' : 'dimmed'}
      aria-live="polite"
      data-testid="contract-terms-count"
    >
      {length.toLocaleString('en-US')} / {CONTRACT_TERMS_MAX.toLocaleString('en-US')} characters
    </Text>
  );
}
