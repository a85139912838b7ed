import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Settings } from '../../../shared/admin-schemas';
import { call } from '../api/transport';
import { withProgress } from '../notify';

/** Servers and settings belong to the whole desk, not to one environment. */
export function useServers() {
  return useQuery({ queryKey: ['servers'], queryFn: () => call('servers.status', {}), refetchInterval: 5_000 });
}

export function useSettings() {
  return useQuery({ queryKey: ['settings'], queryFn: () => call('settings.get', {}) });
}

export function useUpdateSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: Settings) =>
      withProgress(
        'Saving the settings and restarting the servers…',
        () => call('settings.update', settings),
        (servers) => {
          const problems = servers.filter((server) => server.problem).map((server) => `${server.environment}: ${server.problem}`);
          return problems.length ? `Saved, but ${problems.join('; ')}` : 'Saved; the servers restarted on the new addresses.';
        },
      ),
    onSuccess: (servers, settings) => {
      queryClient.setQueryData(['servers'], servers);
      queryClient.setQueryData(['settings'], settings);
    },
  });
}
