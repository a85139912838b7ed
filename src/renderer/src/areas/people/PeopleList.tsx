import {
  Anchor,
  Badge,
  Button,
  Checkbox,
  EmptyState,
  Group,
  Pagination,
  Paper,
  ScrollArea,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconPlus, IconSearch, IconUsers } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PERSON_ROLES, type Person, type PersonRole } from '../../../../shared/people';
import { recordHref } from '../../ui/navigation';
import { clearButtonNamed } from '../../ui/clear-button';
import { formatFigure } from '../../ui/format';
import { LoadFailure, SkeletonRows } from '../../ui/LoadStates';
import { ROLE_WORDS } from '../../domain/people/person-labels';
import { TruncatedText } from '../../ui/TruncatedText';
import { PersonFlags } from './PersonFlags';
import { usePeople } from './queries';

type Flag = 'all' | 'doNotAdopt' | 'fosterApproved';
const PAGE_SIZE = 50;
const COLUMNS = 4;

/** The register: search by name, email or phone (case and accents do not matter), filter by role or flag. */
export function PeopleList({ onAdd }: { onAdd: () => void }): React.JSX.Element {
  const { t } = useTranslation('people');
  const [search, setSearch] = useState('');
  const [debouncedSearch] = useDebouncedValue(search.trim(), 250);
  const [role, setRole] = useState<PersonRole | null>(null);
  const [flag, setFlag] = useState<Flag>('all');
  const [forgotten, setForgotten] = useState(false);
  const [page, setPage] = useState(1);
  const people = usePeople({
    ...(debouncedSearch ? { search: debouncedSearch } : {}),
    ...(role ? { role } : {}),
    ...(flag === 'all' ? {} : { [flag]: true }),
    ...(forgotten ? { includeForgotten: true } : {}),
    limit: PAGE_SIZE,
    offset: (page - 1) * PAGE_SIZE,
  });
  const rows = people.data?.people ?? [];
  const total = people.data?.total ?? 0;
  const filtered = debouncedSearch !== '' || role !== null || flag !== 'all';
  const refilter =
    <T,>(set: (value: T) => void) =>
    (value: T) => {
      set(value);
      setPage(1);
    };

  return (
    <Stack gap="md">
      <Group align="flex-end" wrap="wrap" gap="sm">
        <TextInput
          label={t('list.search')}
          placeholder={t('list.searchPlaceholder')}
          leftSection={<IconSearch size={16} />}
          value={search}
          onChange={(event) => refilter(setSearch)(event.currentTarget.value)}
          w={190}
        />
        <Select<PersonRole>
          label={t('list.role')}
          placeholder={t('list.anyRole')}
          clearable
          clearButtonProps={clearButtonNamed(t('list.clearRole'))}
          value={role}
          onChange={refilter(setRole)}
          data={PERSON_ROLES.map((value) => ({ value, label: ROLE_WORDS[value] }))}
          w={140}
        />
        <Select<Flag>
          label={t('list.flag')}
          value={flag}
          onChange={(value) => refilter(setFlag)(value ?? 'all')}
          allowDeselect={false}
          data={[
            { value: 'all', label: t('list.anyFlag') },
            { value: 'doNotAdopt', label: t('list.doNotAdopt') },
            { value: 'fosterApproved', label: t('list.fosterHomes') },
          ]}
          w={150}
        />
        <Checkbox
          label={t('list.showForgotten')}
          checked={forgotten}
          onChange={(event) => refilter(setForgotten)(event.currentTarget.checked)}
          mb={8}
        />
      </Group>

      {people.isError && !people.data ? (
        <LoadFailure error={people.error} onRetry={() => void people.refetch()} />
      ) : (
        <Paper withBorder radius="md">
          {/* The table scrolls inside the page, its header kept in view. */}
          <ScrollArea.Autosize mah="calc(100dvh - 300px)" scrollbars="y" type="auto">
            <Table
              striped
              highlightOnHover
              stickyHeader
              verticalSpacing="xs"
              aria-busy={people.isFetching}
              data-testid="people-table"
            >
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('list.name')}</Table.Th>
                  <Table.Th>{t('list.contact')}</Table.Th>
                  <Table.Th visibleFrom="lg">{t('list.roles')}</Table.Th>
                  <Table.Th>{t('list.flags')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody style={{ opacity: people.isPlaceholderData ? 0.6 : 1 }}>
                {people.isPending && <SkeletonRows rows={6} columns={COLUMNS} />}
                {rows.map((person) => (
                  <PersonRow key={person.id} person={person} />
                ))}
              </Table.Tbody>
            </Table>
          </ScrollArea.Autosize>
          {people.isSuccess && rows.length === 0 && (
            <EmptyState
              py="xl"
              icon={<IconUsers size={28} />}
              withIndicatorBackground
              title={filtered ? t('list.nobodyMatches') : t('list.nobodyYet')}
              description={filtered ? t('list.nobodyMatchesHint') : t('list.nobodyYetHint')}
            >
              {!filtered && (
                <EmptyState.Actions>
                  <Button variant="light" leftSection={<IconPlus size={16} />} onClick={onAdd}>
                    {t('list.addFirst')}
                  </Button>
                </EmptyState.Actions>
              )}
            </EmptyState>
          )}
        </Paper>
      )}

      <Group justify="space-between" wrap="wrap">
        <Text size="sm" c="dimmed" data-testid="people-total" aria-live="polite">
          {people.data ? t('list.total', { count: total, figure: formatFigure(total) }) : ' '}
        </Text>
        <Pagination
          total={Math.max(1, Math.ceil(total / PAGE_SIZE))}
          value={page}
          onChange={setPage}
          siblings={1}
          aria-label={t('list.pages')}
        />
      </Group>
    </Stack>
  );
}

function PersonRow({ person }: { person: Person }): React.JSX.Element {
  const { t } = useTranslation('domain');
  const phone = person.phones[0];
  return (
    <Table.Tr data-testid={`person-row-${person.id}`}>
      <Table.Td fw={500}>
        <Anchor href={recordHref('people', person.id)} inherit c={person.forgottenAt === null ? undefined : 'dimmed'}>
          <TruncatedText text={person.name} maw={190} />
        </Anchor>
        {person.kind === 'organisation' && (
          <Text size="xs" c="dimmed">
            {t('people.kind.organisation')}
          </Text>
        )}
      </Table.Td>
      <Table.Td>
        {phone && <TruncatedText text={phone} maw={190} size="sm" />}
        {person.email && <TruncatedText text={person.email} maw={190} size="sm" c="dimmed" />}
        {!phone && !person.email && (
          <Text size="sm" c="dimmed">
            —
          </Text>
        )}
      </Table.Td>
      <Table.Td visibleFrom="lg">
        <Group gap={4}>
          {person.roles.map((role) => (
            <Badge key={role} variant="outline" color="gray" size="sm">
              {ROLE_WORDS[role]}
            </Badge>
          ))}
        </Group>
      </Table.Td>
      <Table.Td>
        <PersonFlags person={person} />
      </Table.Td>
    </Table.Tr>
  );
}
