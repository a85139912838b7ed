import { useQuery } from '@tanstack/react-query';
import type { AccountPlan, NewAccount } from '../../../shared/admin-schemas';
import { call } from './transport';
import { useEnvironment } from './EnvironmentProvider';
import { SHOWN_IN_PLACE } from './errors';
import { topicsOf, useAction } from './action';
import { windowI18n } from '../i18n/i18n';

export function useAccounts() {
  const environment = useEnvironment();
  return useQuery({ queryKey: [environment, 'accounts'], queryFn: () => call('accounts.list', { environment }) });
}

export function useCreateAccount() {
  return useAction({
    run: (account: NewAccount, environment) => call('accounts.create', { environment, account }),
    progress: ({ name }) => windowI18n.t('accounts:toast.creating', { name }),
    success: (account) => windowI18n.t('accounts:toast.created', { name: account.name }),
    shownInPlace: SHOWN_IN_PLACE.always,
    invalidates: topicsOf('accounts.create'),
  });
}

export function useRenameAccount() {
  return useAction({
    run: ({ id, name }: { id: number; name: string }, environment) =>
      call('accounts.rename', { environment, id, name }),
    progress: () => windowI18n.t('accounts:toast.renaming'),
    success: (account) => windowI18n.t('accounts:toast.renamed', { name: account.name }),
    shownInPlace: SHOWN_IN_PLACE.always,
    invalidates: topicsOf('accounts.rename'),
  });
}

export function useChangeAccountPlan() {
  return useAction({
    run: ({ id, plan }: { id: number; plan: AccountPlan }, environment) =>
      call('accounts.setPlan', { environment, id, plan }),
    progress: () => windowI18n.t('accounts:toast.changingPlan'),
    success: (account) =>
      windowI18n.t('accounts:toast.planChanged', {
        name: account.name,
        plan: windowI18n.t(`plans:names.${account.planId}`),
      }),
    shownInPlace: SHOWN_IN_PLACE.always,
    invalidates: topicsOf('accounts.setPlan'),
  });
}
