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
import type { AuditFilter } from '../../../../shared/audit';
import { useEnvironment } from '../../client/EnvironmentProvider';
import { AdminCallError } from '../../client/transport';
import { clearButtonOf } from '../../ui/clear-button';
import { LoadFailure } from '../../ui/LoadStates';
import { PageTitle } from '../../ui/PageTitle';
import { ACTION_WORDS } from './action-words';
import { AuditTable } from './AuditTable';
import { useAuditTrail } from './queries';

const THIS_DESK = 'This desk';
const ACTIONS = Object.entries(ACTION_WORDS)
  .map(([value, label]) => ({ value, label }))
  .sort((a, b) => a.label.localeCompare(b.label));

/** A date field's day (YYYY-MM-DD) as this computer's midnight, or its last millisecond for "to". */
function dayBound(day: string, end: boolean): number | undefined {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return undefined;
  const [year = 1970, month = 1, date = 1] = day.split('-').map(Number);
  const midnight = new Date(year, month - 1, end ? date + 1 : date).getTime();
  return end ? midnight - 1 : midnight;
}

/** Who changed what, when and from where: the trail of every admin write, newest first. */
export function AuditPage(): React.JSX.Element {
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
  }, [typed, from, to, channel]);
  const trail = useAuditTrail(filter);
  const entries = useMemo(() => trail.data?.pages.flat() ?? [], [trail.data]);
  const names = useMemo(
    () => [
      THIS_DESK,
      ...new Set(entries.filter((entry) => entry.staffName !== 'desk').map((entry) => entry.staffName)),
    ],
    [entries],
  );
  const filtered = Object.keys(filter).length > 0;
  const refused = trail.error instanceof AdminCallError && trail.error.code === 'forbidden';

  return (
    <Stack gap="md">
      <PageTitle
        title="Audit"
        description="Every change made through the admin pages: who made it, when, from which computer, and what it changed. Nothing here can be edited or removed."
      />
      {refused ? (
        <Alert
          color="yellow"
          variant="light"
          icon={<IconLock />}
          title="For managers and owners"
          role="alert"
          data-testid="audit-refused"
        >
          The audit trail shows every change made by every member of staff, so only managers and owners can read it. Ask
          one of them if you need to know who changed something.
        </Alert>
      ) : (
        <>
          <Group align="flex-end" wrap="wrap" gap="sm">
            <Autocomplete
              label="Staff member"
              placeholder="Anyone"
              data={names}
              value={staff}
              onChange={setStaff}
              w={170}
            />
            <TextInput
              label="From"
              type="date"
              value={from}
              onChange={(event) => setFrom(event.currentTarget.value)}
              w={150}
            />
            <TextInput
              label="To"
              type="date"
              value={to}
              onChange={(event) => setTo(event.currentTarget.value)}
              w={150}
            />
            <TextInput
              label="Record"
              placeholder="Its number"
              value={record}
              onChange={(event) => setRecord(event.currentTarget.value)}
              w={110}
            />
            <Select
              label="Kind of action"
              placeholder="Any"
              data={ACTIONS}
              value={channel}
              onChange={setChannel}
              searchable
              clearable
              clearButtonProps={clearButtonOf('the kind of action')}
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
                  title={filtered ? 'Nothing matches' : 'Nothing in the audit trail yet'}
                  description={
                    filtered
                      ? 'Try another staff member, wider dates, or any kind of action.'
                      : 'Changes made through the admin pages will be listed here, newest first.'
                  }
                />
              )}
            </Paper>
          )}
          <Group justify="space-between" wrap="wrap">
            <Text size="sm" c="dimmed" aria-live="polite" data-testid="audit-count">
              {trail.data
                ? `${entries.length} ${entries.length === 1 ? 'change' : 'changes'} shown${trail.hasNextPage ? ', more before' : ''}`
                : ' '}
            </Text>
            {trail.hasNextPage && (
              <Button variant="default" onClick={() => void trail.fetchNextPage()} loading={trail.isFetchingNextPage}>
                Load more
              </Button>
            )}
          </Group>
        </>
      )}
    </Stack>
  );
}
