import { Alert, Group, List, Stack, Text } from '@mantine/core';
import type { Domain } from '../../../../shared/sites';
import { dnsCheckForWindow } from '../../client/dns-findings';
import { formatMoment } from '../../ui/format';

/** "A" and "AAAA" from found records like "A 203.0.113.7", in the order met. */
function addressTypes(found: string[]): string[] {
  return [
    ...new Set(found.map((record) => record.split(' ')[0] ?? '').filter((type) => type === 'A' || type === 'AAAA')),
  ];
}

/** A conflict in one plain sentence: what to remove (subdomain) or replace (apex), and why. */
export function conflictInPlainWords(domain: Domain): string {
  const types = addressTypes(domain.found);
  const named = types.length > 0 ? types.join(' and ') : 'address';
  const plural = types.length > 1 || domain.found.length > 1;
  if (domain.kind === 'subdomain') {
    return `Remove the ${named} record${plural ? 's' : ''} at ${domain.name}: ${plural ? 'they block' : 'it blocks'} the CNAME.`;
  }
  return `${domain.name} points to ${domain.found.join(', ')}, not to ${domain.record.value}. Replace ${plural ? 'those records' : 'that record'} with ALIAS (or ANAME) ${domain.name} ${domain.record.value}.`;
}

function Records({ label, records, empty }: { label: string; records: string[]; empty: string }): React.JSX.Element {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      {records.length === 0 ? (
        <Text size="sm" c="dimmed" data-testid={`verification-${label.toLowerCase()}`}>
          {empty}
        </Text>
      ) : (
        <List size="sm" ff="monospace" data-testid={`verification-${label.toLowerCase()}`}>
          {records.map((record) => (
            <List.Item key={record}>{record}</List.Item>
          ))}
        </List>
      )}
    </Stack>
  );
}

/** What the last check looked for and found, its message, and when the next automatic check runs. */
export function VerificationDetails({ domain }: { domain: Domain }): React.JSX.Element {
  return (
    <Stack gap="xs" data-testid="verification">
      {domain.status === 'conflict' && (
        <Alert color="red" variant="light" p="xs" data-testid="conflict-explained">
          {conflictInPlainWords(domain)}
        </Alert>
      )}
      <Text size="sm" data-testid="verification-message">
        {dnsCheckForWindow(domain)}
      </Text>
      <Group gap="xl" align="flex-start">
        <Records label="Expected" records={domain.expected} empty="—" />
        <Records
          label="Found"
          records={domain.found}
          empty={domain.checkedAt === null ? 'not checked yet' : 'nothing'}
        />
        <Stack gap={0}>
          <Text size="xs" c="dimmed">
            Last check
          </Text>
          <Text size="sm">{domain.checkedAt === null ? 'not yet' : formatMoment(domain.checkedAt)}</Text>
        </Stack>
        {domain.nextCheckAt !== null && (
          <Stack gap={0}>
            <Text size="xs" c="dimmed">
              Next automatic check
            </Text>
            <Text size="sm" data-testid="next-check">
              {formatMoment(domain.nextCheckAt)}
            </Text>
          </Stack>
        )}
      </Group>
    </Stack>
  );
}
