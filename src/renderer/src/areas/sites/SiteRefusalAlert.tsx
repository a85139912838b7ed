import { Alert, Anchor, Button, Group, Stack, Text } from '@mantine/core';
import { IconArrowsExchange, IconLock } from '@tabler/icons-react';
import type { Account } from '../../../../shared/models';
import { PAID_PLANS } from '../../../../shared/plans';
import type { AdminCallError } from '../../client/transport';
import { useDialog } from '../../ui/dialog';
import { pageHref } from '../../app/navigation';
import { AccountFormModal } from '../../ui/AccountFormModal';
import { PLAN_NAME } from '../../ui/Badges';

const PAID_NAMES = PAID_PLANS.map((plan) => PLAN_NAME[plan]);

/**
 * A custom domain refused for a reason that is not in the form: the account's plan (with the way to
 * change it) or a project with nothing published yet.
 */
export function SiteRefusalAlert({ error, account }: { error: AdminCallError; account: Account | undefined }): React.JSX.Element {
  const planDialog = useDialog<Account>();
  if (error.code === 'plan_required') {
    return (
      <Alert color="orange" variant="light" icon={<IconLock />} title={`Custom domains need the ${PAID_NAMES[0]} plan or above`} data-testid="plan-required">
        <Stack gap="xs" align="flex-start">
          <Text size="sm">
            {account
              ? `${account.name} is on the ${PLAN_NAME[account.planId]} plan. A custom domain needs ${PAID_NAMES.join(', ').replace(/, ([^,]*)$/, ' or $1')}.`
              : error.message}
          </Text>
          <Group gap="sm">
            {account && (
              <Button size="xs" leftSection={<IconArrowsExchange size={14} />} onClick={() => planDialog.open(account)}>
                Change the plan of {account.name}
              </Button>
            )}
            <Anchor size="sm" href={pageHref('accounts')}>
              Open Accounts &amp; keys
            </Anchor>
          </Group>
        </Stack>
        <AccountFormModal opened={planDialog.opened} account={planDialog.subject} onClose={planDialog.close} />
      </Alert>
    );
  }
  return (
    <Alert color="orange" variant="light" title={error.code === 'deploy_required' ? 'Publish the site first' : 'Not added'} data-testid="domain-refused">
      {error.code === 'deploy_required' ? 'A custom domain needs a live deploy: deploy a folder or publish the adoption page, then add the domain.' : error.message}
    </Alert>
  );
}
