import { Alert, Button, Group, Stack, Table, Text } from '@mantine/core';
import { IconGitCompare } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { EditConflictDetails } from '../../../shared/errors';
import { AdminCallError } from '../client/transport';
import { windowI18n } from '../i18n/i18n';
import { formatMoment } from './format';

/** One field that differs: its name in words, then their value and mine, as the form shows them. */
export interface ConflictRow {
  label: string;
  theirs: string;
  yours: string;
}

/** The refusal's details when a save was made from an older version (edit_conflict), else null. */
export function editConflictOf(error: unknown): EditConflictDetails | null {
  return error instanceof AdminCallError && error.code === 'edit_conflict'
    ? ((error.details as EditConflictDetails | undefined) ?? null)
    : null;
}

/** A value as a cell shows it: lists joined, yes/no for a tick, a dash for nothing. */
export function shownValue(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'boolean') return windowI18n.t(value ? 'yes' : 'no');
  if (Array.isArray(value)) return value.length === 0 ? '—' : value.map(shownValue).join(', ');
  return String(value);
}

/** The fields whose values differ between their version and mine, in the order given, worded by `show` (shownValue by default). */
export function differingRows<F extends string>(
  fields: readonly F[],
  label: (field: F) => string,
  theirs: Readonly<Partial<Record<F, unknown>>>,
  yours: Readonly<Partial<Record<F, unknown>>>,
  show: (field: F, value: unknown) => string = (_field, value) => shownValue(value),
): ConflictRow[] {
  return fields.flatMap((field) => {
    const [their, mine] = [show(field, theirs[field]), show(field, yours[field])];
    return their === mine ? [] : [{ label: label(field), theirs: their, yours: mine }];
  });
}

/**
 * What "Save mine over theirs" sends: their version, with only the fields this desk changed since
 * it opened the form put over it, so a field it never touched keeps what the other desk saved.
 */
export function mineOverTheirs<V extends object>(opened: V, mine: V, theirs: V): V {
  const changed = (field: keyof V) => JSON.stringify(mine[field]) !== JSON.stringify(opened[field]);
  return Object.fromEntries(
    (Object.keys(theirs) as (keyof V)[]).map((field) => [field, changed(field) ? mine[field] : theirs[field]]),
  ) as V;
}

function whoChanged({ changedBy, changedAt }: EditConflictDetails): string {
  const who = changedBy === null ? 'outside' : changedBy === 'desk' ? 'byDesk' : 'byMember';
  const when = changedAt === null ? null : formatMoment(changedAt);
  return windowI18n.t(`editConflict.${who}${when === null ? '' : 'At'}`, { name: changedBy, when });
}

/**
 * At the top of a form whose save was refused because someone saved first: who and when, the fields
 * that differ (theirs | yours), and the two ways on. The form keeps what was typed until one is chosen.
 */
export function EditConflictPanel({
  conflict,
  rows,
  saving,
  onUseTheirs,
  onSaveMine,
}: {
  conflict: EditConflictDetails;
  rows: ConflictRow[];
  saving: boolean;
  onUseTheirs: () => void;
  onSaveMine: () => void;
}): React.JSX.Element {
  const { t } = useTranslation();
  const panel = useRef<HTMLDivElement>(null);
  // The save button is at the form's foot, the panel at its head: bring the panel into view.
  useEffect(() => {
    panel.current?.scrollIntoView({ block: 'nearest' });
  }, [conflict]);
  return (
    <Alert
      ref={panel}
      color="orange"
      variant="light"
      icon={<IconGitCompare />}
      title={t('editConflict.title')}
      data-testid="edit-conflict"
    >
      <Stack gap="xs">
        <Text size="sm" data-testid="edit-conflict-who">
          {whoChanged(conflict)} {t('editConflict.kept')}
        </Text>
        {rows.length === 0 ? (
          <Text size="sm">{t('editConflict.elsewhere')}</Text>
        ) : (
          <Table.ScrollContainer minWidth={360} mah={220}>
            <Table
              striped
              withTableBorder
              layout="fixed"
              fz="sm"
              verticalSpacing={4}
              data-testid="edit-conflict-fields"
            >
              <Table.Thead>
                <Table.Tr>
                  <Table.Th w="28%">{t('editConflict.field')}</Table.Th>
                  <Table.Th>{t('editConflict.theirs')}</Table.Th>
                  <Table.Th>{t('editConflict.yours')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((row) => (
                  <Table.Tr key={row.label}>
                    <Table.Td fw={500}>{row.label}</Table.Td>
                    {[row.theirs, row.yours].map((value, index) => (
                      <Table.Td key={index}>
                        <Text size="sm" lineClamp={3} title={value} style={{ overflowWrap: 'anywhere' }}>
                          {value}
                        </Text>
                      </Table.Td>
                    ))}
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
        <Group justify="flex-end" gap="xs">
          <Button variant="default" size="xs" onClick={onUseTheirs} disabled={saving}>
            {t('editConflict.useTheirs')}
          </Button>
          <Button color="orange" size="xs" onClick={onSaveMine} loading={saving}>
            {t('editConflict.saveMine')}
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}
