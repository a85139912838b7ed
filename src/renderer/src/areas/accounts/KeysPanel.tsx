import {
  ActionIcon,
  Button,
  Code,
  CopyButton,
  EmptyState,
  Group,
  Paper,
  Table,
  Text,
  Title,
  Tooltip,
} from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconCheck, IconCopy, IconKey, IconKeyOff, IconPencil, IconPlus, IconRotate } from '@tabler/icons-react';
import { KeyLabelSchema } from '../../../../shared/admin-schemas';
import type { Account, ApiKeyRecord } from '../../../../shared/models';
import { useDialog } from '../../ui/dialog';
import { formatMoment } from '../../ui/format';
import { SHOWN_IN_PLACE } from '../../client/errors';
import { useApiKeys, useIssueKey, useLabelKey, useRevokeKey, useRotateKey } from '../../client/api-keys';
import { KeyStateBadge } from './KeyStateBadge';
import { LoadFailure, SkeletonRows } from '../../ui/LoadStates';
import { NameModal } from '../../ui/NameModal';
import { NewKeyModal, type IssuedKey } from './NewKeyModal';
import { RowAction } from '../../ui/RowAction';
import { TruncatedText } from '../../ui/TruncatedText';

const COLUMNS = 6;

/** The id the CLI takes (`keys create --account 12`), with a copy button. */
function AccountId({ id }: { id: number }): React.JSX.Element {
  return (
    <Group gap={2} wrap="nowrap">
      <Code data-testid="keys-account-id">account #{id}</Code>
      <CopyButton value={String(id)} timeout={2_000}>
        {({ copied, copy }) => (
          <Tooltip label={copied ? 'Copied' : 'Copy the account id'}>
            <ActionIcon
              variant="subtle"
              color={copied ? 'teal' : 'gray'}
              aria-label="Copy the account id"
              onClick={copy}
            >
              {copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
            </ActionIcon>
          </Tooltip>
        )}
      </CopyButton>
    </Group>
  );
}

export function KeysPanel({ account }: { account: Account }): React.JSX.Element {
  const keys = useApiKeys(account.id);
  const issueKey = useIssueKey({ shownInPlace: SHOWN_IN_PLACE.always });
  const labelKey = useLabelKey();
  const revokeKey = useRevokeKey();
  const rotateKey = useRotateKey();
  const labelling = useDialog<ApiKeyRecord | 'new'>();
  const issued = useDialog<IssuedKey>();
  const relabelling = labelling.subject !== 'new' ? labelling.subject : null;
  const show = ({ key }: { key: string }) => issued.open({ key, accountName: account.name });

  const saveLabel = async (label: string) => {
    if (relabelling) {
      await labelKey.mutateAsync({ id: relabelling.id, label });
      labelling.close();
      return;
    }
    const result = await issueKey.mutateAsync({ accountId: account.id, label });
    labelling.close();
    show(result);
  };

  const confirmRevoke = (apiKey: ApiKeyRecord) =>
    modals.openConfirmModal({
      title: `Revoke ${apiKey.displayPrefix}?`,
      children: <Text size="sm">Requests with this key are refused from the next one on. This cannot be undone.</Text>,
      labels: { confirm: 'Revoke', cancel: 'Keep' },
      confirmProps: { color: 'red' },
      onConfirm: () => revokeKey.mutate({ id: apiKey.id }),
    });

  const confirmRotate = (apiKey: ApiKeyRecord) =>
    modals.openConfirmModal({
      title: `Rotate ${apiKey.displayPrefix}?`,
      children: (
        <Text size="sm">
          A new key is issued with the same label and the old one stops working at once. The account&apos;s usage
          carries on.
        </Text>
      ),
      labels: { confirm: 'Rotate', cancel: 'Cancel' },
      onConfirm: () => rotateKey.mutate({ id: apiKey.id }, { onSuccess: show }),
    });

  return (
    <Paper withBorder radius="md" p="md" data-testid="keys-panel">
      <Group justify="space-between" mb="sm" wrap="nowrap">
        <Group gap="xs" wrap="nowrap" miw={0}>
          <Title order={2} size="h4" lineClamp={1} style={{ wordBreak: 'break-all' }}>
            Keys of {account.name}
          </Title>
          <AccountId id={account.id} />
        </Group>
        <Button leftSection={<IconPlus size={16} />} onClick={() => labelling.open('new')}>
          Issue key
        </Button>
      </Group>
      {keys.isError ? (
        <LoadFailure error={keys.error} onRetry={() => void keys.refetch()} />
      ) : (
        <Table.ScrollContainer minWidth={680}>
          <Table highlightOnHover data-testid="keys-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Key</Table.Th>
                <Table.Th>Label</Table.Th>
                <Table.Th>Created</Table.Th>
                <Table.Th>Last used</Table.Th>
                <Table.Th>State</Table.Th>
                <Table.Th>Actions</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {keys.isPending && <SkeletonRows rows={2} columns={COLUMNS} />}
              {keys.data?.map((apiKey) => {
                const name = `key ${apiKey.displayPrefix}`;
                const revoked = apiKey.revokedAt !== null;
                return (
                  <Table.Tr key={apiKey.id} data-testid={`key-row-${apiKey.id}`} c={revoked ? 'dimmed' : undefined}>
                    <Table.Td ff="monospace">{apiKey.displayPrefix}</Table.Td>
                    <Table.Td>
                      {apiKey.label ? (
                        <TruncatedText text={apiKey.label} maw={280} />
                      ) : (
                        <Text span inherit c="dimmed">
                          no label
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td>{formatMoment(apiKey.createdAt)}</Table.Td>
                    <Table.Td>
                      {apiKey.lastUsedAt === null ? (
                        <Text span inherit c="dimmed">
                          never
                        </Text>
                      ) : (
                        formatMoment(apiKey.lastUsedAt)
                      )}
                    </Table.Td>
                    <Table.Td>
                      <Tooltip label={`Revoked ${formatMoment(apiKey.revokedAt)}`} disabled={!revoked}>
                        <span>
                          <KeyStateBadge apiKey={apiKey} />
                        </span>
                      </Tooltip>
                    </Table.Td>
                    <Table.Td>
                      <Group gap={4} wrap="nowrap">
                        <RowAction
                          tooltip="Edit label"
                          label={`Edit label of ${name}`}
                          icon={<IconPencil size={16} />}
                          onClick={() => labelling.open(apiKey)}
                        />
                        <RowAction
                          tooltip="Rotate: new key, this one revoked"
                          label={`Rotate ${name}`}
                          icon={<IconRotate size={16} />}
                          onClick={() => confirmRotate(apiKey)}
                          unavailable={revoked ? 'Revoked keys cannot be rotated; issue a new key instead' : undefined}
                        />
                        <RowAction
                          tooltip="Revoke"
                          label={`Revoke ${name}`}
                          icon={<IconKeyOff size={16} />}
                          onClick={() => confirmRevoke(apiKey)}
                          danger
                          unavailable={revoked ? 'Already revoked' : undefined}
                        />
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
          {keys.data?.length === 0 && (
            <EmptyState
              py="lg"
              icon={<IconKey size={28} />}
              withIndicatorBackground
              title="No keys yet"
              description={`Issue a key so ${account.name} can call the pet API.`}
            />
          )}
        </Table.ScrollContainer>
      )}
      <NameModal
        opened={labelling.opened}
        title={relabelling ? `Label of ${relabelling.displayPrefix}` : `Issue a key for ${account.name}`}
        label={relabelling ? 'Label' : 'Label (optional)'}
        initialValue={relabelling?.label ?? ''}
        schema={KeyLabelSchema}
        submitLabel={relabelling ? 'Save' : 'Issue'}
        busy={issueKey.isPending || labelKey.isPending}
        onSubmit={saveLabel}
        onClose={labelling.close}
      />
      <NewKeyModal opened={issued.opened} issued={issued.subject} onClose={issued.close} onClosed={issued.forget} />
    </Paper>
  );
}
