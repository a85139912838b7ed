import { Anchor, Stack, Table, Text } from '@mantine/core';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { AuditSubject, NamedAuditEntry } from '../../../../shared/audit';
import type { Environment } from '../../../../shared/environments';
import { DESK_NAME } from '../../../../shared/staff';
import { pageHref, recordHref } from '../../ui/navigation';
import { formatMoment } from '../../ui/format';
import { SkeletonRows } from '../../ui/LoadStates';
import { TruncatedText } from '../../ui/TruncatedText';
import { actionWords, recordWords } from './action-words';
import { codeWords, fieldWords, valueWords } from './field-words';
import { useCategoryNames, usePersonName } from './queries';

const COLUMNS = 5;

/** Who acted: the member, or the desk (the window on the server itself, a single desk, the admin token), which is no member. */
function whoWords(entry: NamedAuditEntry, t: TFunction<'audit'>): string {
  return entry.staffId === null && entry.staffName === DESK_NAME ? t('thisDeskLower') : entry.staffName;
}

/** One record the entry is about, by its name and linked to its page; by its number once it is gone, unlinked in the other environment. */
function SubjectLink({ subject, environment }: { subject: AuditSubject; environment: Environment }): React.JSX.Element {
  const { t } = useTranslation('audit');
  // Members have one page, the Staff page; a pet or person of the other environment has none in this one.
  const here = subject.kind === 'member' || subject.environment === environment;
  const person = usePersonName(subject.id, subject.kind === 'person' && here);
  const asking = subject.kind === 'person' && here && person.isPending;
  const name = subject.kind === 'person' ? (person.data ?? null) : subject.name;
  const number = t(`subject.${subject.kind}`, { id: subject.id });
  if (!here)
    return (
      <TruncatedText
        text={t('otherEnvironment', { what: name ?? number, environment: subject.environment })}
        maw={150}
        size="sm"
      />
    );
  if (name === null && !asking) return <TruncatedText text={t('gone', { what: number })} maw={150} size="sm" />;
  return (
    <Anchor
      href={
        subject.kind === 'member'
          ? pageHref('staff')
          : recordHref(subject.kind === 'pet' ? 'pets' : 'people', subject.id)
      }
      size="sm"
      display="block"
      maw={150}
      truncate="end"
      title={name ?? number}
    >
      {name ?? number}
    </Anchor>
  );
}

function RecordCell({ entry, environment }: { entry: NamedAuditEntry; environment: Environment }): React.JSX.Element {
  if (entry.subjects.length > 0) {
    return (
      <Stack gap={2}>
        {entry.subjects.map((subject) => (
          <SubjectLink key={`${subject.kind}-${subject.id}`} subject={subject} environment={environment} />
        ))}
      </Stack>
    );
  }
  if (entry.record === null)
    return (
      <Text size="sm" c="dimmed">
        —
      </Text>
    );
  return <Text size="sm">{recordWords(entry.channel, entry.record)}</Text>;
}

/** Each changed field as "Field: before → after", or each field sent when the write was no edit; all in words, cut to the column with the whole on hover. */
function ChangesCell({ entry }: { entry: NamedAuditEntry }): React.JSX.Element {
  const categories = useCategoryNames();
  const petName = (id: unknown) => entry.subjects.find((subject) => subject.kind === 'pet' && subject.id === id)?.name;
  const categoryName = (id: unknown) => categories.data?.find((category) => category.id === id)?.name;
  const line = (field: string, value: unknown): string => `${fieldWords(entry.channel, field)}: ${shown(field, value)}`;
  // Ids as the records they name, where the page knows them.
  const shown = (field: string, value: unknown): string => {
    if (field.endsWith('categoryId')) return categoryName(value) ?? valueWords(value, line);
    if (field.endsWith('petId')) return petName(value) ?? `#${String(value)}`;
    if (/(Id|^id)$/.test(field) && typeof value === 'number') return `#${value}`;
    return valueWords(value, line, (text) => codeWords(entry.channel, field, text));
  };
  // The record's version is bookkeeping (how an edit conflict names who made it), not a change staff made.
  const changes = Object.entries(entry.changes ?? {}).filter(([field]) => field !== 'version');
  if (changes.length === 0) {
    const { environment: _environment, ...sent } = (entry.input ?? {}) as Record<string, unknown>;
    // A write's single group of fields (a new pet, a round) reads as its fields.
    const [only] = Object.values(sent);
    const fields =
      Object.keys(sent).length === 1 && only && typeof only === 'object' && !Array.isArray(only)
        ? (only as Record<string, unknown>)
        : sent;
    const lines = Object.entries(fields).map(([field, value]) => line(field, value));
    if (lines.length === 0)
      return (
        <Text size="sm" c="dimmed">
          —
        </Text>
      );
    return (
      <Stack gap={2}>
        {lines.map((line) => (
          <TruncatedText key={line} text={line} maw={240} size="sm" c="dimmed" data-testid="audit-sent" />
        ))}
      </Stack>
    );
  }
  return (
    <Stack gap={2}>
      {changes.map(([field, { before, after }]) => (
        <TruncatedText
          key={field}
          text={`${fieldWords(entry.channel, field)}: ${shown(field, before)} → ${shown(field, after)}`}
          maw={240}
          size="sm"
          data-testid="audit-change"
        />
      ))}
    </Stack>
  );
}

export function AuditTable({
  entries,
  loading,
  environment,
}: {
  entries: NamedAuditEntry[];
  loading: boolean;
  environment: Environment;
}): React.JSX.Element {
  const { t } = useTranslation('audit');
  return (
    <Table striped verticalSpacing="xs" stickyHeader data-testid="audit-table" aria-busy={loading}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th w={130}>{t('columns.when')}</Table.Th>
          <Table.Th w={130}>{t('columns.who')}</Table.Th>
          <Table.Th>{t('columns.what')}</Table.Th>
          <Table.Th w={160}>{t('columns.record')}</Table.Th>
          <Table.Th w={250}>{t('columns.changes')}</Table.Th>
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
              <TruncatedText text={whoWords(entry, t)} maw={120} size="sm" fw={500} />
              {entry.address && (
                <TruncatedText text={t('fromAddress', { address: entry.address })} maw={120} size="xs" c="dimmed" />
              )}
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
