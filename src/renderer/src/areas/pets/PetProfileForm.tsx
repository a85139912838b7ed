import {
  Badge,
  Button,
  Fieldset,
  Group,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Textarea,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconLock } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  DESCRIPTION_MAX,
  GOOD_WITH,
  PET_COATS,
  PET_PROFILE_FIELDS,
  PET_SEXES,
  PET_SIZES,
  PetProfileChangeSchema,
  type PetDetails,
  type PetProfile,
} from '../../../../shared/pet-profile';
import type { EditConflictDetails } from '../../../../shared/errors';
import { EditConflictPanel, differingRows, editConflictOf, mineOverTheirs } from '../../ui/EditConflictPanel';
import { PROFILE_FIELD_LABEL } from '../../domain/pets/profile-labels';
import { useDialogFailure } from '../../ui/dialog';
import { DialogFailureAlert } from '../../ui/DialogFailureAlert';
import { clearButtonNamed } from '../../ui/clear-button';
import { formatFigure } from '../../ui/format';
import { changeOf, valuesOf, type ProfileValues } from './profile-values';
import { profileIssueWords, profileRefusalWords } from './profile-words';
import { useSavePetProfile } from './queries';
import { useCan } from '../../client/staff';
import { useUnsavedChanges } from '../../ui/unsaved-changes';
import { windowIssueMessage } from '../../ui/zod-words';

/** The shared schema's verdict, one message under each field; the rules the window words itself in its words. */
function validate(values: ProfileValues): Record<string, string> {
  const result = PetProfileChangeSchema.safeParse(changeOf(values));
  if (result.success) return {};
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const worded = profileIssueWords(issue);
    errors[worded?.field ?? issue.path.map(String).join('.')] ??= worded?.message ?? windowIssueMessage(issue);
  }
  return errors;
}

/**
 * A pet's profile, in sections, checked with the shared schema before it is sent; a refused save
 * keeps what was typed and says why under the field (or above the buttons).
 */
