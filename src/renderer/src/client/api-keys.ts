import { useQuery } from '@tanstack/react-query';
import { call } from './transport';
import { useEnvironment } from './EnvironmentProvider';
import { topicsOf, useAction } from './action';
import { SHOWN_IN_PLACE } from './errors';
import type { ProgressOptions } from './notify';

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
    progress: 'Issuing a key…',
    success: (issued) => `Key ${issued.record.displayPrefix} issued. Copy it now: it is shown only once.`,
    invalidates: topicsOf('keys.create'),
    ...options,
  });
}

export function useLabelKey() {
  return useAction({
    run: ({ id, label }: { id: number; label: string }, environment) =>
      call('keys.setLabel', { environment, id, label }),
    progress: 'Saving the label…',
    success: (record) => `Label of ${record.displayPrefix} saved.`,
    shownInPlace: SHOWN_IN_PLACE.always,
    invalidates: topicsOf('keys.setLabel'),
  });
}

export function useRevokeKey() {
  return useAction({
    run: ({ id }: { id: number }, environment) => call('keys.revoke', { environment, id }),
    progress: 'Revoking the key…',
    success: (record) => `Key ${record.displayPrefix} revoked. It stops working at once.`,
    invalidates: topicsOf('keys.revoke'),
  });
}

export function useRotateKey() {
  return useAction({
    run: ({ id }: { id: number }, environment) => call('keys.rotate', { environment, id }),
    progress: 'Rotating the key…',
    success: (issued) => `New key ${issued.record.displayPrefix} issued; the old one is revoked.`,
    invalidates: topicsOf('keys.rotate'),
  });
}
