import { Alert, Anchor, Button, Group, Stack, Text } from '@mantine/core';
import { IconArrowsExchange, IconLock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { Account } from '../../../../shared/models';
import { pageHref } from '../../ui/navigation';
import { describeDomainRefusal } from '../../client/errors';
import type { AdminCallError } from '../../client/transport';
import { AccountFormModal } from '../../domain/accounts/AccountFormModal';
import { useDialog } from '../../ui/dialog';

/**
 * A custom domain refused for a reason that is not in the form: the account's plan (with the way to
 * change it) or a project with nothing published yet. Worded by client/errors.ts.
 */
export function SiteRefusalAlert({
  error,
  account,
}: {
  error: AdminCallError;
  account: Account | undefined;
}): React.JSX.Element {
  const { t } = useTranslation('sites');
  const planDialog = useDialog<Account>();
  const refusal = describeDomainRefusal(error, account);
  if (refusal.planRequired) {
    return (
      <Alert color="orange" variant="light" icon={<IconLock />} title={refusal.title} data-testid="plan-required">
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{refusal.message}</Text>
          <Group gap="sm">
            {account && (
              <Button size="xs" leftSection={<IconArrowsExchange size={14} />} onClick={() => planDialog.open(account)}>
                {t('refusal.changePlan', { name: account.name })}
              </Button>
            )}
            <Anchor size="sm" href={pageHref('accounts')}>
              {t('refusal.openAccounts')}
            </Anchor>
          </Group>
        </Stack>
        <AccountFormModal opened={planDialog.opened} account={planDialog.subject} onClose={planDialog.close} />
      </Alert>
    );
  }
  return (
    <Alert color="orange" variant="light" title={refusal.title} data-testid="domain-refused">
      {refusal.message}
    </Alert>
  );
}
