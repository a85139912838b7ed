import { useQuery } from '@tanstack/react-query';
import { call } from '../../client/transport';
import { useEnvironment } from '../../client/EnvironmentProvider';
import { useAction } from '../../client/action';
import { windowI18n } from '../../i18n/i18n';

const t = windowI18n.getFixedT(null, 'usage');

const LIVE_MS = 1_000;

/** Live while traffic arrives: every account's windows, rejections, bans and last hour, refreshed each second. */
export function useUsageOverview() {
  const environment = useEnvironment();
  return useQuery({
    queryKey: [environment, 'usage', 'overview'],
    queryFn: () => call('usage.overview', { environment }),
    // Kept: API traffic counts in memory and windows roll over as time passes; neither is a change topic.
    refetchInterval: LIVE_MS,
    staleTime: 0,
  });
}

export function useResetUsage() {
  return useAction({
    run: ({ accountId }: { accountId: number; name: string }, environment) =>
      call('usage.reset', { environment, accountId }),
    progress: ({ name }) => t('toasts.resetting', { name }),
    success: (_, { name }) => t('toasts.reset', { name }),
    invalidates: ['usage'],
  });
}

export function useLiftBan() {
  return useAction({
    run: ({ keyId }: { keyId: number; keyName: string }, environment) => call('bans.lift', { environment, keyId }),
    progress: ({ keyName }) => t('toasts.lifting', { key: keyName }),
    success: ({ lifted }, { keyName }) =>
      lifted ? t('toasts.lifted', { key: keyName }) : t('toasts.notBanned', { key: keyName }),
    invalidates: ['usage'],
  });
}
