import { Badge, Button, Card, Group, Select, Stack, Switch, Text, TextInput } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
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
  t: TFunction<'requests'>,
): { filter: RequestFilter } | { errors: Partial<Record<keyof FilterFields, string>> } {
  const errors: Partial<Record<keyof FilterFields, string>> = {};
  const status = fields.status.trim();
  if (status !== '' && !(/^\d{3}$/.test(status) && Number(status) >= 100 && Number(status) <= 599))
    errors.status = t('errors.status');
  const from = utcMoment(fields.from);
  const to = utcMoment(fields.to);
  if (from === 'invalid') errors.from = t('errors.notMoment');
  if (to === 'invalid') errors.to = t('errors.notMoment');
  if (typeof from === 'number' && typeof to === 'number' && to < from) errors.to = t('errors.beforeFrom');
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
  const { t } = useTranslation('requests');
  const environment = useEnvironment();
  const [fields, setFields] = useState<FilterFields>(EMPTY);
  const [live, setLive] = useState(true);
  const [open, setOpen] = useState<LoggedRequest | null>(null);
  const parsed = toFilter(fields, t);
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
      t('exporting'),
      () => call('lab.har', { environment, filter }),
      (har) => {
        download(`adoption-desk-${environment}-requests.har`, JSON.stringify(har, null, 2));
        return t('exported', { count: har.log.entries.length });
      },
    ).catch(() => undefined);

  return (
    <Stack>
      <PageTitle
        title={t('title')}
        description={t('description')}
        actions={
          <>
            <Badge
              variant="dot"
              color={log.isRefetchError ? 'red' : live ? 'teal' : 'gray'}
              size="lg"
              data-testid="requests-live"
            >
              {log.isRefetchError ? t('notUpdating') : live ? t('live') : t('paused')}
            </Badge>
            <Switch label={t('live')} checked={live} onChange={(event) => setLive(event.currentTarget.checked)} />
            <Button
              variant="light"
              leftSection={<IconDownload size={16} />}
              onClick={exportHar}
              data-testid="export-har"
            >
              {t('exportHar')}
            </Button>
          </>
        }
      />
      <Card withBorder>
        <Group align="flex-start" wrap="wrap">
          <Select
            label={t('filters.account')}
            placeholder={t('filters.any')}
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
            label={t('filters.key')}
            placeholder={t('filters.any')}
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
            label={t('filters.status')}
            placeholder="429"
            w={100}
            value={fields.status}
            error={errors.status}
            onChange={(event) => set('status')(event.currentTarget.value)}
            data-testid="filter-status"
          />
          <TextInput
            label={t('filters.path')}
            placeholder="/v1/pets"
            w={180}
            value={fields.path}
            onChange={(event) => set('path')(event.currentTarget.value)}
          />
          <TextInput
            type="datetime-local"
            step={1}
            label={t('filters.from')}
            w={220}
            value={fields.from}
            error={errors.from}
            onChange={(event) => set('from')(event.currentTarget.value)}
          />
          <TextInput
            type="datetime-local"
            step={1}
            label={t('filters.to')}
            w={220}
            value={fields.to}
            error={errors.to}
            onChange={(event) => set('to')(event.currentTarget.value)}
          />
          <Button variant="subtle" mt={24} onClick={() => setFields(EMPTY)}>
            {t('filters.clear')}
          </Button>
        </Group>
      </Card>
      {log.isRefetchError && <RefreshFailure error={log.error} stale={t('stale')} />}
      {log.isPending && <SkeletonBlocks count={3} height={40} />}
      {log.isLoadingError && <LoadFailure error={log.error} onRetry={() => void log.refetch()} />}
      {log.data && log.data.length === 0 && (
        <Text c="dimmed" data-testid="requests-empty">
          {t('empty')}
        </Text>
      )}
      {log.data && log.data.length > 0 && (
        <>
          <RequestTable requests={log.data} onOpen={setOpen} />
          <Text size="xs" c="dimmed">
            {t('newest', { count: log.data.length })}
          </Text>
        </>
      )}
      <RequestDrawer request={open} onClose={() => setOpen(null)} />
    </Stack>
  );
}
