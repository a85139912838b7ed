import { useQuery } from '@tanstack/react-query';
import type { AccountPlan, NewAccount } from '../../../shared/admin-schemas';
import { call } from './transport';
import { useEnvironment } from './EnvironmentProvider';
import { SHOWN_IN_PLACE } from './errors';
import { topicsOf, useAction } from './action';
import { PLAN_NAME } from './plan-names';

export function useAccounts() {
  const environment = useEnvironment();
  return useQuery({ queryKey: [environment, 'accounts'], queryFn: () => call('accounts.list', { environment }) });
}

export function useCreateAccount() {
  return useAction({
    run: (account: NewAccount, environment) => call('accounts.create', { environment, account }),
    progress: ({ name }) => `Creating the account ${name}…`,
    success: (account) => `Account “${account.name}” created.`,
    shownInPlace: SHOWN_IN_PLACE.always,
    invalidates: topicsOf('accounts.create'),
  });
}

export function useRenameAccount() {
  return useAction({
    run: ({ id, name }: { id: number; name: string }, environment) =>
      call('accounts.rename', { environment, id, name }),
    progress: 'Renaming the account…',
    success: (account) => `Account renamed to “${account.name}”.`,
    shownInPlace: SHOWN_IN_PLACE.always,
    invalidates: topicsOf('accounts.rename'),
  });
}

export function useChangeAccountPlan() {
  return useAction({
    run: ({ id, plan }: { id: number; plan: AccountPlan }, environment) =>
      call('accounts.setPlan', { environment, id, plan }),
    progress: 'Changing the plan…',
    success: (account) => `“${account.name}” is now on the ${PLAN_NAME[account.planId]} plan.`,
    shownInPlace: SHOWN_IN_PLACE.always,
    invalidates: topicsOf('accounts.setPlan'),
  });
}
