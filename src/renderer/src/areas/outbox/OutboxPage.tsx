import { Alert, Button, Group, SegmentedControl, Stack, Tabs, Text } from '@mantine/core';
import { IconPlayerPause, IconPlayerPlay } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { OUTBOX_STATUSES, type OutboxStatus } from '../../../../shared/mail';
import { LoadFailure, SkeletonBlocks } from '../../ui/LoadStates';
import { PageTitle } from '../../ui/PageTitle';
import { useGuardedChoice } from '../../ui/unsaved-changes';
import { AutomationPanel } from './AutomationPanel';
import { OutboxTable } from './OutboxTable';
import { TemplateEditor } from './TemplateEditor';
import { useMailSettings, useOutbox, usePauseMail } from './queries';

/** The Outbox: the messages, the automatic messages' words, and which of them go out. */
export function OutboxPage(): React.JSX.Element {
  const { t } = useTranslation('outbox');
  // Each tab unmounts the others: the words and settings typed in one are asked about before another.
  const [tab, chooseTab] = useGuardedChoice('messages');
  return (
    <Stack gap="md" data-testid="outbox-page">
      <PageTitle title={t('title')} description={t('description')} />
      <Tabs value={tab} onChange={chooseTab} keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="messages">{t('tabs.messages')}</Tabs.Tab>
          <Tabs.Tab value="templates">{t('tabs.templates')}</Tabs.Tab>
          <Tabs.Tab value="automation">{t('tabs.automation')}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="messages" pt="md">
          <Messages />
        </Tabs.Panel>
        <Tabs.Panel value="templates" pt="md">
          <TemplateEditor />
        </Tabs.Panel>
        <Tabs.Panel value="automation" pt="md">
          <AutomationPanel />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}

/** What is waiting, sent and failed (with why), the pause switch and the day's count against the cap. */
function Messages(): React.JSX.Element {
  const { t } = useTranslation('outbox');
  const [status, setStatus] = useState<OutboxStatus | null>(null);
  const settings = useMailSettings();
  const outbox = useOutbox(status);
  const pause = usePauseMail();
  const rows = useMemo(() => outbox.data?.pages.flatMap((page) => page.rows) ?? [], [outbox.data]);
  const counts = outbox.data?.pages[0]?.counts;
  const view = settings.data;
  return (
    <Stack gap="md">
      {view && !view.settings ? (
        <Alert color="yellow" variant="light">
          {t('notSetUp')}
        </Alert>
      ) : null}
      {view?.paused ? (
        <Alert color="orange" variant="light" role="status">
          {t('paused')}
        </Alert>
      ) : null}
      {view?.settings ? (
        <Group justify="space-between" wrap="wrap">
          <Text size="sm" c="dimmed">
            {t('sentLast24h', { count: view.sentLast24h, cap: view.settings.dailyCap })}
          </Text>
          <Button
            variant="light"
            leftSection={view.paused ? <IconPlayerPlay size={16} /> : <IconPlayerPause size={16} />}
            onClick={() => pause.mutate({ paused: !view.paused })}
          >
            {view.paused ? t('resume') : t('pause')}
          </Button>
        </Group>
      ) : null}
      <SegmentedControl
        aria-label={t('filter')}
        value={status ?? 'all'}
        onChange={(value) => setStatus(value === 'all' ? null : (value as OutboxStatus))}
        data={[
          { value: 'all', label: t('all') },
          ...OUTBOX_STATUSES.map((value) => ({
            value,
            label: counts ? `${t(`status.${value}`)} (${counts[value]})` : t(`status.${value}`),
          })),
        ]}
        style={{ alignSelf: 'flex-start', maxWidth: '100%', overflowX: 'auto' }}
      />
      {outbox.isPending ? (
        <SkeletonBlocks count={3} height={40} />
      ) : outbox.isError ? (
        <LoadFailure error={outbox.error} onRetry={() => void outbox.refetch()} />
      ) : rows.length === 0 ? (
        <Text c="dimmed">{t('empty')}</Text>
      ) : (
        <OutboxTable rows={rows} />
      )}
      {outbox.hasNextPage ? (
        <Button variant="subtle" onClick={() => void outbox.fetchNextPage()} loading={outbox.isFetchingNextPage}>
          {t('more')}
        </Button>
      ) : null}
    </Stack>
  );
}
