import { Badge, Code, Drawer, Group, Stack, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { LoggedRequest } from '../../../../shared/lab';
import { statusColor } from './RequestTable';

const iso = (ms: number) => new Date(ms).toISOString();

/** One logged request: what it was, who sent it, and the response headers exactly as sent. */
export function RequestDrawer({
  request,
  onClose,
}: {
  request: LoggedRequest | null;
  onClose: () => void;
}): React.JSX.Element {
  const { t } = useTranslation('requests');
  return (
    <Drawer
      opened={request !== null}
      onClose={onClose}
      position="right"
      size="lg"
      title={request ? t('drawer.title', { id: request.id }) : ''}
      data-testid="request-drawer"
    >
      {request && (
        <Stack gap="sm">
          <Group gap="xs">
            <Badge color={statusColor(request.status)} size="lg">
              {request.status}
            </Badge>
            {request.code && <Code>{request.code}</Code>}
            <Text ff="monospace" size="sm" style={{ wordBreak: 'break-all' }}>
              {request.method} {request.path}
            </Text>
          </Group>
          <Table withTableBorder variant="vertical" layout="fixed">
            <Table.Tbody>
              <Table.Tr>
                <Table.Th w={160}>{t('drawer.arrived')}</Table.Th>
                <Table.Td>{iso(request.at)}</Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Th>{t('drawer.key')}</Table.Th>
                <Table.Td>
                  {request.keyId === null ? t('drawer.noKey') : `#${request.keyId} ${request.keyPrefix ?? ''}`}
                </Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Th>{t('drawer.account')}</Table.Th>
                <Table.Td>{request.accountId ?? '—'}</Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Th>{t('drawer.address')}</Table.Th>
                <Table.Td>{request.address || '—'}</Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Th>{t('drawer.latency')}</Table.Th>
                <Table.Td>{request.latencyMs.toFixed(2)} ms</Table.Td>
              </Table.Tr>
            </Table.Tbody>
          </Table>
          <Text fw={600}>{t('drawer.headers')}</Text>
          <Table withTableBorder striped layout="fixed" data-testid="request-headers">
            <Table.Tbody>
              {Object.entries(request.headers).map(([name, value]) => (
                <Table.Tr key={name}>
                  <Table.Td w={200} ff="monospace" fz="xs">
                    {name}
                  </Table.Td>
                  <Table.Td ff="monospace" fz="xs" style={{ wordBreak: 'break-all' }}>
                    {value}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Stack>
      )}
    </Drawer>
  );
}
