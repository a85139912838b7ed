import { Anchor, Badge, Group, Paper, ScrollArea, Stack, Table, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import type {
  FosterDue,
  IntakeType,
  LongestInCare,
  MovementEvent,
  OutcomeType,
  PersonRef,
  WaitingReservation,
} from '../../../../shared/movements';
import { recordHref } from '../../ui/navigation';
import { PetStatusBadge } from '../../domain/pets/PetStatusBadge';
import { formatClock } from '../../ui/format';
import { INTAKE_WORDS, OUTCOME_WORDS } from '../../domain/movements/movement-words';
import { TruncatedText } from '../../ui/TruncatedText';

const date = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });

function Section({
  title,
  count,
  testId,
  empty,
  headers,
  children,
}: {
  title: string;
  count: number;
  testId: string;
  empty: string;
  headers: string[];
  children: ReactNode;
}): React.JSX.Element {
  return (
    <Paper withBorder radius="md" p="sm" data-testid={testId}>
      <Stack gap="xs">
        <Group gap="xs">
          <Title order={2} size="h5">
            {title}
          </Title>
          <Badge variant="light" color={count > 0 ? 'blue' : 'gray'} size="sm" aria-label={`${count} listed`}>
            {count}
          </Badge>
        </Group>
        {count === 0 ? (
          <Text size="sm" c="dimmed">
            {empty}
          </Text>
        ) : (
          // Long lists scroll inside their section, so every section stays on the page.
          <ScrollArea.Autosize mah={240} scrollbars="y" type="auto">
            <Table verticalSpacing={4} striped stickyHeader>
              <Table.Thead>
                <Table.Tr>
                  {headers.map((header) => (
                    <Table.Th key={header}>{header}</Table.Th>
                  ))}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>{children}</Table.Tbody>
            </Table>
          </ScrollArea.Autosize>
        )}
      </Stack>
    </Paper>
  );
}

function Animal({ id, name }: { id: number; name: string }): React.JSX.Element {
  return (
    <Anchor href={recordHref('pets', id)} size="sm" fw={500}>
      <TruncatedText text={name} maw={170} />
    </Anchor>
  );
}

/** A person named by a movement: a link to their page, or "Forgotten person" as plain words. */
function Who({ person }: { person: PersonRef | null }): React.JSX.Element {
  if (!person)
    return (
      <Text size="sm" c="dimmed">
        —
      </Text>
    );
  if (person.forgotten)
    return (
      <Text size="sm" c="dimmed">
        {person.name}
      </Text>
    );
  return (
    <Anchor href={recordHref('people', person.id)} size="sm">
      <TruncatedText text={person.name} maw={150} />
    </Anchor>
  );
}

export function ArrivalsSection({ events }: { events: MovementEvent[] }): React.JSX.Element {
  return (
    <Section
      title="Arrived today"
      count={events.length}
      testId="today-arrivals"
      empty="No animal came in today."
      headers={['Time', 'Animal', 'How', 'From']}
    >
      {events.map((event) => (
        <Table.Tr key={`${event.id ?? 'creation'}-${event.stayId}`}>
          <Table.Td c="dimmed">{formatClock(event.at)}</Table.Td>
          <Table.Td>
            <Animal id={event.petId} name={event.petName} />
          </Table.Td>
          <Table.Td>{INTAKE_WORDS[event.type as IntakeType] ?? '—'}</Table.Td>
          <Table.Td>
            <Who person={event.person} />
          </Table.Td>
        </Table.Tr>
      ))}
    </Section>
  );
}

export function OutcomesSection({ events }: { events: MovementEvent[] }): React.JSX.Element {
  return (
    <Section
      title="Left care today"
      count={events.length}
      testId="today-outcomes"
      empty="No animal left care today: no adoption, transfer or other outcome."
      headers={['Time', 'Animal', 'Outcome', 'To']}
    >
      {events.map((event) => (
        <Table.Tr key={event.id ?? event.stayId}>
          <Table.Td c="dimmed">{formatClock(event.at)}</Table.Td>
          <Table.Td>
            <Animal id={event.petId} name={event.petName} />
          </Table.Td>
          <Table.Td>{OUTCOME_WORDS[event.type as OutcomeType] ?? '—'}</Table.Td>
          <Table.Td>
            <Who person={event.person} />
          </Table.Td>
        </Table.Tr>
      ))}
    </Section>
  );
}

export function WaitingSection({
  waiting,
  waitingDays,
}: {
  waiting: WaitingReservation[];
  waitingDays: number;
}): React.JSX.Element {
  return (
    <Section
      title="Reservations waiting"
      count={waiting.length}
      testId="today-waiting"
      empty={`No reservation has waited longer than ${waitingDays} ${waitingDays === 1 ? 'day' : 'days'}, and none has expired.`}
      headers={['Animal', 'Reserved for', 'Since', 'Waiting']}
    >
      {waiting.map(({ reservation, petName, days, expired }) => (
        <Table.Tr key={reservation.id}>
          <Table.Td>
            <Animal id={reservation.petId} name={petName} />
          </Table.Td>
          <Table.Td>
            <Who person={reservation.person} />
          </Table.Td>
          <Table.Td c="dimmed">{date.format(reservation.reservedAt)}</Table.Td>
          <Table.Td>
            <Group gap={4} wrap="nowrap">
              <Text size="sm">{days === 1 ? '1 day' : `${days} days`}</Text>
              {expired && (
                <Badge color="red" variant="light" size="sm">
                  expired
                </Badge>
              )}
            </Group>
          </Table.Td>
        </Table.Tr>
      ))}
    </Section>
  );
}

export function FostersDueSection({ due }: { due: FosterDue[] }): React.JSX.Element {
  return (
    <Section
      title="Fosters due back"
      count={due.length}
      testId="today-fosters-due"
      empty="No animal is due back from foster today, and none is overdue."
      headers={['Animal', 'Foster', 'Expected', 'When']}
    >
      {due.map(({ placement, petName, overdueDays }) => (
        <Table.Tr key={placement.id}>
          <Table.Td>
            <Animal id={placement.petId} name={petName} />
          </Table.Td>
          <Table.Td>
            <Who person={placement.person} />
          </Table.Td>
          <Table.Td c="dimmed">
            {placement.expectedEndAt === null ? '—' : date.format(placement.expectedEndAt)}
          </Table.Td>
          <Table.Td>
            {overdueDays === 0 ? (
              <Badge color="yellow" variant="light" size="sm">
                due today
              </Badge>
            ) : (
              <Badge color="red" variant="light" size="sm">
                {overdueDays === 1 ? 'overdue 1 day' : `overdue ${overdueDays} days`}
              </Badge>
            )}
          </Table.Td>
        </Table.Tr>
      ))}
    </Section>
  );
}

export function LongestInCareSection({ longest }: { longest: LongestInCare[] }): React.JSX.Element {
  return (
    <Section
      title="In care longest"
      count={longest.length}
      testId="today-longest"
      empty="No animal is in care: every stay has its outcome."
      headers={['Animal', 'Status', 'Came in', 'Days in care']}
    >
      {longest.map((animal) => (
        <Table.Tr key={animal.petId}>
          <Table.Td>
            <Animal id={animal.petId} name={animal.petName} />
          </Table.Td>
          <Table.Td>
            <PetStatusBadge status={animal.status} size="sm" />
          </Table.Td>
          <Table.Td c="dimmed">
            {date.format(animal.intakeAt)} · {INTAKE_WORDS[animal.intakeType].toLowerCase()}
          </Table.Td>
          <Table.Td>{animal.days}</Table.Td>
        </Table.Tr>
      ))}
    </Section>
  );
}
