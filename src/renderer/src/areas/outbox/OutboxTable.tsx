import { Badge, Button, ScrollArea, Table, Text, Tooltip } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { OutboxRow, OutboxStatus } from '../../../../shared/mail';
import { formatBytes, formatMoment } from '../../ui/format';
import { TruncatedText } from '../../ui/TruncatedText';
import { useRetryMessage } from './queries';

const STATUS_COLOR: Record<OutboxStatus, string> = {
  queued: 'blue',
  sending: 'cyan',
  sent: 'green',
  failed: 'red',
  unsure: 'orange',
};

/** The messages: to whom, what, where they stand and why; a failed or unsure one can be sent again. */
export function OutboxTable({ rows }: { rows: OutboxRow[] }): React.JSX.Element {
  const { t } = useTranslation('outbox');
  const retry = useRetryMessage();
  return (
    <ScrollArea>
      <Table striped verticalSpacing="xs" data-testid="outbox-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('column.to')}</Table.Th>
            <Table.Th>{t('column.subject')}</Table.Th>
            <Table.Th>{t('column.status')}</Table.Th>
            <Table.Th>{t('column.when')}</Table.Th>
            <Table.Th>{t('column.why')}</Table.Th>
            <Table.Th />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.id} data-status={row.status}>
              <Table.Td>
                <TruncatedText size="sm" text={row.toAddress} maw={220} />
              </Table.Td>
              <Table.Td>
                <TruncatedText size="sm" text={row.subject} maw={280} />
                {row.attachments.length > 0 ? (
                  <Text size="xs" c="dimmed" data-testid="outbox-attachments" style={{ overflowWrap: 'anywhere' }}>
                    {t('attachments', {
                      names: row.attachments
                        .map((file) => t('attachment', { name: file.name, size: formatBytes(file.size) }))
                        .join(', '),
                    })}
                  </Text>
                ) : null}
              </Table.Td>
              <Table.Td>
                <Badge color={STATUS_COLOR[row.status]} variant="light">
                  {t(`status.${row.status}`)}
                </Badge>
              </Table.Td>
              <Table.Td>
                <Text size="sm">{formatMoment(row.sentAt ?? row.createdAt)}</Text>
                {row.status === 'queued' && row.attempts > 0 && row.nextAttemptAt !== null ? (
                  <Text size="xs" c="dimmed">
                    {t('nextTry', { when: formatMoment(row.nextAttemptAt) })}
                  </Text>
                ) : null}
              </Table.Td>
              <Table.Td maw={320}>
                <Text size="sm" c={row.status === 'failed' ? 'red' : undefined} style={{ overflowWrap: 'anywhere' }}>
                  {row.lastError ?? ''}
                </Text>
              </Table.Td>
              <Table.Td>
                {row.status === 'failed' || row.status === 'unsure' ? (
                  <Tooltip label={t('unsureHelp')} disabled={row.status !== 'unsure'} multiline w={280}>
                    <Button size="xs" variant="light" onClick={() => retry.mutate({ id: row.id })}>
                      {t('retry')}
                    </Button>
                  </Tooltip>
                ) : null}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollArea>
  );
}
