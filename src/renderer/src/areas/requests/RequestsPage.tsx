import { Badge, Button, Card, Group, Select, Stack, Switch, Text, TextInput } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import type { LoggedRequest, RequestFilter } from '../../../../shared/lab';
import { call } from '../../client/transport';
import { LoadFailure, RefreshFailure, SkeletonBlocks } from '../../ui/LoadStates';
import { PageTitle } from '../../ui/PageTitle';
import { RequestDrawer } from './RequestDrawer';
import { RequestTable } from './RequestTable';
import { useEnvironment } from '../../client/EnvironmentProvider';
import { withProgress } from '../../client/notify';
import { useAccounts } from '../../client/accounts';
import { useApiKeys } from '../../client/api-keys';
import { useRequestLog } from './queries';

interface FilterFields {
  accountId: string | null;
  keyId: string | null;
  status: string;
  path: string;
  from: string;
  to: string;
}

const EMPTY: FilterFields = { accountId: null, keyId: null, status: '', path: '', from: '', to: '' };

/** "2026-06-01T10:00" from a datetime-local field, read as UTC (the API's clock is UTC). */
function utcMoment(value: string): number | undefined | 'invalid' {
  if (value === '') return undefined;
  const ms = Date.parse(`${value}Z`);
  return Number.isNaN(ms) ? 'invalid' : ms;
}

/** The fields as a filter, or the field errors that keep it from being applied. */
function toFilter(
  fields: FilterFields,
): { filter: RequestFilter } | { errors: Partial<Record<keyof FilterFields, string>> } {
  const errors: Partial<Record<keyof FilterFields, string>> = {};
  const status = fields.status.trim();
  if (status !== '' && !(/^\d{3}$/.test(status) && Number(status) >= 100 && Number(status) <= 599))
    errors.status = 'An HTTP status: 100 to 599';
  const from = utcMoment(fields.from);
  const to = utcMoment(fields.to);
  if (from === 'invalid') errors.from = 'Not a date and time';
  if (to === 'invalid') errors.to = 'Not a date and time';
  if (typeof from === 'number' && typeof to === 'number' && to < from) errors.to = 'Must not be before "from"';
  if (Object.keys(errors).length > 0) return { errors };
  return {
    filter: {
      accountId: fields.accountId ? Number(fields.accountId) : undefined,
      keyId: fields.keyId ? Number(fields.keyId) : undefined,
      status: status === '' ? undefined : Number(status),
      path: fields.path.trim() || undefined,
      from: from as number | undefined,
      to: to as number | undefined,
    },
  };
}

function download(name: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'application/json' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.click();
  URL.revokeObjectURL(url);
}

/** Every API request, live: who sent it, what came back, the figures and headers sent. */
export function RequestsPage(): React.JSX.Element {
  const environment = useEnvironment();
  const [fields, setFields] = useState<FilterFields>(EMPTY);
  const [live, setLive] = useState(true);
  const [open, setOpen] = useState<LoggedRequest | null>(null);
  const parsed = toFilter(fields);
  const errors = 'errors' in parsed ? parsed.errors : {};
  const [applied, setApplied] = useState<RequestFilter>({});
  const filter = 'filter' in parsed ? parsed.filter : applied;
  if ('filter' in parsed && JSON.stringify(parsed.filter) !== JSON.stringify(applied)) setApplied(parsed.filter);
  const log = useRequestLog(filter, live);
  const accounts = useAccounts();
  const keys = useApiKeys();
  const set = (field: keyof FilterFields) => (value: string | null) =>
    setFields((current) => ({ ...current, [field]: value ?? (field.endsWith('Id') ? null : '') }));

  const exportHar = () =>
    void withProgress(
      'Exporting the matching requests as HAR…',
      () => call('lab.har', { environment, filter }),
      (har) => {
        download(`adoption-desk-${environment}-requests.har`, JSON.stringify(har, null, 2));
        return `Exported ${har.log.entries.length} request(s) as HAR 1.2.`;
      },
    ).catch(() => undefined);

  return (
    <Stack>
      <PageTitle
        title="Requests"
        description="Every request the API answered, with the rate-limit figures and headers it sent. Times are the API's clock (the lab clock when it is on). Click a row for its headers."
        actions={
          <>
            <Badge
              variant="dot"
              color={log.isRefetchError ? 'red' : live ? 'teal' : 'gray'}
              size="lg"
              data-testid="requests-live"
            >
              {log.isRefetchError ? 'Not updating' : live ? 'Live' : 'Paused'}
            </Badge>
            <Switch label="Live" checked={live} onChange={(event) => setLive(event.currentTarget.checked)} />
            <Button
              variant="light"
              leftSection={<IconDownload size={16} />}
              onClick={exportHar}
              data-testid="export-har"
            >
              Export HAR
            </Button>
          </>
        }
      />
      <Card withBorder>
        <Group align="flex-start" wrap="wrap">
          <Select
            label="Account"
            placeholder="Any"
            clearable
            searchable
            w={200}
            data={(accounts.data ?? []).map((account) => ({
              value: String(account.id),
              label: `#${account.id} ${account.name}`,
            }))}
            value={fields.accountId}
            onChange={set('accountId')}
          />
          <Select
            label="Key"
            placeholder="Any"
            clearable
            searchable
            w={220}
            data={(keys.data ?? []).map((apiKey) => ({
              value: String(apiKey.id),
              label: `#${apiKey.id} ${apiKey.displayPrefix}`,
            }))}
            value={fields.keyId}
            onChange={set('keyId')}
          />
          <TextInput
            label="Status"
            placeholder="429"
            w={100}
            value={fields.status}
            error={errors.status}
            onChange={(event) => set('status')(event.currentTarget.value)}
            data-testid="filter-status"
          />
          <TextInput
            label="Path contains"
            placeholder="/v1/pets"
            w={180}
            value={fields.path}
            onChange={(event) => set('path')(event.currentTarget.value)}
          />
          <TextInput
            type="datetime-local"
            step={1}
            label="From (UTC)"
            w={220}
            value={fields.from}
            error={errors.from}
            onChange={(event) => set('from')(event.currentTarget.value)}
          />
          <TextInput
            type="datetime-local"
            step={1}
            label="To (UTC)"
            w={220}
            value={fields.to}
            error={errors.to}
            onChange={(event) => set('to')(event.currentTarget.value)}
          />
          <Button variant="subtle" mt={24} onClick={() => setFields(EMPTY)}>
            Clear filters
          </Button>
        </Group>
      </Card>
      {log.isRefetchError && <RefreshFailure error={log.error} stale="The list below is the last one received." />}
      {log.isPending && <SkeletonBlocks count={3} height={40} />}
      {log.isLoadingError && <LoadFailure error={log.error} onRetry={() => void log.refetch()} />}
      {log.data && log.data.length === 0 && (
        <Text c="dimmed" data-testid="requests-empty">
          No requests match. Send one (curl, the API console, a lab scenario) and it shows up here within a second.
        </Text>
      )}
      {log.data && log.data.length > 0 && (
        <>
          <RequestTable requests={log.data} onOpen={setOpen} />
          <Text size="xs" c="dimmed">
            The newest {log.data.length} matching request(s). Older ones: narrow the time range, or use the CLI
            (`requests list`, `requests har`).
          </Text>
        </>
      )}
      <RequestDrawer request={open} onClose={() => setOpen(null)} />
    </Stack>
  );
}
