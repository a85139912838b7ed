import { Badge, Button, Group, Stack, Table, Text, Title } from '@mantine/core';
import { IconCalendarPlus, IconFirstAidKit, IconVaccine } from '@tabler/icons-react';
import { doseState, type Dose } from '../../../../shared/care';
import { useDialog } from '../../ui/dialog';
import { formatMoment } from '../../ui/format';
import { LoadFailure, SkeletonBlocks } from '../../ui/LoadStates';
import { lateWords, RESULT_LABELS, STATE_LABELS, TREATMENT_LABELS, upToDateWords } from './care-words';
import { DoseActions, useDoseDialogs } from './DoseActions';
import { useCareRecord } from '../../client/care';
import { ScheduleModal } from './ScheduleModal';
import { TreatmentModal } from './TreatmentModal';

/** What the history says happened, in the window's words. */
const EVENT_WORDS: Record<string, string> = {
  dose_scheduled: 'Dose scheduled',
  dose_given: 'Dose given',
  dose_edited: 'Dose changed',
  dose_skipped: 'Dose skipped',
  treatment_recorded: 'Treatment or test recorded',
  treatment_edited: 'Treatment or test changed',
};

/** An animal's care on its record page: vaccinations (give, skip, reschedule, add), treatments and tests, and their history. */
export function CareSection({
  petId,
  petName = `Pet ${petId}`,
}: {
  petId: number;
  petName?: string;
}): React.JSX.Element {
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
          <Title order={4}>Care</Title>
          <Badge color={shots.color} variant="light">
            {shots.label}
          </Badge>
          {care.spayNeuterDate && (
            <Badge color="teal" variant="light">
              Spayed/neutered {care.spayNeuterDate}
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
            Schedule a dose
          </Button>
          <Button
            size="xs"
            variant="default"
            leftSection={<IconVaccine size={14} />}
            onClick={() => doses.give([{ petId, petName, vaccine: '' }])}
          >
            Record a vaccination
          </Button>
          <Button
            size="xs"
            variant="default"
            leftSection={<IconFirstAidKit size={14} />}
            onClick={() => treatment.open(null)}
          >
            Record a treatment or test
          </Button>
        </Group>
      </Group>

      <Table.ScrollContainer minWidth={640}>
        <Table striped aria-label="Vaccinations">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Vaccine</Table.Th>
              <Table.Th>Status</Table.Th>
              <Table.Th>Due</Table.Th>
              <Table.Th>Given</Table.Th>
              <Table.Th>Batch</Table.Th>
              <Table.Th>Vet</Table.Th>
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {care.doses.length === 0 && (
              <Table.Tr>
                <Table.Td colSpan={7}>
                  <Text c="dimmed" size="sm">
                    No vaccinations yet.
                  </Text>
                </Table.Td>
              </Table.Tr>
            )}
            {care.doses.map((dose) => {
              const state = STATE_LABELS[doseState(dose, care.today)];
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
                      ? `${dose.dueDate}${dose.followsAge ? ' (by age)' : ''}${dose.status === 'scheduled' ? lateWords(dose.dueDate, care.today) : ''}`
                      : '—'}
                  </Table.Td>
                  <Table.Td>{dose.givenDate ?? '—'}</Table.Td>
                  <Table.Td>{dose.batch ?? '—'}</Table.Td>
                  <Table.Td>{dose.vet?.name ?? '—'}</Table.Td>
                  <Table.Td>
                    {dose.status === 'scheduled' && (
                      <DoseActions dose={dose} petName={petName} dialogs={doses}>
                        <Button size="compact-xs" variant="default" onClick={() => schedule.open(dose)}>
                          Reschedule
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

      <Title order={5}>Treatments and tests</Title>
      {care.treatments.length === 0 ? (
        <Text c="dimmed" size="sm">
          None recorded.
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={560}>
          <Table striped aria-label="Treatments and tests">
            <Table.Tbody>
              {care.treatments.map((each) => (
                <Table.Tr key={each.id}>
                  <Table.Td>{TREATMENT_LABELS[each.kind]}</Table.Td>
                  <Table.Td>{each.product ?? '—'}</Table.Td>
                  <Table.Td>{each.givenDate}</Table.Td>
                  <Table.Td>
                    {each.result ? RESULT_LABELS[each.result] : each.nextDueDate ? `next ${each.nextDueDate}` : '—'}
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
          Last change: {EVENT_WORDS[care.history[0]?.kind ?? ''] ?? care.history[0]?.kind},{' '}
          {formatMoment(care.history[0]?.recordedAt ?? null)}
          {care.history[0]?.by ? ` (${care.history[0].by})` : ''}. {care.history.length} change(s) in the care history.
        </Text>
      )}

      {doses.modals}
      <ScheduleModal opened={schedule.opened} petId={petId} dose={schedule.subject ?? null} onClose={schedule.close} />
      <TreatmentModal opened={treatment.opened} petId={petId} onClose={treatment.close} />
    </Stack>
  );
}
