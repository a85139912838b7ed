import { Anchor, Button, Group, Paper, Stack, Text, Timeline, Title } from '@mantine/core';
import { IconArrowBackUp, IconBookmark, IconDoorEnter, IconDoorExit, IconHome, IconPrinter } from '@tabler/icons-react';
import type { TFunction } from 'i18next';
import { Trans, useTranslation } from 'react-i18next';
import type { MovementEvent, PersonRef, Stay } from '../../../../shared/movements';
import type { PetSex } from '../../../../shared/pet-profile';
import { recordHref } from '../../ui/navigation';
import { formatMoment, formatMoney } from '../../ui/format';
import { downloadPdf } from '../../ui/pdf-download';
import { useContractPdf } from './movement-queries';
import { SignAgreementButton, StayContracts } from '../../domain/contracts/StayContracts';
import { intakeWords, outcomeTitle, transferWords } from '../../domain/movements/movement-words';

interface Entry {
  key: string;
  at: number;
  icon: React.ReactNode;
  title: string;
  person: PersonRef | null;
  lines: string[];
  /** The agreement this moment is signed with (a return, a foster placement). */
  action?: React.ReactNode;
}

/** The override a movement was recorded with ("do not adopt to" gone past), as its event holds it. */
function overrideOf(events: MovementEvent[], match: (event: MovementEvent) => boolean, t: Words): string[] {
  const override = events.find(match)?.details.override as { reason?: string } | undefined;
  return override?.reason ? [t('pets:stay.overridden', { reason: override.reason })] : [];
}

type Words = TFunction<['pets', 'domain']>;

/** A stay's moments in the order they happened: intake, reservations, foster placements, outcome. */
function entriesOf(stay: Stay, events: MovementEvent[], sex: PetSex | null, petName: string, t: Words): Entry[] {
  const entries: Entry[] = [
    {
      key: 'intake',
      at: stay.intakeAt,
      icon: stay.intakeType === 'returned_after_adoption' ? <IconArrowBackUp size={14} /> : <IconDoorEnter size={14} />,
      title: stay.transferFrom
        ? t('domain:movements.withWhere', {
            what: intakeWords(stay.intakeType),
            where: transferWords(stay.transferFrom),
          })
        : intakeWords(stay.intakeType),
      person: stay.intakePerson,
      lines: [
        stay.intakeReason && t('pets:stay.reason', { reason: stay.intakeReason }),
        stay.intakeCondition && t('pets:stay.condition', { condition: stay.intakeCondition }),
      ].filter((line): line is string => Boolean(line)),
      ...(stay.intakeType === 'returned_after_adoption'
        ? { action: <SignAgreementButton stay={stay} petName={petName} kind="return" /> }
        : {}),
    },
  ];
  for (const reservation of stay.reservations) {
    entries.push({
      key: `reservation-${reservation.id}`,
      at: reservation.reservedAt,
      icon: <IconBookmark size={14} />,
      title: t('domain:movements.kind.reservation'),
      person: reservation.person,
      lines: [
        ...(reservation.expiresAt !== null
          ? [t('pets:stay.expires', { when: formatMoment(reservation.expiresAt) })]
          : []),
        ...(reservation.end
          ? [t(`domain:movements.reservationEnd.${reservation.end}`, { when: formatMoment(reservation.endedAt) })]
          : [reservation.lapsedAt !== null ? t('pets:stay.lapsed') : t('pets:stay.active')]),
        ...overrideOf(
          events,
          (event) => event.kind === 'reservation' && event.details.reservationId === reservation.id,
          t,
        ),
      ],
    });
  }
  for (const placement of stay.fosters) {
    entries.push({
      key: `foster-${placement.id}`,
      at: placement.startedAt,
      icon: <IconHome size={14} />,
      title: t('pets:stay.inFoster'),
      person: placement.person,
      lines: [
        placement.endedAt !== null
          ? t('pets:stay.back', { when: formatMoment(placement.endedAt) })
          : t('pets:stay.stillThere'),
        ...(placement.expectedEndAt !== null && placement.endedAt === null
          ? [t('pets:stay.expectedBack', { when: formatMoment(placement.expectedEndAt) })]
          : []),
      ],
      action: <SignAgreementButton stay={stay} petName={petName} kind="foster" placement={placement} />,
    });
  }
  if (stay.outcomeType && stay.outcomeAt !== null) {
    entries.push({
      key: 'outcome',
      at: stay.outcomeAt,
      icon: <IconDoorExit size={14} />,
      title: outcomeTitle(stay, sex),
      person: stay.outcomePerson,
      lines: [
        ...(stay.fee !== null
          ? [
              stay.feeMethod
                ? t('pets:stay.feePaid', {
                    fee: formatMoney(stay.fee, null),
                    method: t(`domain:movements.feeMethod.${stay.feeMethod}`),
                  })
                : t('pets:stay.fee', { fee: formatMoney(stay.fee, null) }),
            ]
          : []),
        ...(stay.outcomeType === 'transfer_out' && stay.transferTo === null ? [t('pets:stay.whereUnknown')] : []),
        ...(stay.outcomeReason ? [t('pets:stay.reason', { reason: stay.outcomeReason })] : []),
        ...overrideOf(events, (event) => event.kind === 'outcome' && event.stayId === stay.id, t),
      ],
    });
  }
  return entries.sort((a, b) => a.at - b.at);
}

function PersonLink({ person }: { person: PersonRef }): React.JSX.Element {
  const { t } = useTranslation('pets');
  if (person.forgotten)
    return (
      <Text span size="sm" c="dimmed">
        {t('stay.forgotten')}
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
  sex = null,
}: {
  stay: Stay;
  events: MovementEvent[];
  petName: string;
  /** The animal's sex, which the outcome's words agree with ("adoptée"). */
  sex?: PetSex | null;
}): React.JSX.Element {
  const { t } = useTranslation(['pets', 'domain']);
  const entries = entriesOf(stay, events, sex, petName, t);
  const contract = useContractPdf();
  const open = stay.outcomeAt === null;
  return (
    <Paper withBorder radius="md" p="md" data-testid={`stay-${stay.id}`}>
      <Group justify="space-between" mb="sm" wrap="wrap" gap="xs">
        <Title order={3} size="h5">
          {open
            ? t('stay.inCareSince', { when: formatMoment(stay.intakeAt) })
            : t('stay.span', { from: formatMoment(stay.intakeAt), to: formatMoment(stay.outcomeAt) })}
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
            aria-label={t('stay.printContractOf', { name: petName, when: formatMoment(stay.outcomeAt) })}
          >
            {t('stay.printContract')}
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
                  <Trans
                    t={t}
                    i18nKey={entry.key === 'intake' ? 'stay.from' : entry.key === 'outcome' ? 'stay.to' : 'stay.with'}
                    components={{ person: <PersonLink person={entry.person} /> }}
                  />
                </Text>
              )}
              {entry.lines.map((line) => (
                <Text key={line} size="sm" style={{ overflowWrap: 'anywhere' }}>
                  {line}
                </Text>
              ))}
              {entry.action && <Group gap="xs">{entry.action}</Group>}
            </Stack>
          </Timeline.Item>
        ))}
      </Timeline>
    </Paper>
  );
}
