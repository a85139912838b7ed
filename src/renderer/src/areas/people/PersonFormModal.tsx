import { useTranslation } from 'react-i18next';
import { Alert, Anchor, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconCopy } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import type { Person, PersonKind, PersonRole, PersonWarning } from '../../../../shared/people';
import type { EditConflictDetails } from '../../../../shared/errors';
import {
  EditConflictPanel,
  differingRows,
  editConflictOf,
  mineOverTheirs,
  shownValue,
} from '../../ui/EditConflictPanel';
import { recordHref } from '../../ui/navigation';
import { useEnvironment } from '../../client/EnvironmentProvider';
import type { Failure } from '../../client/errors';
import { call } from '../../client/transport';
import { DialogFailureAlert } from '../../ui/DialogFailureAlert';
import {
  formValuesOf,
  PERSON_FIELD_LABEL,
  personOf,
  validatePerson,
  type PersonFormValues,
} from '../../domain/people/person-form';
import { PersonFields } from '../../domain/people/PersonFields';
import { KIND_WORDS, matchedWords, ROLE_WORDS } from '../../domain/people/person-labels';
import { personFailure } from './person-failures';
import { useAddPerson } from '../../client/people';
import { useCategoryNames, useEditPerson } from './queries';

/** Adding a person (person null) or editing one: every field of the register, with the engine's rules checked as staff type. */
export function PersonFormModal({
  opened,
  person,
  onClose,
}: {
  opened: boolean;
  person: Person | null;
  onClose: () => void;
}): React.JSX.Element {
  const { t } = useTranslation('people');
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={person ? t('form.editTitle', { name: person.name }) : t('form.addTitle')}
      size="lg"
      centered
    >
      {/* Keyed so each opening starts from the person as they are now. */}
      <PersonForm key={person?.id ?? 'new'} person={person} onDone={onClose} />
    </Modal>
  );
}

function PersonForm({ person, onDone }: { person: Person | null; onDone: () => void }): React.JSX.Element {
  const { t } = useTranslation(['people', 'common']);
  const environment = useEnvironment();
  const categories = useCategoryNames();
  const addPerson = useAddPerson();
  const editPerson = useEditPerson();
  const [alert, setAlert] = useState<Failure | null>(null);
  const [checking, setChecking] = useState(false);
  // Likely duplicates found before adding; any change to the form asks again.
  const [duplicates, setDuplicates] = useState<PersonWarning[]>([]);
  const warning = useRef<HTMLDivElement>(null);
  // The warning shows at the dialog's foot, beside its buttons: bring it into view in a small window.
  useEffect(() => {
    if (duplicates.length > 0) warning.current?.scrollIntoView({ block: 'nearest' });
  }, [duplicates]);
  const form = useForm<PersonFormValues>({
    initialValues: formValuesOf(person),
    validate: validatePerson,
    onValuesChange: () => setDuplicates([]),
  });

  // The version the person was opened at: a save over a newer one is refused (edit_conflict) and shown above the fields.
  const [version, setVersion] = useState(person?.version ?? 0);
  const [conflict, setConflict] = useState<EditConflictDetails | null>(null);
  const showFailure = (error: unknown) => {
    const found = editConflictOf(error);
    if (found) return setConflict(found);
    const placed = personFailure(error, Object.keys(form.values));
    if ('field' in placed) form.setFieldError(placed.field, placed.message);
    else setAlert(placed.alert);
  };

  const add = (values: PersonFormValues) =>
    addPerson.mutate(personOf(values), {
      onSuccess: ({ person: added }) => {
        onDone();
        window.location.assign(recordHref('people', added.id));
      },
      onError: showFailure,
    });

  const edit = (id: number, values: PersonFormValues, fromVersion: number) =>
    editPerson.mutate(
      { id, changes: personOf(values), version: fromVersion },
      { onSuccess: onDone, onError: showFailure },
    );
  const takeTheirs = (current: Person) => {
    form.setInitialValues(formValuesOf(current));
    form.setValues(formValuesOf(current));
    setVersion(current.version);
    setConflict(null);
  };
  const speciesNames = (ids: number[]) =>
    ids.map((id) => categories.data?.find((category) => category.id === id)?.name ?? `#${id}`);
  const shownField = (field: keyof PersonFormValues, value: unknown) => {
    if (field === 'roles') return shownValue((value as PersonRole[]).map((role) => ROLE_WORDS[role]));
    if (field === 'kind') return KIND_WORDS[value as PersonKind];
    if (field === 'fosterSpecies') return shownValue(speciesNames(value as number[]));
    return shownValue(value);
  };

  const save = form.onSubmit(async (values) => {
    setAlert(null);
    if (person) return edit(person.id, values, version);
    setChecking(true);
    try {
      const found = await call('people.duplicates', { environment, person: personOf(values) });
      if (found.length > 0) setDuplicates(found);
      else add(values);
    } catch (error) {
      showFailure(error);
    } finally {
      setChecking(false);
    }
  });

  return (
    <form onSubmit={save} noValidate>
      <Stack gap="xs">
        {person && conflict && (
          <EditConflictPanel
            conflict={conflict}
            rows={differingRows(
              Object.keys(PERSON_FIELD_LABEL) as (keyof PersonFormValues)[],
              (field) => PERSON_FIELD_LABEL[field],
              personOf(formValuesOf(conflict.current as Person)),
              personOf(form.values),
              shownField,
            )}
            saving={editPerson.isPending}
            onUseTheirs={() => takeTheirs(conflict.current as Person)}
            onSaveMine={() =>
              edit(
                person.id,
                mineOverTheirs(form.getInitialValues(), form.getValues(), formValuesOf(conflict.current as Person)),
                conflict.currentVersion,
              )
            }
          />
        )}
        <PersonFields form={form} categories={categories} />
        {duplicates.length > 0 && (
          <Alert
            ref={warning}
            color="orange"
            variant="light"
            icon={<IconCopy />}
            title={t('form.maybeDuplicate')}
            data-testid="duplicate-warning"
            py="xs"
          >
            <Stack gap={2}>
              {duplicates.map((duplicate) => (
                <Text key={duplicate.personId} size="sm" style={{ overflowWrap: 'anywhere' }}>
                  <Anchor href={recordHref('people', duplicate.personId)} onClick={onDone} inherit fw={500}>
                    {duplicate.name}
                  </Anchor>{' '}
                  {t('form.duplicateHas', { id: duplicate.personId, matched: matchedWords(duplicate.matched) })}
                </Text>
              ))}
              <Text size="sm">{t('form.duplicateHint')}</Text>
            </Stack>
          </Alert>
        )}
        <DialogFailureAlert failure={alert} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            {t('common:cancel')}
          </Button>
          {duplicates.length > 0 ? (
            <Button color="orange" loading={addPerson.isPending} onClick={() => add(form.getValues())}>
              {t('form.addAnyway')}
            </Button>
          ) : (
            <Button type="submit" loading={checking || addPerson.isPending || editPerson.isPending}>
              {person ? t('form.save') : t('addPerson')}
            </Button>
          )}
        </Group>
      </Stack>
    </form>
  );
}
