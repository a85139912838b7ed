import { Anchor, Badge, Group, Paper, ScrollArea, Stack, Table, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
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
import { formatClock, formatDay, formatFigure } from '../../ui/format';
import { INTAKE_WORDS, OUTCOME_WORDS } from '../../domain/movements/movement-words';
import { TruncatedText } from '../../ui/TruncatedText';

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
  const { t } = useTranslation('today');
  return (
    <Paper withBorder radius="md" p="sm" data-testid={testId}>
      <Stack gap="xs">
        <Group gap="xs">
          <Title order={2} size="h5">
            {title}
          </Title>
          <Badge variant="light" color={count > 0 ? 'blue' : 'gray'} size="sm" aria-label={t('listed', { count })}>
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
  const { t } = useTranslation('today');
  return (
    <Section
      title={t('arrivals.title')}
      count={events.length}
      testId="today-arrivals"
      empty={t('arrivals.empty')}
      headers={[t('column.time'), t('column.animal'), t('column.how'), t('column.from')]}
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
  const { t } = useTranslation('today');
  return (
    <Section
      title={t('outcomes.title')}
      count={events.length}
      testId="today-outcomes"
      empty={t('outcomes.empty')}
      headers={[t('column.time'), t('column.animal'), t('column.outcome'), t('column.to')]}
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
  const { t } = useTranslation('today');
  return (
    <Section
      title={t('waiting.title')}
      count={waiting.length}
      testId="today-waiting"
      empty={t('waiting.empty', { count: waitingDays })}
      headers={[t('column.animal'), t('column.reservedFor'), t('column.since'), t('column.waiting')]}
    >
      {waiting.map(({ reservation, petName, days, expired }) => (
        <Table.Tr key={reservation.id}>
          <Table.Td>
            <Animal id={reservation.petId} name={petName} />
          </Table.Td>
          <Table.Td>
            <Who person={reservation.person} />
          </Table.Td>
          <Table.Td c="dimmed">{formatDay(reservation.reservedAt)}</Table.Td>
          <Table.Td>
            <Group gap={4} wrap="nowrap">
              <Text size="sm">{t('days', { count: days })}</Text>
              {expired && (
                <Badge color="red" variant="light" size="sm">
                  {t('waiting.expired')}
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
  const { t } = useTranslation('today');
  return (
    <Section
      title={t('fosters.title')}
      count={due.length}
      testId="today-fosters-due"
      empty={t('fosters.empty')}
      headers={[t('column.animal'), t('column.foster'), t('column.expected'), t('column.when')]}
    >
      {due.map(({ placement, petName, overdueDays }) => (
        <Table.Tr key={placement.id}>
          <Table.Td>
            <Animal id={placement.petId} name={petName} />
          </Table.Td>
          <Table.Td>
            <Who person={placement.person} />
          </Table.Td>
          <Table.Td c="dimmed">{formatDay(placement.expectedEndAt)}</Table.Td>
          <Table.Td>
            {overdueDays === 0 ? (
              <Badge color="yellow" variant="light" size="sm">
                {t('fosters.dueToday')}
              </Badge>
            ) : (
              <Badge color="red" variant="light" size="sm">
                {t('fosters.overdue', { count: overdueDays })}
              </Badge>
            )}
          </Table.Td>
        </Table.Tr>
      ))}
    </Section>
  );
}

export function LongestInCareSection({ longest }: { longest: LongestInCare[] }): React.JSX.Element {
  const { t } = useTranslation('today');
  return (
    <Section
      title={t('longest.title')}
      count={longest.length}
      testId="today-longest"
      empty={t('longest.empty')}
      headers={[t('column.animal'), t('column.status'), t('column.cameIn'), t('column.daysInCare')]}
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
            {t('longest.cameIn', { day: formatDay(animal.intakeAt), how: INTAKE_WORDS[animal.intakeType] })}
          </Table.Td>
          <Table.Td>{formatFigure(animal.days)}</Table.Td>
        </Table.Tr>
      ))}
    </Section>
  );
}
