import { Alert, Group, List, Stack, Text } from '@mantine/core';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
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
export function conflictInPlainWords(domain: Domain, t: TFunction<'sites'>): string {
  const types = addressTypes(domain.found);
  const named = types.length > 0 ? types.join(t('verification.and')) : t('verification.address');
  const count = types.length > 1 || domain.found.length > 1 ? 2 : 1;
  if (domain.kind === 'subdomain') {
    return t('verification.removeBlocking', { count, types: named, name: domain.name });
  }
  return t('verification.replaceApex', {
    count,
    name: domain.name,
    found: domain.found.join(', '),
    target: domain.record.value,
  });
}

function Records({
  id,
  label,
  records,
  empty,
}: {
  id: 'expected' | 'found';
  label: string;
  records: string[];
  empty: string;
}): React.JSX.Element {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      {records.length === 0 ? (
        <Text size="sm" c="dimmed" data-testid={`verification-${id}`}>
          {empty}
        </Text>
      ) : (
        <List size="sm" ff="monospace" data-testid={`verification-${id}`}>
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
  const { t } = useTranslation('sites');
  return (
    <Stack gap="xs" data-testid="verification">
      {domain.status === 'conflict' && (
        <Alert color="red" variant="light" p="xs" data-testid="conflict-explained">
          {conflictInPlainWords(domain, t)}
        </Alert>
      )}
      <Text size="sm" data-testid="verification-message">
        {dnsCheckForWindow(domain)}
      </Text>
      <Group gap="xl" align="flex-start">
        <Records id="expected" label={t('verification.expected')} records={domain.expected} empty="—" />
        <Records
          id="found"
          label={t('verification.found')}
          records={domain.found}
          empty={domain.checkedAt === null ? t('verification.notChecked') : t('verification.nothing')}
        />
        <Stack gap={0}>
          <Text size="xs" c="dimmed">
            {t('verification.lastCheck')}
          </Text>
          <Text size="sm">{domain.checkedAt === null ? t('verification.notYet') : formatMoment(domain.checkedAt)}</Text>
        </Stack>
        {domain.nextCheckAt !== null && (
          <Stack gap={0}>
            <Text size="xs" c="dimmed">
              {t('verification.nextCheck')}
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