/** `onDone` after a save, and as Cancel; without it (on the record page) Cancel puts back what is saved. */
export function PetProfileForm({ details, onDone }: { details: PetDetails; onDone?: () => void }): React.JSX.Element {
  const save = useSavePetProfile();
  const { t } = useTranslation(['pets', 'domain', 'common']);
  const privateMark = t('profile.privateMark');
  const yesNo = [
    { value: 'yes', label: t('profile.answer.yes') },
    { value: 'no', label: t('profile.answer.no') },
  ];
  const goodWith = GOOD_WITH.map((value) => ({ value, label: t(`profile.answer.${value}`) }));
  const sexes = PET_SEXES.map((value) => ({ value, label: t(`domain:animals.sex.${value}`) }));
  const coats = PET_COATS.map((value) => ({ value, label: t(`domain:animals.coat.${value}`) }));
  const sizes = PET_SIZES.map((value) => ({ value, label: t(`domain:animals.size.${value}`) }));
  // A role that may not save the profile (a volunteer) reads it, and the engine sends it without the private fields: not shown at all, never sent.
  const editable = useCan('pets.setProfile');
  const form = useForm<ProfileValues>({ initialValues: valuesOf(details.profile), validate });
  useUnsavedChanges(form.isDirty());
  const failure = useDialogFailure(form);
  const { pet } = details;
  // The animal's version what the form shows comes from: a save over a newer one is refused (edit_conflict), never silently lost.
  const version = useRef(pet.version);
  const [conflict, setConflict] = useState<EditConflictDetails | null>(null);
  const { isDirty, setInitialValues, setValues } = form;
  // Untouched, the form follows the animal (a movement, another desk): only what was typed is held to the version it started from.
  useEffect(() => {
    if (details.pet.version <= version.current || isDirty()) return;
    const stored = valuesOf(details.profile);
    setInitialValues(stored);
    setValues(stored);
    version.current = details.pet.version;
  }, [details, isDirty, setInitialValues, setValues]);

  const send = (values: ProfileValues, fromVersion: number) => {
    failure.clear();
    const refused = (error: unknown) => {
      const found = editConflictOf(error);
      const worded = profileRefusalWords(error);
      if (found) setConflict(found);
      else if (worded) form.setFieldError(worded.field, worded.message);
      else failure.show(error);
    };
    save.mutate(
      { id: pet.id, name: pet.name, profile: changeOf(values, editable), version: fromVersion },
      {
        onSuccess: (saved) => {
          version.current = saved.version;
          setConflict(null);
          // What is saved is what Undo goes back to.
          form.setInitialValues(values);
          form.resetDirty(values);
          onDone?.();
        },
        onError: refused,
      },
    );
  };
  // Made at the submit, not in render: the version is read when the form is sent.
  const submit = (event: React.FormEvent<HTMLFormElement>) =>
    form.onSubmit((values) => send(values, version.current))(event);
  const takeTheirs = (found: EditConflictDetails) => {
    const theirs = valuesOf(found.current as PetProfile);
    form.setInitialValues(theirs);
    form.setValues(theirs);
    form.resetDirty(theirs);
    version.current = found.currentVersion;
    setConflict(null);
  };
  const saveMine = (found: EditConflictDetails) => {
    const merged = mineOverTheirs(form.getInitialValues(), form.getValues(), valuesOf(found.current as PetProfile));
    // The form shows what is sent: their fields where this desk typed nothing.
    form.setValues(merged);
    send(merged, found.currentVersion);
  };
  const select = (field: keyof ProfileValues, label: string, data: { value: string; label: string }[]) => (
    // An unset field is null to the Select ('' would count as a value and show the clear button).
    <Select
      label={label}
      placeholder={t('profile.notRecorded')}
      clearable
      clearButtonProps={clearButtonNamed(t('common:clear.field', { field: label }))}
      data={data}
      {...form.getInputProps(field)}
      value={(form.values[field] as string) || null}
    />
  );

  return (
    <form onSubmit={submit} data-testid="pet-profile-form">
      <Fieldset variant="unstyled" disabled={!editable}>
        <Stack gap="md">
          {conflict && (
            <EditConflictPanel
              conflict={conflict}
              rows={differingRows(
                PET_PROFILE_FIELDS,
                (field) => PROFILE_FIELD_LABEL[field],
                valuesOf(conflict.current as PetProfile),
                form.values,
              )}
              saving={save.isPending}
              onUseTheirs={() => takeTheirs(conflict)}
              onSaveMine={() => saveMine(conflict)}
            />
          )}
          <Fieldset legend={t('profile.looks')}>
            <SimpleGrid cols={2} spacing="sm">
              <TextInput
                label={t('field.breedPrimary')}
                placeholder={t('profile.breedExample')}
                {...form.getInputProps('breedPrimary')}
              />
              <TextInput label={t('field.breedSecondary')} {...form.getInputProps('breedSecondary')} />
              {select('breedMixed', t('field.breedMixed'), yesNo)}
              <TextInput
                label={t('field.color')}
                placeholder={t('profile.colourExample')}
                {...form.getInputProps('color')}
              />
              {select('coat', t('field.coat'), coats)}
              {select('size', t('field.size'), sizes)}
            </SimpleGrid>
          </Fieldset>

          <Fieldset legend={t('profile.ageAndArrival')}>
            <SimpleGrid cols={2} spacing="sm">
              {select('sex', t('field.sex'), sexes)}
              <TextInput
                label={t('field.birthDate')}
                description={
                  details.ageGroup
                    ? t('profile.ageGroup', { group: t(`domain:animals.ageGroup.${details.ageGroup}`) })
                    : t('profile.bornHint')
                }
                placeholder={t('profile.datePattern')}
                {...form.getInputProps('birthDate')}
              />
              <TextInput
                label={t('field.intakeDate')}
                placeholder={t('profile.datePattern')}
                {...form.getInputProps('intakeDate')}
              />
              <NumberInput
                label={details.currency ? t('profile.feeIn', { currency: details.currency }) : t('field.adoptionFee')}
                description={details.currency ? undefined : t('profile.noCurrency')}
                placeholder={t('profile.notRecorded')}
                allowNegative={false}
                {...form.getInputProps('adoptionFee')}
              />
            </SimpleGrid>
          </Fieldset>

          <Fieldset legend={t('profile.gettingAlong')}>
            <SimpleGrid cols={2} spacing="sm">
              {select('goodWithKids', t('field.goodWithKids'), goodWith)}
              {select('goodWithDogs', t('field.goodWithDogs'), goodWith)}
              {select('goodWithCats', t('field.goodWithCats'), goodWith)}
              {select('houseTrained', t('field.houseTrained'), yesNo)}
              {select('spayedNeutered', t('field.spayedNeutered'), yesNo)}
            </SimpleGrid>
          </Fieldset>

          <Fieldset legend={t('profile.forAdopters')}>
            <Stack gap="sm">
              <Textarea
                label={t('field.description')}
                description={t('profile.descriptionHint', { max: formatFigure(DESCRIPTION_MAX) })}
                autosize
                minRows={4}
                maxRows={12}
                {...form.getInputProps('description')}
              />
              <Textarea
                label={t('field.specialNeeds')}
                autosize
                minRows={2}
                maxRows={6}
                {...form.getInputProps('specialNeeds')}
              />
            </Stack>
          </Fieldset>

          {editable && (
            <Fieldset
              data-testid="private-fields"
              legend={
                <Group gap={6} wrap="nowrap">
                  <IconLock size={14} aria-hidden />
                  <Text span size="sm" fw={600}>
                    {t('profile.staffOnly')}
                  </Text>
                  <Badge color="red" variant="light" size="sm">
                    {privateMark}
                  </Badge>
                </Group>
              }
            >
              <SimpleGrid cols={2} spacing="sm">
                <TextInput
                  label={t('field.microchipNumber')}
                  description={privateMark}
                  {...form.getInputProps('microchipNumber')}
                />
                <TextInput
                  label={t('field.kennelLocation')}
                  description={privateMark}
                  placeholder={t('profile.kennelExample')}
                  {...form.getInputProps('kennelLocation')}
                />
              </SimpleGrid>
              <Textarea
                mt="sm"
                label={t('field.internalNotes')}
                description={privateMark}
                autosize
                minRows={2}
                maxRows={8}
                {...form.getInputProps('internalNotes')}
              />
            </Fieldset>
          )}

          <DialogFailureAlert failure={failure.alert} />
          {editable && (
            <Group justify="flex-end">
              <Button variant="default" onClick={onDone ?? (() => form.reset())}>
                {onDone ? t('form.cancel') : t('profile.undo')}
              </Button>
              <Button type="submit" loading={save.isPending}>
                {t('profile.save')}
              </Button>
            </Group>
          )}
        </Stack>
      </Fieldset>
    </form>
  );
}
