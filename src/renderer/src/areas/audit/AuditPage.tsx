import {
  Alert,
  Autocomplete,
  Button,
  EmptyState,
  Group,
  Paper,
  ScrollArea,
  Select,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconHistory, IconLock } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AuditFilter } from '../../../../shared/audit';
import { useEnvironment } from '../../client/EnvironmentProvider';
import { AdminCallError } from '../../client/transport';
import { clearButtonNamed } from '../../ui/clear-button';
import { LoadFailure } from '../../ui/LoadStates';
import { PageTitle } from '../../ui/PageTitle';
import { windowLocale } from '../../i18n/i18n';
import { ACTION_WORDS } from './action-words';
import { AuditTable } from './AuditTable';
import { useAuditTrail } from './queries';

/** The kinds of action in the window's language, sorted by its collation. */
const actionChoices = () =>
  Object.entries(ACTION_WORDS)
    .map(([value, label]) => ({ value, label }))
    .sort((a, b) => a.label.localeCompare(b.label, windowLocale()));

/** A date field's day (YYYY-MM-DD) as this computer's midnight, or its last millisecond for "to". */
function dayBound(day: string, end: boolean): number | undefined {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return undefined;
  const [year = 1970, month = 1, date = 1] = day.split('-').map(Number);
  const midnight = new Date(year, month - 1, end ? date + 1 : date).getTime();
  return end ? midnight - 1 : midnight;
}

/** Who changed what, when and from where: the trail of every admin write, newest first. */
export function AuditPage(): React.JSX.Element {
  const { t } = useTranslation('audit');
  const THIS_DESK = t('thisDesk');
  const environment = useEnvironment();
  const [staff, setStaff] = useState('');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [record, setRecord] = useState('');
  const [channel, setChannel] = useState<string | null>(null);
  const [typed] = useDebouncedValue({ staff: staff.trim(), record: record.trim() }, 300);
  const filter = useMemo((): Omit<AuditFilter, 'limit' | 'before'> => {
    const who = typed.staff.toLowerCase() === THIS_DESK.toLowerCase() ? 'desk' : typed.staff;
    const fromAt = dayBound(from, false);
    const toAt = dayBound(to, true);
    return {
      ...(who ? { staff: who } : {}),
      ...(fromAt === undefined ? {} : { from: fromAt }),
      ...(toAt === undefined ? {} : { to: toAt }),
      ...(typed.record ? { record: typed.record } : {}),
      ...(channel ? { channel } : {}),
    };
  }, [typed, from, to, channel, THIS_DESK]);
  const trail = useAuditTrail(filter);
  const entries = useMemo(() => trail.data?.pages.flat() ?? [], [trail.data]);
  const names = useMemo(
    () => [
      THIS_DESK,
      ...new Set(entries.filter((entry) => entry.staffName !== 'desk').map((entry) => entry.staffName)),
    ],
    [entries, THIS_DESK],
  );
  const filtered = Object.keys(filter).length > 0;
  const refused = trail.error instanceof AdminCallError && trail.error.code === 'forbidden';

  return (
    <Stack gap="md">
      <PageTitle title={t('title')} description={t('description')} />
      {refused ? (
        <Alert
          color="yellow"
          variant="light"
          icon={<IconLock />}
          title={t('refusedTitle')}
          role="alert"
          data-testid="audit-refused"
        >
          {t('refused')}
        </Alert>
      ) : (
        <>
          <Group align="flex-end" wrap="wrap" gap="sm">
            <Autocomplete
              label={t('filters.staff')}
              placeholder={t('filters.anyone')}
              data={names}
              value={staff}
              onChange={setStaff}
              w={170}
            />
            <TextInput
              label={t('filters.from')}
              type="date"
              value={from}
              onChange={(event) => setFrom(event.currentTarget.value)}
              w={150}
            />
            <TextInput
              label={t('filters.to')}
              type="date"
              value={to}
              onChange={(event) => setTo(event.currentTarget.value)}
              w={150}
            />
            <TextInput
              label={t('filters.record')}
              placeholder={t('filters.recordPlaceholder')}
              value={record}
              onChange={(event) => setRecord(event.currentTarget.value)}
              w={110}
            />
            <Select
              label={t('filters.action')}
              placeholder={t('filters.any')}
              data={actionChoices()}
              value={channel}
              onChange={setChannel}
              searchable
              clearable
              clearButtonProps={clearButtonNamed(t('filters.clearAction'))}
              w={230}
            />
          </Group>
          {trail.isError && !trail.data ? (
            <LoadFailure error={trail.error} onRetry={() => void trail.refetch()} />
          ) : (
            <Paper withBorder radius="md">
              <ScrollArea.Autosize mah="calc(100dvh - 330px)" scrollbars="y" type="auto">
                <AuditTable entries={entries} loading={trail.isPending} environment={environment} />
              </ScrollArea.Autosize>
              {trail.isSuccess && entries.length === 0 && (
                <EmptyState
                  py="xl"
                  icon={<IconHistory size={28} />}
                  withIndicatorBackground
                  title={filtered ? t('empty.noMatchTitle') : t('empty.noneTitle')}
                  description={filtered ? t('empty.noMatch') : t('empty.none')}
                />
              )}
            </Paper>
          )}
          <Group justify="space-between" wrap="wrap">
            <Text size="sm" c="dimmed" aria-live="polite" data-testid="audit-count">
              {trail.data ? t(trail.hasNextPage ? 'shownMore' : 'shown', { count: entries.length }) : ' '}
            </Text>
            {trail.hasNextPage && (
              <Button variant="default" onClick={() => void trail.fetchNextPage()} loading={trail.isFetchingNextPage}>
                {t('loadMore')}
              </Button>
            )}
          </Group>
        </>
      )}
    </Stack>
  );
}
