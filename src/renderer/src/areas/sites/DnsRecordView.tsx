import { ActionIcon, Code, CopyButton, Group, Stack, Text, Tooltip } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import type { DnsRecord } from '../../../../shared/sites';

function CopyValue({ what, value }: { what: string; value: string }): React.JSX.Element {
  return (
    <CopyButton value={value} timeout={2_000}>
      {({ copied, copy }) => (
        <Tooltip label={copied ? 'Copied' : `Copy the ${what}`}>
          <ActionIcon
            size="sm"
            variant="subtle"
            color={copied ? 'teal' : 'gray'}
            aria-label={`Copy the ${what} ${value}`}
            onClick={copy}
          >
            {copied ? <IconCheck size={14} /> : <IconCopy size={14} />}
          </ActionIcon>
        </Tooltip>
      )}
    </CopyButton>
  );
}

function Field({ label, value }: { label: string; value: string }): React.JSX.Element {
  return (
    <Group gap={4} wrap="nowrap" style={{ minWidth: 0 }}>
      <Text size="xs" c="dimmed" w={42} style={{ flexShrink: 0 }}>
        {label}
      </Text>
      {/* A long name wraps rather than being cut: every character must be copyable by eye too. */}
      <Code data-testid={`record-${label.toLowerCase()}`} style={{ overflowWrap: 'anywhere', minWidth: 0 }}>
        {value}
      </Code>
      <CopyValue what={`record ${label.toLowerCase()}`} value={value} />
    </Group>
  );
}

/** The record to create at the DNS provider, each part with its own copy button. */
export function DnsRecordView({ record }: { record: DnsRecord }): React.JSX.Element {
  return (
    <Stack gap={2} data-testid="dns-record">
      <Field label="Type" value={record.type === 'ALIAS' ? 'ALIAS' : 'CNAME'} />
      <Field label="Name" value={record.name} />
      <Field label="Value" value={record.value} />
      <Field label="TTL" value={String(record.ttl)} />
      {record.type === 'ALIAS' && (
        <Text size="xs" c="dimmed">
          An apex cannot hold a CNAME: use ALIAS (ANAME at some providers).
        </Text>
      )}
    </Stack>
  );
}
