import { Alert, Anchor, Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconAlertTriangle, IconArrowLeft, IconPencil, IconUserOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { Person } from '../../../../shared/people';
import { pageHref } from '../../ui/navigation';
import { isRefusal } from '../../client/errors';
import { formatList, formatMoment } from '../../ui/format';
import { LoadFailure, SkeletonBlocks } from '../../ui/LoadStates';
import { KIND_WORDS, ROLE_WORDS } from '../../domain/people/person-labels';
import { PageTitle } from '../../ui/PageTitle';
import { personFailure } from './person-failures';
import { PersonFlags } from './PersonFlags';
import { PersonMovementsPanel } from './PersonMovementsPanel';
import { PersonMailPanel } from './PersonMailPanel';
import { PersonApplicationsPanel } from './PersonApplicationsPanel';
import { useCategoryNames, useForgetPerson, usePerson } from './queries';

/** One person's page: who they are, their animals and every movement they took part in; edit, or forget them. */
export function PersonPage({ id, onEdit }: { id: number; onEdit: (person: Person) => void }): React.JSX.Element {
  const { t } = useTranslation('people');
  const shown = usePerson(id);
  const forget = useForgetPerson();
  const back = (
    <Anchor href={pageHref('people')} size="sm">
      <Group gap={4} component="span">
        <IconArrowLeft size={14} /> {t('person.allPeople')}
      </Group>
    </Anchor>
  );
  if (shown.isPending)
    return (
      <Stack>
        {back}
        <SkeletonBlocks count={3} height={90} />
      </Stack>
    );
  if (shown.isError) {
    const failure = personFailure(shown.error, []);
    return (
      <Stack>
        {back}
        {'alert' in failure && isRefusal(shown.error) ? (
          <Alert color="red" variant="light" icon={<IconAlertTriangle />} title={failure.alert.title} role="alert">
            {failure.alert.message}
          </Alert>
        ) : (
          <LoadFailure error={shown.error} onRetry={() => void shown.refetch()} />
        )}
      </Stack>
    );
  }
  const { person, events, animals } = shown.data;
  const isForgotten = person.forgottenAt !== null;

  const confirmForget = () =>
    modals.openConfirmModal({
      title: t('person.forgetTitle', { name: person.name }),
      children: (
        <Stack gap="xs">
          <Text size="sm">{t('person.forgetRemoved')}</Text>
          <Text size="sm">{t('person.forgetStays', { id: person.id })}</Text>
          <Text size="sm" fw={500}>
            {t('person.cannotUndo')}
          </Text>
        </Stack>
      ),
      labels: { confirm: t('person.forget'), cancel: t('person.keep') },
      confirmProps: { color: 'red' },
      onConfirm: () => forget.mutate({ id: person.id, name: person.name }),
    });

  return (
    <Stack gap="md" data-testid="person-page">
      {back}
      <PageTitle
        title={person.name}
        description={
          <Group gap="xs" component="span">
            <Text span size="sm">
              #{person.id} · {KIND_WORDS[person.kind]}
              {person.roles.length > 0 && ` · ${formatList(person.roles.map((role) => ROLE_WORDS[role]))}`}
            </Text>
            <PersonFlags person={person} />
          </Group>
        }
        actions={
          !isForgotten && (
            <>
              <Button variant="default" leftSection={<IconPencil size={16} />} onClick={() => onEdit(person)}>
                {t('person.edit')}
              </Button>
              <Button variant="light" color="red" leftSection={<IconUserOff size={16} />} onClick={confirmForget}>
                {t('person.forget')}
              </Button>
            </>
          )
        }
      />
      {isForgotten ? (
        <Paper withBorder radius="md" p="md">
          <Text size="sm">{t('person.forgottenOn', { when: formatMoment(person.forgottenAt) })}</Text>
        </Paper>
      ) : (
        <PersonDetails person={person} />
      )}
      <PersonMovementsPanel events={events} animals={animals} />
      <PersonMailPanel personId={person.id} />
      <PersonApplicationsPanel personId={person.id} />
    </Stack>
  );
}

function PersonDetails({ person }: { person: Person }): React.JSX.Element {
  const { t } = useTranslation(['people', 'domain']);
  const categories = useCategoryNames();
  const categoryName = new Map((categories.data ?? []).map((category) => [category.id, category.name]));
  const species = formatList(person.fosterSpecies.map((id) => categoryName.get(id) ?? `#${id}`));
  const yes = t('person.yes');
  const no = t('person.no');
  const facts: Array<[string, string, boolean]> = [
    [t('domain:people.field.phones'), person.phones.join(', ') || '—', false],
    [t('domain:people.field.email'), person.email ?? '—', false],
    [t('domain:people.field.address'), [person.address, person.postcode].filter(Boolean).join(', ') || '—', false],
    [t('domain:people.field.idChecked'), person.idChecked ? (person.idCheckedWhat ?? yes) : no, false],
    [t('domain:people.field.doNotAdopt'), person.doNotAdopt ? (person.doNotAdoptReason ?? yes) : no, person.doNotAdopt],
    [
      t('domain:people.flag.fosterHome'),
      person.fosterApproved
        ? [
            t('person.approved'),
            person.fosterCapacity && t('person.atATime', { count: person.fosterCapacity }),
            species,
          ]
            .filter(Boolean)
            .join(' · ')
        : no,
      false,
    ],
    [t('person.added'), formatMoment(person.createdAt), false],
    [t('person.updated'), formatMoment(person.updatedAt), false],
  ];
  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" verticalSpacing="xs" data-testid="person-details">
          {facts.map(([label, value, alarming]) => (
            <div key={label}>
              <Text size="xs" c="dimmed">
                {label}
              </Text>
              <Text size="sm" style={{ overflowWrap: 'anywhere' }} c={alarming ? 'red' : undefined}>
                {value}
              </Text>
            </div>
          ))}
        </SimpleGrid>
        {person.notes && (
          <div>
            <Title order={3} size="xs" c="dimmed" fw={400}>
              {t('domain:people.field.notes')}
            </Title>
            <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              {person.notes}
            </Text>
          </div>
        )}
        {person.doNotAdopt && (
          <Text size="xs" c="red">
            {t('person.overrideNeeded')}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
