import { Badge, Button, Group, Stack, Table, Text, Title } from '@mantine/core';
import { IconCalendarPlus, IconFirstAidKit, IconVaccine } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { doseState, type Dose } from '../../../../shared/care';
import { useDialog } from '../../ui/dialog';
import { formatCalendarDay, formatMoment } from '../../ui/format';
import { LoadFailure, SkeletonBlocks } from '../../ui/LoadStates';
import { eventWords, lateWords, resultWords, stateWords, treatmentWords, upToDateWords } from './care-words';
import { DoseActions, useDoseDialogs } from './DoseActions';
import { useCareRecord } from '../../client/care';
import { ScheduleModal } from './ScheduleModal';
import { TreatmentModal } from './TreatmentModal';

/** An animal's care on its record page: vaccinations (give, skip, reschedule, add), treatments and tests, and their history. */
export function CareSection({ petId, petName }: { petId: number; petName?: string }): React.JSX.Element {
  const { t } = useTranslation('care');
  const shownName = petName ?? t('petNumber', { id: petId });
  const record = useCareRecord(petId);
  const doses = useDoseDialogs();
  const schedule = useDialog<Dose | null>();
  const treatment = useDialog<null>();

  if (record.isPending) return <SkeletonBlocks count={3} height={32} />;
  if (record.isError) return <LoadFailure error={record.error} onRetry={() => void record.refetch()} />;
  const care = record.data;
  const shots = upToDateWords(care.upToDate);

  return (
    <Stack gap="sm" data-testid="care-section">
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Group gap="xs">
          <Title order={4}>{t('section.title')}</Title>
          <Badge color={shots.color} variant="light">
            {shots.label}
          </Badge>
          {care.spayNeuterDate && (
            <Badge color="teal" variant="light">
              {t('section.spayedNeutered', { date: formatCalendarDay(care.spayNeuterDate) })}
            </Badge>
          )}
        </Group>
        <Group gap="xs">
          <Button
            size="xs"
            variant="default"
            leftSection={<IconCalendarPlus size={14} />}
            onClick={() => schedule.open(null)}
          >
            {t('section.schedule')}
          </Button>
          <Button
            size="xs"
            variant="default"
            leftSection={<IconVaccine size={14} />}
            onClick={() => doses.give([{ petId, petName: shownName, vaccine: '' }])}
          >
            {t('section.recordVaccination')}
          </Button>
          <Button
            size="xs"
            variant="default"
            leftSection={<IconFirstAidKit size={14} />}
            onClick={() => treatment.open(null)}
          >
            {t('section.recordTreatment')}
          </Button>
        </Group>
      </Group>

      <Table.ScrollContainer minWidth={640}>
        <Table striped aria-label={t('section.vaccinations')}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('column.vaccine')}</Table.Th>
              <Table.Th>{t('column.status')}</Table.Th>
              <Table.Th>{t('column.due')}</Table.Th>
              <Table.Th>{t('column.given')}</Table.Th>
              <Table.Th>{t('column.batch')}</Table.Th>
              <Table.Th>{t('column.vet')}</Table.Th>
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {care.doses.length === 0 && (
              <Table.Tr>
                <Table.Td colSpan={7}>
                  <Text c="dimmed" size="sm">
                    {t('section.noVaccinations')}
                  </Text>
                </Table.Td>
              </Table.Tr>
            )}
            {care.doses.map((dose) => {
              const state = stateWords(doseState(dose, care.today));
              return (
                <Table.Tr key={dose.id}>
                  <Table.Td>{dose.vaccine}</Table.Td>
                  <Table.Td>
                    <Badge color={state.color} variant="light" title={dose.skipReason ?? undefined}>
                      {state.label}
                    </Badge>
                  </Table.Td>
                  <Table.Td>
                    {dose.dueDate
                      ? `${formatCalendarDay(dose.dueDate)}${dose.followsAge ? t('section.byAge') : ''}${dose.status === 'scheduled' ? lateWords(dose.dueDate, care.today) : ''}`
                      : '—'}
                  </Table.Td>
                  <Table.Td>{formatCalendarDay(dose.givenDate)}</Table.Td>
                  <Table.Td>{dose.batch ?? '—'}</Table.Td>
                  <Table.Td>{dose.vet?.name ?? '—'}</Table.Td>
                  <Table.Td>
                    {dose.status === 'scheduled' && (
                      <DoseActions dose={dose} petName={shownName} dialogs={doses}>
                        <Button size="compact-xs" variant="default" onClick={() => schedule.open(dose)}>
                          {t('section.reschedule')}
                        </Button>
                      </DoseActions>
                    )}
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>

      <Title order={5}>{t('section.treatments')}</Title>
      {care.treatments.length === 0 ? (
        <Text c="dimmed" size="sm">
          {t('section.noneRecorded')}
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={560}>
          <Table striped aria-label={t('section.treatments')}>
            <Table.Tbody>
              {care.treatments.map((each) => (
                <Table.Tr key={each.id}>
                  <Table.Td>{treatmentWords(each.kind)}</Table.Td>
                  <Table.Td>{each.product ?? '—'}</Table.Td>
                  <Table.Td>{formatCalendarDay(each.givenDate)}</Table.Td>
                  <Table.Td>
                    {each.result
                      ? resultWords(each.result)
                      : each.nextDueDate
                        ? t('section.nextDue', { date: formatCalendarDay(each.nextDueDate) })
                        : '—'}
                  </Table.Td>
                  <Table.Td>{each.vet?.name ?? each.givenBy ?? '—'}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}

      {care.history.length > 0 && (
        <Text size="xs" c="dimmed">
          {t(care.history[0]?.by ? 'section.lastChangeBy' : 'section.lastChange', {
            what: eventWords(care.history[0]?.kind ?? ''),
            when: formatMoment(care.history[0]?.recordedAt ?? null),
            by: care.history[0]?.by ?? '',
            count: care.history.length,
          })}
        </Text>
      )}

      {doses.modals}
      <ScheduleModal opened={schedule.opened} petId={petId} dose={schedule.subject ?? null} onClose={schedule.close} />
      <TreatmentModal opened={treatment.opened} petId={petId} onClose={treatment.close} />
    </Stack>
  );
}
