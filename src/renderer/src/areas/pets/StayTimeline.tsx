import { Anchor, Button, Group, Paper, Stack, Text, Timeline, Title } from '@mantine/core';
import { IconArrowBackUp, IconBookmark, IconDoorEnter, IconDoorExit, IconHome, IconPrinter } from '@tabler/icons-react';
import type { MovementEvent, PersonRef, Stay } from '../../../../shared/movements';
import { recordHref } from '../../ui/navigation';
import { formatMoment } from '../../ui/format';
import { downloadPdf } from '../../ui/pdf-download';
import { useContractPdf } from './movement-queries';
import { StayContracts } from '../../domain/contracts/StayContracts';
import { FEE_METHOD_WORDS } from './movement-words';
import { INTAKE_WORDS, TRANSFER_WORDS, outcomeTitle } from '../../domain/movements/movement-words';

interface Entry {
  key: string;
  at: number;
  icon: React.ReactNode;
  title: string;
  person: PersonRef | null;
  lines: string[];
}

const RESERVATION_END = {
  cancelled: 'cancelled',
  completed: 'completed by the adoption',
  closed_by_outcome: 'closed by the outcome',
  expired: 'expired',
} as const;

/** The override a movement was recorded with ("do not adopt to" gone past), as its event holds it. */
function overrideOf(events: MovementEvent[], match: (event: MovementEvent) => boolean): string[] {
  const override = events.find(match)?.details.override as { reason?: string } | undefined;
  return override?.reason ? [`“Do not adopt to” overridden: ${override.reason}`] : [];
}

/** A stay's moments in the order they happened: intake, reservations, foster placements, outcome. */
function entriesOf(stay: Stay, events: MovementEvent[]): Entry[] {
  const entries: Entry[] = [
    {
      key: 'intake',
      at: stay.intakeAt,
      icon: stay.intakeType === 'returned_after_adoption' ? <IconArrowBackUp size={14} /> : <IconDoorEnter size={14} />,
      title: `${INTAKE_WORDS[stay.intakeType]}${stay.transferFrom ? ` (${TRANSFER_WORDS[stay.transferFrom]})` : ''}`,
      person: stay.intakePerson,
      lines: [
        stay.intakeReason && `Reason: ${stay.intakeReason}`,
        stay.intakeCondition && `Condition: ${stay.intakeCondition}`,
      ].filter((line): line is string => Boolean(line)),
    },
  ];
  for (const reservation of stay.reservations) {
    entries.push({
      key: `reservation-${reservation.id}`,
      at: reservation.reservedAt,
      icon: <IconBookmark size={14} />,
      title: 'Reserved',
      person: reservation.person,
      lines: [
        ...(reservation.expiresAt !== null ? [`Expires ${formatMoment(reservation.expiresAt)}`] : []),
        ...(reservation.end
          ? [
              `${RESERVATION_END[reservation.end][0]?.toUpperCase()}${RESERVATION_END[reservation.end].slice(1)} ${formatMoment(reservation.endedAt)}`,
            ]
          : [
              reservation.lapsedAt !== null
                ? 'Expired: no longer holds the animal (reserve again to renew, or cancel)'
                : 'Active',
            ]),
        ...overrideOf(
          events,
          (event) => event.kind === 'reservation' && event.details.reservationId === reservation.id,
        ),
      ],
    });
  }
  for (const placement of stay.fosters) {
    entries.push({
      key: `foster-${placement.id}`,
      at: placement.startedAt,
      icon: <IconHome size={14} />,
      title: 'In foster',
      person: placement.person,
      lines: [
        placement.endedAt !== null ? `Back ${formatMoment(placement.endedAt)}` : 'Still there',
        ...(placement.expectedEndAt !== null && placement.endedAt === null
          ? [`Expected back ${formatMoment(placement.expectedEndAt)}`]
          : []),
      ],
    });
  }
  if (stay.outcomeType && stay.outcomeAt !== null) {
    entries.push({
      key: 'outcome',
      at: stay.outcomeAt,
      icon: <IconDoorExit size={14} />,
      title: outcomeTitle(stay),
      person: stay.outcomePerson,
      lines: [
        ...(stay.fee !== null
          ? [`Fee ${stay.fee.toFixed(2)}${stay.feeMethod ? ` · ${FEE_METHOD_WORDS[stay.feeMethod]}` : ''}`]
          : []),
        ...(stay.outcomeType === 'transfer_out' && stay.transferTo === null ? ['Where it went was not recorded'] : []),
        ...(stay.outcomeReason ? [`Reason: ${stay.outcomeReason}`] : []),
        ...overrideOf(events, (event) => event.kind === 'outcome' && event.stayId === stay.id),
      ],
    });
  }
  return entries.sort((a, b) => a.at - b.at);
}

function PersonLink({ person }: { person: PersonRef }): React.JSX.Element {
  if (person.forgotten)
    return (
      <Text span size="sm" c="dimmed">
        a forgotten person
      </Text>
    );
  return (
    <Anchor href={recordHref('people', person.id)} size="sm">
      {person.name}
    </Anchor>
  );
}

/** One stay, oldest moment first, with its adoption contract to print when it ended in an adoption. */
export function StayCard({
  stay,
  events,
  petName,
}: {
  stay: Stay;
  events: MovementEvent[];
  petName: string;
}): React.JSX.Element {
  const entries = entriesOf(stay, events);
  const contract = useContractPdf();
  const open = stay.outcomeAt === null;
  return (
    <Paper withBorder radius="md" p="md" data-testid={`stay-${stay.id}`}>
      <Group justify="space-between" mb="sm" wrap="wrap" gap="xs">
        <Title order={3} size="h5">
          {open
            ? `In care since ${formatMoment(stay.intakeAt)}`
            : `${formatMoment(stay.intakeAt)} – ${formatMoment(stay.outcomeAt)}`}
        </Title>
        {stay.outcomeType === 'adoption' && (
          <Button
            size="xs"
            variant="light"
            leftSection={<IconPrinter size={14} />}
            loading={contract.isPending}
            onClick={() =>
              contract.mutate(
                { stayId: stay.id },
                { onSuccess: ({ fileName, pdfBase64 }) => downloadPdf(pdfBase64, fileName) },
              )
            }
            aria-label={`Print the adoption contract of ${petName} (${formatMoment(stay.outcomeAt)})`}
          >
            Print contract
          </Button>
        )}
      </Group>
      <StayContracts stay={stay} petName={petName} />
      <Timeline active={open ? entries.length - 1 : entries.length} bulletSize={24} lineWidth={2}>
        {entries.map((entry) => (
          <Timeline.Item key={entry.key} bullet={entry.icon} title={entry.title} data-testid="movement-entry">
            <Stack gap={2}>
              <Text size="xs" c="dimmed">
                {formatMoment(entry.at)}
              </Text>
              {entry.person && (
                <Text size="sm">
                  {entry.key === 'intake' ? 'From ' : entry.key === 'outcome' ? 'To ' : 'With '}
                  <PersonLink person={entry.person} />
                </Text>
              )}
              {entry.lines.map((line) => (
                <Text key={line} size="sm" style={{ overflowWrap: 'anywhere' }}>
                  {line}
                </Text>
              ))}
            </Stack>
          </Timeline.Item>
        ))}
      </Timeline>
    </Paper>
  );
}
