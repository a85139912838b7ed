import { Button, Group, Select, SimpleGrid, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { windowResolver } from '../../ui/zod-words';
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
import { formatFigure } from '../../ui/format';
import { useSaveShelter } from './queries';
import { useUnsavedChanges } from '../../ui/unsaved-changes';

type ShelterValues = Record<ShelterField, string>;

const resolver = windowResolver(ShelterChangeSchema);

const LANGUAGE_OPTIONS = PUBLISHED_LANGUAGES.map((code) => ({ value: code, label: LANGUAGE_NAMES[code] }));

function valuesOf(shelter: ShelterProfile): ShelterValues {
  return Object.fromEntries(SHELTER_FIELDS.map((field) => [field, shelter[field] ?? ''])) as ShelterValues;
}

/** Every field, so the save says what the form shows: an emptied field clears (null). */
function changeOf(values: ShelterValues): ShelterChange {
  return Object.fromEntries(SHELTER_FIELDS.map((field) => [field, values[field].trim() === '' ? null : values[field]]));
}

export function ShelterForm({ shelter }: { shelter: ShelterProfile }): React.JSX.Element {
  const { t } = useTranslation('shelter');
  const save = useSaveShelter();
  const form = useForm<ShelterValues>({
    initialValues: valuesOf(shelter),
    validate: (values) => resolver(changeOf(values)),
  });
  useUnsavedChanges(form.isDirty());
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
              (field) => t(`field.${field}`),
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
          label={t('field.name')}
          description={t('hint.name')}
          placeholder={t('placeholder.name')}
          {...form.getInputProps('name')}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TextInput label={t('field.phone')} placeholder={t('placeholder.phone')} {...form.getInputProps('phone')} />
          <TextInput label={t('field.email')} placeholder="adopt@example.org" {...form.getInputProps('email')} />
          <TextInput label={t('field.website')} placeholder="https://example.org" {...form.getInputProps('website')} />
          <TextInput
            label={t('field.currency')}
            description={t('hint.currency')}
            placeholder={t('placeholder.currency')}
            {...form.getInputProps('currency')}
          />
          <Select
            label={t('field.language')}
            description={t('hint.language')}
            data={LANGUAGE_OPTIONS}
            allowDeselect={false}
            {...form.getInputProps('language')}
            value={form.values.language || 'en'}
            onChange={(value) => form.setFieldValue('language', value ?? 'en')}
          />
        </SimpleGrid>
        <Textarea label={t('field.address')} autosize minRows={2} maxRows={5} {...form.getInputProps('address')} />
        <Textarea
          label={t('field.openingHours')}
          placeholder={t('placeholder.openingHours')}
          autosize
          minRows={2}
          maxRows={6}
          {...form.getInputProps('openingHours')}
        />
        <Textarea
          label={t('field.howToAdopt')}
          description={t('hint.howToAdopt')}
          autosize
          minRows={3}
          maxRows={10}
          {...form.getInputProps('howToAdopt')}
        />
        <Stack gap={4}>
          <Textarea
            label={t('field.contractTerms')}
            description={t('hint.contractTerms')}
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
            {t('undo')}
          </Button>
          <Button type="submit" loading={save.isPending}>
            {t('save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** How much of the contract terms' room is used, told to screen readers as it changes. */
function TermsCount({ length }: { length: number }): React.JSX.Element {
  const { t } = useTranslation('shelter');
  return (
    <Text
      size="xs"
      ta="right"
      c={length > CONTRACT_TERMS_MAX ? 'red' : 'dimmed'}
      aria-live="polite"
      data-testid="contract-terms-count"
    >
      {t('termsCount', { length: formatFigure(length), max: formatFigure(CONTRACT_TERMS_MAX) })}
    </Text>
  );
}
