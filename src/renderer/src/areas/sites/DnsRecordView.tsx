import { ActionIcon, Code, CopyButton, Group, Stack, Text, Tooltip } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { DnsRecord } from '../../../../shared/sites';

type Part = 'type' | 'name' | 'value' | 'ttl';

function CopyValue({ part, value }: { part: Part; value: string }): React.JSX.Element {
  const { t } = useTranslation('sites');
  const what = t(`record.parts.${part}`);
  return (
    <CopyButton value={value} timeout={2_000}>
      {({ copied, copy }) => (
        <Tooltip label={copied ? t('record.copied') : t('record.copy', { part: what })}>
          <ActionIcon
            size="sm"
            variant="subtle"
            color={copied ? 'teal' : 'gray'}
            aria-label={t('record.copyValue', { part: what, value })}
            onClick={copy}
          >
            {copied ? <IconCheck size={14} /> : <IconCopy size={14} />}
          </ActionIcon>
        </Tooltip>
      )}
    </CopyButton>
  );
}

function Field({ part, value }: { part: Part; value: string }): React.JSX.Element {
  const { t } = useTranslation('sites');
  return (
    <Group gap={4} wrap="nowrap" style={{ minWidth: 0 }}>
      <Text size="xs" c="dimmed" miw={42} style={{ flexShrink: 0 }}>
        {t(`record.${part}`)}
      </Text>
      {/* A long name wraps rather than being cut: every character must be copyable by eye too. */}
      <Code data-testid={`record-${part}`} style={{ overflowWrap: 'anywhere', minWidth: 0 }}>
        {value}
      </Code>
      <CopyValue part={part} value={value} />
    </Group>
  );
}

/** The record to create at the DNS provider, each part with its own copy button. */
export function DnsRecordView({ record }: { record: DnsRecord }): React.JSX.Element {
  const { t } = useTranslation('sites');
  return (
    <Stack gap={2} data-testid="dns-record">
      <Field part="type" value={record.type === 'ALIAS' ? 'ALIAS' : 'CNAME'} />
      <Field part="name" value={record.name} />
      <Field part="value" value={record.value} />
      <Field part="ttl" value={String(record.ttl)} />
      {record.type === 'ALIAS' && (
        <Text size="xs" c="dimmed">
          {t('record.alias')}
        </Text>
      )}
    </Stack>
  );
}
