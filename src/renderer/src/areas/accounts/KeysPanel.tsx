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
import { useTranslation } from 'react-i18next';
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
  const { t } = useTranslation('accounts');
  return (
    <Group gap={2} wrap="nowrap">
      <Code data-testid="keys-account-id">{t('key.accountId', { id })}</Code>
      <CopyButton value={String(id)} timeout={2_000}>
        {({ copied, copy }) => (
          <Tooltip label={copied ? t('key.copied') : t('key.copyAccountId')}>
            <ActionIcon
              variant="subtle"
              color={copied ? 'teal' : 'gray'}
              aria-label={t('key.copyAccountId')}
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
  const { t } = useTranslation('accounts');
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
      title: t('key.revokeTitle', { prefix: apiKey.displayPrefix }),
      children: <Text size="sm">{t('key.revokeText')}</Text>,
      labels: { confirm: t('key.revoke'), cancel: t('key.keep') },
      confirmProps: { color: 'red' },
      onConfirm: () => revokeKey.mutate({ id: apiKey.id }),
    });

  const confirmRotate = (apiKey: ApiKeyRecord) =>
    modals.openConfirmModal({
      title: t('key.rotateTitle', { prefix: apiKey.displayPrefix }),
      children: <Text size="sm">{t('key.rotateText')}</Text>,
      labels: { confirm: t('key.rotate'), cancel: t('key.cancel') },
      onConfirm: () => rotateKey.mutate({ id: apiKey.id }, { onSuccess: show }),
    });

  return (
    <Paper withBorder radius="md" p="md" data-testid="keys-panel">
      <Group justify="space-between" mb="sm" wrap="nowrap">
        <Group gap="xs" wrap="nowrap" miw={0}>
          <Title order={2} size="h4" lineClamp={1} style={{ wordBreak: 'break-all' }}>
            {t('key.panelTitle', { name: account.name })}
          </Title>
          <AccountId id={account.id} />
        </Group>
        <Button leftSection={<IconPlus size={16} />} onClick={() => labelling.open('new')}>
          {t('key.issue')}
        </Button>
      </Group>
      {keys.isError ? (
        <LoadFailure error={keys.error} onRetry={() => void keys.refetch()} />
      ) : (
        <Table.ScrollContainer minWidth={680}>
          <Table highlightOnHover data-testid="keys-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('key.columns.key')}</Table.Th>
                <Table.Th>{t('key.columns.label')}</Table.Th>
                <Table.Th>{t('key.columns.created')}</Table.Th>
                <Table.Th>{t('key.columns.lastUsed')}</Table.Th>
                <Table.Th>{t('key.columns.state')}</Table.Th>
                <Table.Th>{t('key.columns.actions')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {keys.isPending && <SkeletonRows rows={2} columns={COLUMNS} />}
              {keys.data?.map((apiKey) => {
                const name = t('key.name', { prefix: apiKey.displayPrefix });
                const revoked = apiKey.revokedAt !== null;
                return (
                  <Table.Tr key={apiKey.id} data-testid={`key-row-${apiKey.id}`} c={revoked ? 'dimmed' : undefined}>
                    <Table.Td ff="monospace">{apiKey.displayPrefix}</Table.Td>
                    <Table.Td>
                      {apiKey.label ? (
                        <TruncatedText text={apiKey.label} maw={280} />
                      ) : (
                        <Text span inherit c="dimmed">
                          {t('key.noLabel')}
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td>{formatMoment(apiKey.createdAt)}</Table.Td>
                    <Table.Td>
                      {apiKey.lastUsedAt === null ? (
                        <Text span inherit c="dimmed">
                          {t('key.never')}
                        </Text>
                      ) : (
                        formatMoment(apiKey.lastUsedAt)
                      )}
                    </Table.Td>
                    <Table.Td>
                      <Tooltip
                        label={t('key.revokedAt', { moment: formatMoment(apiKey.revokedAt) })}
                        disabled={!revoked}
                      >
                        <span>
                          <KeyStateBadge apiKey={apiKey} />
                        </span>
                      </Tooltip>
                    </Table.Td>
                    <Table.Td>
                      <Group gap={4} wrap="nowrap">
                        <RowAction
                          tooltip={t('key.editLabel')}
                          label={t('key.editLabelOf', { name })}
                          icon={<IconPencil size={16} />}
                          onClick={() => labelling.open(apiKey)}
                        />
                        <RowAction
                          tooltip={t('key.rotateTip')}
                          label={t('key.rotateNamed', { name })}
                          icon={<IconRotate size={16} />}
                          onClick={() => confirmRotate(apiKey)}
                          unavailable={revoked ? t('key.cannotRotate') : undefined}
                        />
                        <RowAction
                          tooltip={t('key.revoke')}
                          label={t('key.revokeNamed', { name })}
                          icon={<IconKeyOff size={16} />}
                          onClick={() => confirmRevoke(apiKey)}
                          danger
                          unavailable={revoked ? t('key.alreadyRevoked') : undefined}
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
              title={t('key.emptyTitle')}
              description={t('key.emptyDescription', { name: account.name })}
            />
          )}
        </Table.ScrollContainer>
      )}
      <NameModal
        opened={labelling.opened}
        title={
          relabelling
            ? t('key.labelOf', { prefix: relabelling.displayPrefix })
            : t('key.issueFor', { name: account.name })
        }
        label={relabelling ? t('key.label') : t('key.labelOptional')}
        initialValue={relabelling?.label ?? ''}
        schema={KeyLabelSchema}
        submitLabel={relabelling ? t('key.save') : t('key.issueButton')}
        busy={issueKey.isPending || labelKey.isPending}
        onSubmit={saveLabel}
        onClose={labelling.close}
      />
      <NewKeyModal opened={issued.opened} issued={issued.subject} onClose={issued.close} onClosed={issued.forget} />
    </Paper>
  );
}
