import { Badge, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { LoggedRequest } from '../../../../shared/lab';

export function statusColor(status: number): string {
  if (status === 429) return 'orange';
  if (status >= 500) return 'red';
  if (status >= 400) return 'yellow';
  return 'teal';
}

const time = (ms: number) => new Date(ms).toISOString().slice(11, 23);

/** Logged requests, one a row; a click opens the detail drawer. */
export function RequestTable({
  requests,
  onOpen,
}: {
  requests: LoggedRequest[];
  onOpen: (request: LoggedRequest) => void;
}): React.JSX.Element {
  const { t } = useTranslation('requests');
  return (
    <Table.ScrollContainer minWidth={680}>
      <Table highlightOnHover striped data-testid="request-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('columns.time')}</Table.Th>
            <Table.Th>{t('columns.request')}</Table.Th>
            <Table.Th>{t('columns.status')}</Table.Th>
            <Table.Th>{t('columns.key')}</Table.Th>
            {/* Account and latency are in the request's drawer too: they give way in a small window. */}
            <Table.Th visibleFrom="lg">{t('columns.account')}</Table.Th>
            <Table.Th>{t('columns.remaining')}</Table.Th>
            <Table.Th>{t('columns.retryAfter')}</Table.Th>
            <Table.Th visibleFrom="lg">{t('columns.ms')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {requests.map((request) => (
            <Table.Tr
              key={request.id}
              onClick={() => onOpen(request)}
              style={{ cursor: 'pointer' }}
              data-testid="request-row"
            >
              <Table.Td ff="monospace" fz="xs" title={new Date(request.at).toISOString()}>
                {time(request.at)}
              </Table.Td>
              <Table.Td>
                <Text
                  ff="monospace"
                  fz="xs"
                  lineClamp={1}
                  style={{ wordBreak: 'break-all' }}
                  title={`${request.method} ${request.path}`}
                >
                  {request.method} {request.path}
                </Text>
              </Table.Td>
              <Table.Td>
                <Badge color={statusColor(request.status)} variant="light">
                  {request.status}
                  {request.code ? ` ${request.code}` : ''}
                </Badge>
              </Table.Td>
              <Table.Td ff="monospace" fz="xs">
                {request.keyId === null ? '—' : `#${request.keyId} ${request.keyPrefix ?? ''}`}
              </Table.Td>
              <Table.Td visibleFrom="lg">{request.accountId ?? '—'}</Table.Td>
              <Table.Td>{request.remaining === null ? '—' : `${request.remaining} / ${request.limit}`}</Table.Td>
              <Table.Td>{request.retryAfter === null ? '—' : `${request.retryAfter} s`}</Table.Td>
              <Table.Td visibleFrom="lg">{request.latencyMs.toFixed(1)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
