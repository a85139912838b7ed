import { useQuery } from '@tanstack/react-query';
import { call } from '../../client/transport';
import { useEnvironment } from '../../client/EnvironmentProvider';
import { useAction } from '../../client/action';

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
    progress: ({ name }) => `Resetting the usage of ${name}…`,
    success: (_, { name }) => `Usage of ${name} reset: both windows start again from zero.`,
    invalidates: ['usage'],
  });
}

export function useLiftBan() {
  return useAction({
    run: ({ keyId }: { keyId: number; keyName: string }, environment) => call('bans.lift', { environment, keyId }),
    progress: ({ keyName }) => `Lifting the ban on ${keyName}…`,
    success: ({ lifted }, { keyName }) => (lifted ? `Ban on ${keyName} lifted.` : `${keyName} was no longer banned.`),
    invalidates: ['usage'],
  });
}
