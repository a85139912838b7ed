import { Badge, Card, Code, Group, ScrollArea, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ConsoleResponse } from '../../../../shared/admin-contract';

const REASON: Record<number, string> = {
  200: 'OK',
  201: 'Created',
  400: 'Bad Request',
  401: 'Unauthorized',
  404: 'Not Found',
  405: 'Method Not Allowed',
  410: 'Gone',
  413: 'Payload Too Large',
  415: 'Unsupported Media Type',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
};

export function statusColor(status: number): string {
  if (status < 300) return 'teal';
  if (status === 429) return 'red';
  if (status < 500) return 'orange';
  return 'grape';
}

/** The headers a tester explores quotas with. */
function isQuotaHeader(name: string): boolean {
  return /^(x-ratelimit-|ratelimit|retry-after)/i.test(name);
}

function prettyBody(body: string): string {
  try {
    return JSON.stringify(JSON.parse(body), null, 2);
  } catch {
    return body;
  }
}

export function ConsoleResponseView({ response }: { response: ConsoleResponse }): React.JSX.Element {
  const { t } = useTranslation('console');
  const headers = Object.entries(response.headers).sort(
    ([a], [b]) => Number(isQuotaHeader(b)) - Number(isQuotaHeader(a)) || a.localeCompare(b),
  );
  return (
    <Card withBorder radius="md" padding="md" data-testid="console-response">
      <Group justify="space-between" mb="sm">
        <Title order={2} size="h4">
          {t('response.title')}
        </Title>
        <Group gap="xs">
          <Badge size="lg" color={statusColor(response.status)} data-testid="response-status">
            {response.status} {REASON[response.status] ?? ''}
          </Badge>
          <Text size="sm" c="dimmed">
            {Math.round(response.durationMs)} ms
          </Text>
        </Group>
      </Group>
      <Stack gap="md">
        <div>
          <Text size="sm" fw={500} mb={4}>
            {t('response.headers')}{' '}
            <Text span size="xs" c="dimmed">
              {t('response.headersNote')}
            </Text>
          </Text>
          <Table withTableBorder withColumnBorders fz="xs" data-testid="response-headers">
            <Table.Tbody>
              {headers.map(([name, value]) => {
                const quota = isQuotaHeader(name);
                return (
                  <Table.Tr
                    key={name}
                    bg={quota ? 'var(--mantine-color-yellow-light)' : undefined}
                    data-quota-header={quota || undefined}
                  >
                    <Table.Td ff="monospace" fw={quota ? 700 : 400} w="35%">
                      {name}
                    </Table.Td>
                    <Table.Td ff="monospace" style={{ wordBreak: 'break-all' }}>
                      {value}
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </div>
        <div>
          <Text size="sm" fw={500} mb={4}>
            {t('response.body')}
          </Text>
          <ScrollArea.Autosize mah={360}>
            {/* Long lines (an error message, a long name) wrap: no sideways scrolling. */}
            <Code block data-testid="response-body" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              {response.body === '' ? t('response.empty') : prettyBody(response.body)}
            </Code>
          </ScrollArea.Autosize>
        </div>
      </Stack>
    </Card>
  );
}
