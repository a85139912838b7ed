import { Alert, Anchor, Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconAlertTriangle, IconArrowLeft, IconPencil, IconUserOff } from '@tabler/icons-react';
import type { Person } from '../../../../shared/people';
import { pageHref } from '../../ui/navigation';
import { isRefusal } from '../../client/errors';
import { formatMoment } from '../../ui/format';
import { LoadFailure, SkeletonBlocks } from '../../ui/LoadStates';
import { KIND_WORDS, ROLE_WORDS } from '../../domain/people/person-labels';
import { PageTitle } from '../../ui/PageTitle';
import { personFailure } from './person-failures';
import { PersonFlags } from './PersonFlags';
import { PersonMovementsPanel } from './PersonMovementsPanel';
import { PersonMailPanel } from './PersonMailPanel';
import { useCategoryNames, useForgetPerson, usePerson } from './queries';

/** One person's page: who they are, their animals and every movement they took part in; edit, or forget them. */
export function PersonPage({ id, onEdit }: { id: number; onEdit: (person: Person) => void }): React.JSX.Element {
  const shown = usePerson(id);
  const forget = useForgetPerson();
  const back = (
    <Anchor href={pageHref('people')} size="sm">
      <Group gap={4} component="span">
        <IconArrowLeft size={14} /> All people
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
      title: `Forget ${person.name}?`,
      children: (
        <Stack gap="xs">
          <Text size="sm">
            Their name, phone numbers, email, address, postcode, ID note, notes and the reasons written about them are
            removed for good.
          </Text>
          <Text size="sm">
            What stays: person #{person.id}, whether they were flagged, and every movement they took part in, shown as
            “Forgotten person”, so the shelter’s counts and reports still add up.
          </Text>
          <Text size="sm" fw={500}>
            This cannot be undone.
          </Text>
        </Stack>
      ),
      labels: { confirm: 'Forget this person', cancel: 'Keep' },
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
              {person.roles.length > 0 && ` · ${person.roles.map((role) => ROLE_WORDS[role]).join(', ')}`}
            </Text>
            <PersonFlags person={person} />
          </Group>
        }
        actions={
          !isForgotten && (
            <>
              <Button variant="default" leftSection={<IconPencil size={16} />} onClick={() => onEdit(person)}>
                Edit
              </Button>
              <Button variant="light" color="red" leftSection={<IconUserOff size={16} />} onClick={confirmForget}>
                Forget this person
              </Button>
            </>
          )
        }
      />
      {isForgotten ? (
        <Paper withBorder radius="md" p="md">
          <Text size="sm">
            Forgotten on {formatMoment(person.forgottenAt)}: nothing personal is kept. Their movements below still count
            in the shelter’s figures.
          </Text>
        </Paper>
      ) : (
        <PersonDetails person={person} />
      )}
      <PersonMovementsPanel events={events} animals={animals} />
      <PersonMailPanel personId={person.id} />
    </Stack>
  );
}

function PersonDetails({ person }: { person: Person }): React.JSX.Element {
  const categories = useCategoryNames();
  const categoryName = new Map((categories.data ?? []).map((category) => [category.id, category.name]));
  const species = person.fosterSpecies.map((id) => categoryName.get(id) ?? `#${id}`).join(', ');
  const facts: Array<[string, string]> = [
    ['Phones', person.phones.join(', ') || '—'],
    ['Email', person.email ?? '—'],
    ['Address', [person.address, person.postcode].filter(Boolean).join(', ') || '—'],
    ['ID checked', person.idChecked ? (person.idCheckedWhat ?? 'Yes') : 'No'],
    ['Do not adopt to', person.doNotAdopt ? (person.doNotAdoptReason ?? 'Yes') : 'No'],
    [
      'Foster home',
      person.fosterApproved
        ? [`approved`, person.fosterCapacity && `${person.fosterCapacity} at a time`, species]
            .filter(Boolean)
            .join(' · ')
        : 'No',
    ],
    ['Added', formatMoment(person.createdAt)],
    ['Updated', formatMoment(person.updatedAt)],
  ];
  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" verticalSpacing="xs" data-testid="person-details">
          {facts.map(([label, value]) => (
            <div key={label}>
              <Text size="xs" c="dimmed">
                {label}
              </Text>
              <Text
                size="sm"
                style={{ overflowWrap: 'anywhere' }}
                c={label === 'Do not adopt to' && person.doNotAdopt ? 'red' : undefined}
              >
                {value}
              </Text>
            </div>
          ))}
        </SimpleGrid>
        {person.notes && (
          <div>
            <Title order={3} size="xs" c="dimmed" fw={400}>
              Notes
            </Title>
            <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              {person.notes}
            </Text>
          </div>
        )}
        {person.doNotAdopt && (
          <Text size="xs" c="red">
            Choosing them for a reservation or an adoption needs an override with its reason, which is recorded.
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
