import { Box, Button, EmptyState, Group, Paper, Stack, Table, Text } from '@mantine/core';
import { IconArrowsExchange, IconKey, IconPencil, IconUserPlus, IconUsers } from '@tabler/icons-react';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AccountNameSchema } from '../../../../shared/admin-schemas';
import type { Account } from '../../../../shared/models';
import type { PlanFigures } from '../../../../shared/plans';
import { AccountFormModal } from '../../domain/accounts/AccountFormModal';
import { PlanBadge } from '../../domain/plans/PlanBadge';
import { KeysPanel } from './KeysPanel';
import { LoadFailure, SkeletonRows } from '../../ui/LoadStates';
import { NameModal } from '../../ui/NameModal';
import { PageTitle } from '../../ui/PageTitle';
import { useDialog } from '../../ui/dialog';
import { formatFigure, formatMoment } from '../../ui/format';
import { useAccounts, useRenameAccount } from '../../client/accounts';
import { usePlans } from '../../client/plans';
import { RowAction } from '../../ui/RowAction';
import { TruncatedText } from '../../ui/TruncatedText';

const COLUMNS = 7;

function limitsOf(account: Account, plans: PlanFigures[] | undefined, t: TFunction<'accounts'>): string {
  const plan = plans?.find((candidate) => candidate.id === account.planId);
  const perMinute = account.planId === 'enterprise' ? account.customPerMinute : (plan?.perMinute ?? null);
  const perDay = account.planId === 'enterprise' ? account.customPerDay : (plan?.perDay ?? null);
  return t('limits', { perMinute: formatFigure(perMinute), perDay: formatFigure(perDay) });
}

export function AccountsPage(): React.JSX.Element {
  const { t } = useTranslation('accounts');
  const accounts = useAccounts();
  const plans = usePlans();
  const renameAccount = useRenameAccount();
  const [chosenId, setChosenId] = useState<number | null>(null);
  const accountForm = useDialog<Account | 'new'>();
  const renaming = useDialog<Account>();
  const chosen = accounts.data?.find((account) => account.id === chosenId) ?? accounts.data?.[0];

  return (
    <Stack>
      <PageTitle
        title={t('title')}
        description={t('description')}
        actions={
          <Button leftSection={<IconUserPlus size={16} />} onClick={() => accountForm.open('new')}>
            {t('newAccount')}
          </Button>
        }
      />
      {accounts.isError ? (
        <LoadFailure error={accounts.error} onRetry={() => void accounts.refetch()} />
      ) : (
        <Paper withBorder radius="md">
          <Table.ScrollContainer minWidth={680}>
            <Table highlightOnHover data-testid="accounts-table">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('columns.id')}</Table.Th>
                  <Table.Th>{t('columns.account')}</Table.Th>
                  <Table.Th>{t('columns.plan')}</Table.Th>
                  <Table.Th>{t('columns.limits')}</Table.Th>
                  <Table.Th ta="right">{t('columns.activeKeys')}</Table.Th>
                  <Table.Th>{t('columns.created')}</Table.Th>
                  <Table.Th>{t('columns.actions')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {accounts.isPending && <SkeletonRows rows={3} columns={COLUMNS} />}
                {accounts.data?.map((account) => {
                  const selected = account.id === chosen?.id;
                  return (
                    <Table.Tr
                      key={account.id}
                      data-testid={`account-row-${account.id}`}
                      bg={selected ? 'var(--mantine-primary-color-light)' : undefined}
                    >
                      <Table.Td c="dimmed" ff="monospace" data-testid="account-id">
                        #{account.id}
                      </Table.Td>
                      <Table.Td fw={500}>
                        {/* Narrower in a small window, so the actions stay in view (a long name keeps its tooltip). */}
                        <Box maw={{ base: 120, lg: 300 }}>
                          <TruncatedText text={account.name} maw={300} />
                        </Box>
                      </Table.Td>
                      <Table.Td>
                        <PlanBadge planId={account.planId} />
                      </Table.Td>
                      <Table.Td>
                        {limitsOf(account, plans.data, t)}
                        {account.planId === 'enterprise' && (
                          <Text span size="xs" c="dimmed">
                            {' '}
                            {t('ownFigures')}
                          </Text>
                        )}
                      </Table.Td>
                      <Table.Td ta="right">{account.activeKeys}</Table.Td>
                      <Table.Td c="dimmed">{formatMoment(account.createdAt)}</Table.Td>
                      <Table.Td>
                        <Group gap={4} wrap="nowrap">
                          <Button
                            size="compact-sm"
                            variant={selected ? 'light' : 'subtle'}
                            leftSection={<IconKey size={14} />}
                            aria-label={t('showKeys', { name: account.name })}
                            aria-pressed={selected}
                            onClick={() => setChosenId(account.id)}
                          >
                            {t('keys')}
                          </Button>
                          <RowAction
                            tooltip={t('rename')}
                            label={t('renameNamed', { name: account.name })}
                            icon={<IconPencil size={16} />}
                            onClick={() => renaming.open(account)}
                          />
                          <RowAction
                            tooltip={t('changePlan')}
                            label={t('changePlanOf', { name: account.name })}
                            icon={<IconArrowsExchange size={16} />}
                            onClick={() => accountForm.open(account)}
                          />
                        </Group>
                      </Table.Td>
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          {accounts.data?.length === 0 && (
            <EmptyState
              py="xl"
              icon={<IconUsers size={28} />}
              withIndicatorBackground
              title={t('empty.title')}
              description={t('empty.description')}
            >
              <EmptyState.Actions>
                <Button
                  variant="light"
                  leftSection={<IconUserPlus size={16} />}
                  onClick={() => accountForm.open('new')}
                >
                  {t('empty.action')}
                </Button>
              </EmptyState.Actions>
            </EmptyState>
          )}
        </Paper>
      )}

      {chosen && <KeysPanel key={chosen.id} account={chosen} />}

      <AccountFormModal
        opened={accountForm.opened}
        account={accountForm.subject === 'new' ? null : accountForm.subject}
        onClose={accountForm.close}
      />
      <NameModal
        opened={renaming.opened}
        title={t('renameNamed', { name: renaming.subject?.name ?? '' })}
        label={t('accountName')}
        initialValue={renaming.subject?.name ?? ''}
        schema={AccountNameSchema}
        submitLabel={t('rename')}
        busy={renameAccount.isPending}
        onSubmit={(name) =>
          renaming.subject
            ? renameAccount.mutateAsync({ id: renaming.subject.id, name }).then(renaming.close)
            : Promise.resolve()
        }
        onClose={renaming.close}
      />
    </Stack>
  );
}
