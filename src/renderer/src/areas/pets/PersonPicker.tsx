import { Alert, Badge, Button, Checkbox, Group, Paper, Select, Stack, Text, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useDebouncedValue } from '@mantine/hooks';
import { IconAlertTriangle, IconUserPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Person, PersonRole, PersonWarning } from '../../../../shared/people';
import { useEnvironment } from '../../client/EnvironmentProvider';
import { describeFailure } from '../../client/errors';
import { call } from '../../client/transport';
import { clearButtonNamed } from '../../ui/clear-button';
import { formValuesOf, personOf, validatePerson, type PersonFormValues } from '../../domain/people/person-form';
import { PersonFields } from '../../domain/people/PersonFields';
import { matchedWords } from '../../domain/people/person-labels';
import { useAddPerson } from '../../client/people';
import { usePeopleSearch } from './movement-queries';

interface PersonPickerProps {
  label: string;
  /** Given to a person added here, so the register says what they are to the shelter. */
  role: PersonRole;
  value: number | null;
  onChange: (person: Person | null) => void;
  error?: React.ReactNode;
  required?: boolean;
}

/** Anyone in the register, searched by the engine (case and accents folded), or a new person added on the spot. */
export function PersonPicker({ label, role, value, onChange, error, required }: PersonPickerProps): React.JSX.Element {
  const { t } = useTranslation(['pets', 'common']);
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 200);
  const people = usePeopleSearch(debounced);
  // Everyone seen, so the chosen person keeps their name while another search runs.
  const [known, setKnown] = useState(new Map<number, Person>());
  const [adding, setAdding] = useState(false);
  const found = people.data?.people ?? [];
  const chosen = value === null ? undefined : (found.find((person) => person.id === value) ?? known.get(value));
  const options = [...found, ...(chosen && !found.some((person) => person.id === chosen.id) ? [chosen] : [])];

  const choose = (person: Person | null) => {
    if (person) setKnown((current) => new Map(current).set(person.id, person));
    onChange(person);
  };

  return (
    <Stack gap={6}>
      <Select<number>
        label={label}
        withAsterisk={required}
        placeholder={t('picker.search')}
        searchable
        clearable
        clearButtonProps={clearButtonNamed(t('common:clear.field', { field: label }))}
        searchValue={search}
        onSearchChange={setSearch}
        // The engine has matched already (accents folded): the list shows what it found.
        filter={({ options: all }) => all}
        data={options.map((person) => ({ value: person.id, label: person.name }))}
        renderOption={({ option }) => <PersonOption person={options.find((person) => person.id === option.value)} />}
        value={value}
        onChange={(id) => choose(id === null ? null : (options.find((person) => person.id === id) ?? null))}
        nothingFoundMessage={people.isFetching ? t('picker.searching') : t('picker.nobody')}
        error={error}
        comboboxProps={{ withinPortal: true }}
      />
      {adding ? (
        <NewPersonForm
          role={role}
          onCancel={() => setAdding(false)}
          onChosen={(person) => {
            setAdding(false);
            choose(person);
          }}
        />
      ) : (
        <Group>
          <Button
            variant="subtle"
            size="compact-sm"
            leftSection={<IconUserPlus size={14} />}
            onClick={() => setAdding(true)}
          >
            {t('picker.addNew')}
          </Button>
        </Group>
      )}
    </Stack>
  );
}

function PersonOption({ person }: { person: Person | undefined }): React.JSX.Element | null {
  const { t } = useTranslation('pets');
  if (!person) return null;
  const contact = person.email ?? person.phones[0] ?? person.postcode;
  return (
    <Group gap={6} wrap="nowrap">
      <Text size="sm">{person.name}</Text>
      {contact && (
        <Text size="xs" c="dimmed">
          {contact}
        </Text>
      )}
      {person.doNotAdopt && (
        <Badge color="red" variant="light" size="xs">
          {t('picker.doNotAdopt')}
        </Badge>
      )}
    </Group>
  );
}

/**
 * A new person in a few fields (the People page has the rest); not a form of its own, as it sits inside
 * the dialog's. Likely duplicates are asked about before anything is saved (docs/decisions.md).
 */
