import { useQuery } from '@tanstack/react-query';
import { call } from './transport';
import { useEnvironment } from './EnvironmentProvider';
import { topicsOf, useAction } from './action';
import { SHOWN_IN_PLACE } from './errors';
import type { ProgressOptions } from './notify';
import { windowI18n } from '../i18n/i18n';

/** Without an account, every key of the environment (the usage page names banned keys with it); a key issued elsewhere comes with the `keys` topic. */
export function useApiKeys(accountId?: number) {
  const environment = useEnvironment();
  return useQuery({
    queryKey: [environment, 'keys', accountId ?? 'all'],
    queryFn: () => call('keys.list', accountId === undefined ? { environment } : { environment, accountId }),
  });
}

/** `{ shownInPlace: SHOWN_IN_PLACE.always }` from a dialog, which shows the failure itself. */
export function useIssueKey(options: ProgressOptions = {}) {
  return useAction({
    run: ({ accountId, label }: { accountId: number; label?: string }, environment) =>
      call('keys.create', { environment, accountId, ...(label ? { label } : {}) }),
    progress: () => windowI18n.t('accounts:toast.issuing'),
    success: (issued) => windowI18n.t('accounts:toast.issued', { prefix: issued.record.displayPrefix }),
    invalidates: topicsOf('keys.create'),
    ...options,
  });
}

export function useLabelKey() {
  return useAction({
    run: ({ id, label }: { id: number; label: string }, environment) =>
      call('keys.setLabel', { environment, id, label }),
    progress: () => windowI18n.t('accounts:toast.savingLabel'),
    success: (record) => windowI18n.t('accounts:toast.labelSaved', { prefix: record.displayPrefix }),
    shownInPlace: SHOWN_IN_PLACE.always,
    invalidates: topicsOf('keys.setLabel'),
  });
}

export function useRevokeKey() {
  return useAction({
    run: ({ id }: { id: number }, environment) => call('keys.revoke', { environment, id }),
    progress: () => windowI18n.t('accounts:toast.revoking'),
    success: (record) => windowI18n.t('accounts:toast.revoked', { prefix: record.displayPrefix }),
    invalidates: topicsOf('keys.revoke'),
  });
}

export function useRotateKey() {
  return useAction({
    run: ({ id }: { id: number }, environment) => call('keys.rotate', { environment, id }),
    progress: () => windowI18n.t('accounts:toast.rotating'),
    success: (issued) => windowI18n.t('accounts:toast.rotated', { prefix: issued.record.displayPrefix }),
    invalidates: topicsOf('keys.rotate'),
  });
}
