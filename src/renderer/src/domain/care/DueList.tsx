import { Badge, Button, Checkbox, Group, SegmentedControl, Stack, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DueDose } from '../../../../shared/care';
import { formatCalendarDay } from '../../ui/format';
import { LoadFailure, SkeletonBlocks } from '../../ui/LoadStates';
import { DoseActions, giveTargetOf, useDoseDialogs } from './DoseActions';
import { useDueList } from '../../client/care';
import { useCan } from '../../client/staff';

/** The vaccinations due, for the Today page: overdue, today, this week; each row "given" or skipped, or several ticked and given as one round (when the role may). */
export function DueList({ days: initialDays = 7 }: { days?: number }): React.JSX.Element {
  const [days, setDays] = useState(initialDays);
  const { t } = useTranslation('care');
  const due = useDueList(days);
  const mayGive = useCan('care.give');
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  // A round given or not, its ticks are cleared as its dialog closes.
  const doses = useDoseDialogs(() => setSelected(new Set()));

  if (due.isPending) return <SkeletonBlocks count={3} height={32} />;
  if (due.isError) return <LoadFailure error={due.error} onRetry={() => void due.refetch()} />;
  const rows = [...due.data.overdue, ...due.data.dueToday, ...due.data.soon];
  const chosen = rows.filter((row) => selected.has(row.dose.id));
  const toggle = (ids: number[], on: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      for (const id of ids)
        if (on) next.add(id);
        else next.delete(id);
      return next;
    });

  const section = (title: string, color: string, list: DueDose[]) => {
    const ids = list.map((row) => row.dose.id);
    const all = ids.length > 0 && ids.every((id) => selected.has(id));
    return (
      <Stack gap={4} key={title}>
        <Group gap="xs">
          <Title order={5}>{title}</Title>
          <Badge color={color} variant="light">
            {list.length}
          </Badge>
        </Group>
        {list.length === 0 ? (
          <Text c="dimmed" size="sm">
            {t('due.none')}
          </Text>
        ) : (
          <Table.ScrollContainer minWidth={520}>
            <Table striped aria-label={title}>
              <Table.Thead>
                <Table.Tr>
                  {mayGive && (
                    <Table.Th w={32}>
                      <Checkbox
                        aria-label={t('due.selectAll', { title })}
                        checked={all}
                        indeterminate={!all && ids.some((id) => selected.has(id))}
                        onChange={(event) => toggle(ids, event.currentTarget.checked)}
                      />
                    </Table.Th>
                  )}
                  <Table.Th>{t('column.animal')}</Table.Th>
                  <Table.Th>{t('column.vaccine')}</Table.Th>
                  <Table.Th>{t('column.due')}</Table.Th>
                  <Table.Th />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {list.map((row) => (
                  <Table.Tr key={row.dose.id}>
                    {mayGive && (
                      <Table.Td>
                        <Checkbox
                          aria-label={t('due.selectOne', { name: row.petName, vaccine: row.dose.vaccine })}
                          checked={selected.has(row.dose.id)}
                          onChange={(event) => toggle([row.dose.id], event.currentTarget.checked)}
                        />
                      </Table.Td>
                    )}
                    <Table.Td>
                      {row.petName}{' '}
                      <Text span size="xs" c="dimmed">
                        {row.category}
                      </Text>
                    </Table.Td>
                    <Table.Td>{row.dose.vaccine}</Table.Td>
                    <Table.Td>
                      {formatCalendarDay(row.dose.dueDate)}
                      {row.overdueDays > 0 ? t('daysLate', { count: row.overdueDays }) : ''}
                    </Table.Td>
                    <Table.Td>
                      <DoseActions dose={row.dose} petName={row.petName} dialogs={doses} />
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
    );
  };

  return (
    <Stack gap="sm" data-testid="due-list">
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Title order={4}>{t('due.title')}</Title>
        <Group gap="xs">
          <SegmentedControl
            size="xs"
            value={String(days)}
            onChange={(value) => setDays(Number(value))}
            data={[
              { value: '7', label: t('due.thisWeek') },
              { value: '14', label: t('due.twoWeeks') },
              { value: '30', label: t('due.aMonth') },
            ]}
          />
          {mayGive && (
            <Button
              size="xs"
              disabled={chosen.length === 0}
              onClick={() => doses.give(chosen.map((row) => giveTargetOf(row.dose, row.petName)))}
            >
              {chosen.length > 1 ? t('due.givenSelected', { count: chosen.length }) : t('due.givenSelectedNone')}
            </Button>
          )}
        </Group>
      </Group>
      {section(t('due.overdue'), 'red', due.data.overdue)}
      {section(t('due.today'), 'blue', due.data.dueToday)}
      {section(days === 7 ? t('due.thisWeek') : t('due.nextDays', { count: days }), 'gray', due.data.soon)}
      {doses.modals}
    </Stack>
  );
}
