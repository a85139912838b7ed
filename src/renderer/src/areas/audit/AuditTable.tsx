import { Anchor, Stack, Table, Text } from '@mantine/core';
import type { AuditEntry } from '../../../../shared/audit';
import type { Environment } from '../../../../shared/environments';
import { DESK_NAME } from '../../../../shared/staff';
import { recordHref } from '../../app/navigation';
import { formatMoment } from '../../ui/format';
import { SkeletonRows } from '../../ui/LoadStates';
import { TruncatedText } from '../../ui/TruncatedText';
import { actionWords, fieldWords, recordKindOf, valueWords } from './action-words';

const COLUMNS = 5;

/** Who acted: the member, or the desk (the window on the server itself, a single desk, the admin token), which is no member. */
function whoWords(entry: AuditEntry): string {
  return entry.staffId === null && entry.staffName === DESK_NAME ? 'this desk' : entry.staffName;
}

function environmentOf(entry: AuditEntry): Environment | null {
  const input = entry.input as { environment?: unknown } | null;
  return input?.environment === 'production' || input?.environment === 'staging' ? input.environment : null;
}

function RecordCell({ entry, environment }: { entry: AuditEntry; environment: Environment }): React.JSX.Element {
  if (entry.record === null) return <Text size="sm" c="dimmed">—</Text>;
  const kind = recordKindOf(entry.channel, entry.input);
  const id = Number(entry.record);
  const where = environmentOf(entry);
  const label = `${kind === 'people' ? 'Person' : kind === 'pets' ? 'Pet' : 'Record'} ${entry.record}`;
  // A record of the other environment has no page in this one.
  if (!kind || !Number.isInteger(id) || (where !== null && where !== environment)) {
    return <Text size="sm">{where !== null && where !== environment ? `${label} (${where})` : label}</Text>;
  }
  return (
    <Anchor href={recordHref(kind, id)} size="sm">
      {label}
    </Anchor>
  );
}

/** Each changed field as "Field: before → after", cut to the column with the whole on hover; or what was sent, when the write was no edit. */
function ChangesCell({ entry }: { entry: AuditEntry }): React.JSX.Element {
  // The record's version is bookkeeping (how an edit conflict names who made it), not a change staff made.
  const changes = Object.entries(entry.changes ?? {}).filter(([field]) => field !== 'version');
  if (changes.length === 0) {
    const { environment: _environment, ...sent } = (entry.input ?? {}) as Record<string, unknown>;
    const text = Object.keys(sent).length === 0 ? '—' : JSON.stringify(sent);
    return <TruncatedText text={text} maw={240} size="sm" c="dimmed" />;
  }
  return (
    <Stack gap={2}>
      {changes.map(([field, { before, after }]) => (
        <TruncatedText key={field} text={`${fieldWords(entry.channel, field)}: ${valueWords(before)} → ${valueWords(after)}`} maw={240} size="sm" data-testid="audit-change" />
      ))}
    </Stack>
  );
}

export function AuditTable({ entries, loading, environment }: { entries: AuditEntry[]; loading: boolean; environment: Environment }): React.JSX.Element {
  return (
    <Table striped verticalSpacing="xs" stickyHeader data-testid="audit-table" aria-busy={loading}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th w={130}>When</Table.Th>
          <Table.Th w={130}>Who</Table.Th>
          <Table.Th>What</Table.Th>
          <Table.Th w={110}>Record</Table.Th>
          <Table.Th w={250}>Changes</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {loading && entries.length === 0 && <SkeletonRows rows={6} columns={COLUMNS} />}
        {entries.map((entry) => (
          <Table.Tr key={entry.id} data-testid="audit-row" data-channel={entry.channel}>
            <Table.Td>
              <Text size="sm">{formatMoment(entry.at)}</Text>
            </Table.Td>
            <Table.Td>
              <TruncatedText text={whoWords(entry)} maw={120} size="sm" fw={500} />
              {entry.address && <TruncatedText text={`from ${entry.address}`} maw={120} size="xs" c="dimmed" />}
            </Table.Td>
            <Table.Td>
              <Text size="sm">{actionWords(entry.channel)}</Text>
            </Table.Td>
            <Table.Td>
              <RecordCell entry={entry} environment={environment} />
            </Table.Td>
            <Table.Td>
              <ChangesCell entry={entry} />
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