function NewPersonForm({
  role,
  onCancel,
  onChosen,
}: {
  role: PersonRole;
  onCancel: () => void;
  onChosen: (person: Person) => void;
}): React.JSX.Element {
  const environment = useEnvironment();
  const { t } = useTranslation('pets');
  const [failure, setFailure] = useState<string | null>(null);
  // Found before adding; any change to the fields asks again.
  const [duplicates, setDuplicates] = useState<PersonWarning[]>([]);
  const [busy, setBusy] = useState(false);
  const add = useAddPerson();
  const form = useForm<PersonFormValues>({
    initialValues: { ...formValuesOf(null), roles: [role] },
    validate: validatePerson,
    onValuesChange: () => setDuplicates([]),
  });

  /** Runs the call, its failure shown in the box. */
  const attempt = async (run: () => Promise<void>) => {
    setFailure(null);
    setBusy(true);
    try {
      await run();
    } catch (error) {
      setFailure(describeFailure(error).message);
    } finally {
      setBusy(false);
    }
  };

  const submit = () => {
    if (form.validate().hasErrors) return;
    const person = personOf(form.getValues());
    const askedAlready = duplicates.length > 0;
    void attempt(async () => {
      if (!askedAlready) {
        const found = await call('people.duplicates', { environment, person });
        if (found.length > 0) return setDuplicates(found);
      }
      onChosen((await add.mutateAsync(person)).person);
    });
  };
  const chooseExisting = (personId: number) =>
    void attempt(async () => onChosen((await call('people.show', { environment, id: personId })).person));

  return (
    <Paper withBorder p="sm" radius="md" data-testid="new-person">
      <Stack gap="xs">
        <Text size="sm" fw={500}>
          {t('picker.newPerson')}
        </Text>
        <PersonFields form={form} brief />
        {duplicates.length > 0 && (
          <Alert
            color="orange"
            variant="light"
            icon={<IconAlertTriangle />}
            title={t('picker.maybeKnown')}
            data-testid="duplicate-warning"
          >
            <Stack gap={4}>
              {duplicates.map((duplicate) => (
                <Group key={duplicate.personId} gap="xs" wrap="wrap">
                  <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                    {t('picker.duplicate', { name: duplicate.name, matched: matchedWords(duplicate.matched) })}
                  </Text>
                  <Button size="compact-xs" variant="light" onClick={() => chooseExisting(duplicate.personId)}>
                    {t('list.choose', { name: duplicate.name })}
                  </Button>
                </Group>
              ))}
            </Stack>
          </Alert>
        )}
        {failure && (
          <Text size="sm" c="red">
            {failure}
          </Text>
        )}
        <Group justify="flex-end" gap="xs">
          <Button variant="default" size="xs" onClick={onCancel}>
            {t('form.cancel')}
          </Button>
          <Button size="xs" onClick={submit} loading={busy}>
            {duplicates.length > 0 ? t('picker.addAnyway') : t('picker.add')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

interface OverrideProps {
  person: Person | null;
  checked: boolean;
  onCheck: (checked: boolean) => void;
  /** The form's props for the override's reason (`form.getInputProps`). */
  reasonProps: React.ComponentProps<typeof Textarea>;
  checkError?: React.ReactNode;
}

/** A person flagged "do not adopt to": the reason, and an override ticked on purpose with why (written to the animal's history). */
export function DoNotAdoptOverride({
  person,
  checked,
  onCheck,
  reasonProps,
  checkError,
}: OverrideProps): React.JSX.Element | null {
  const { t } = useTranslation('pets');
  if (!person?.doNotAdopt) return null;
  return (
    <Alert
      color="red"
      variant="light"
      icon={<IconAlertTriangle />}
      title={t('picker.flagged', { name: person.name })}
      data-testid="do-not-adopt"
    >
      <Stack gap="xs">
        <Text size="sm">{person.doNotAdoptReason ?? t('picker.noReason')}</Text>
        <Checkbox
          label={t('picker.goAhead')}
          checked={checked}
          onChange={(event) => onCheck(event.currentTarget.checked)}
          error={checkError}
        />
        {checked && <Textarea label={t('picker.why')} withAsterisk autosize minRows={2} {...reasonProps} />}
      </Stack>
    </Alert>
  );
}
