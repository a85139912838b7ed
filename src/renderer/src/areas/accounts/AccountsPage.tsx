import { Box, Button, EmptyState, Group, Paper, Stack, Table, Text } from '@mantine/core';
import { IconArrowsExchange, IconKey, IconPencil, IconUserPlus, IconUsers } from '@tabler/icons-react';
import { useState } from 'react';
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

function limitsOf(account: Account, plans: PlanFigures[] | undefined): string {
  const plan = plans?.find((candidate) => candidate.id === account.planId);
  const perMinute = account.planId === 'enterprise' ? account.customPerMinute : (plan?.perMinute ?? null);
  const perDay = account.planId === 'enterprise' ? account.customPerDay : (plan?.perDay ?? null);
  return `${formatFigure(perMinute)}/min · ${formatFigure(perDay)}/day`;
}

export function AccountsPage(): React.JSX.Element {
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
        title="Accounts & keys"
        description="An account owns API keys and site projects: an app or partner site calling the pet API, or your shelter publishing its adoption site. Its plan sets the quota its keys share and what its sites may use."
        actions={
          <Button leftSection={<IconUserPlus size={16} />} onClick={() => accountForm.open('new')}>
            New account
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
                  <Table.Th>ID</Table.Th>
                  <Table.Th>Account</Table.Th>
                  <Table.Th>Plan</Table.Th>
                  <Table.Th>Limits</Table.Th>
                  <Table.Th ta="right">Active keys</Table.Th>
                  <Table.Th>Created</Table.Th>
                  <Table.Th>Actions</Table.Th>
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
                        {limitsOf(account, plans.data)}
                        {account.planId === 'enterprise' && (
                          <Text span size="xs" c="dimmed">
                            {' '}
                            (own figures)
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
                            aria-label={`Show keys of ${account.name}`}
                            aria-pressed={selected}
                            onClick={() => setChosenId(account.id)}
                          >
                            Keys
                          </Button>
                          <RowAction
                            tooltip="Rename"
                            label={`Rename ${account.name}`}
                            icon={<IconPencil size={16} />}
                            onClick={() => renaming.open(account)}
                          />
                          <RowAction
                            tooltip="Change plan"
                            label={`Change plan of ${account.name}`}
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
              title="No accounts yet"
              description="Create an account for each app or partner that calls the pet API (then issue it a key), and one to own your site projects."
            >
              <EmptyState.Actions>
                <Button
                  variant="light"
                  leftSection={<IconUserPlus size={16} />}
                  onClick={() => accountForm.open('new')}
                >
                  Create the first account
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
        title={`Rename ${renaming.subject?.name ?? ''}`}
        label="Account name"
        initialValue={renaming.subject?.name ?? ''}
        schema={AccountNameSchema}
        submitLabel="Rename"
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
