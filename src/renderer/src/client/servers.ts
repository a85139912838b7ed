import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ServerStatus } from '../../../shared/admin-contract';
import type { SettingsUpdate } from '../../../shared/admin-schemas';
import { call } from './transport';
import { SHOWN_IN_PLACE } from './errors';
import { withProgress, type Outcome } from './notify';

/** Servers and settings belong to the whole desk, not to one environment. */
export function useServers() {
  // Kept: whether a server runs, or its port is free again, is the machine's state, not a write with a change topic.
  return useQuery({ queryKey: ['servers'], queryFn: () => call('servers.status', {}), refetchInterval: 5_000 });
}

export function useSettings() {
  return useQuery({ queryKey: ['settings'], queryFn: () => call('settings.get', {}) });
}

/** Saved: where each server now listens, or, when one is still not running, why (a warning, not a success). */
function outcomeOf(servers: ServerStatus[]): Outcome {
  const problems = servers
    .filter((server) => server.problem)
    .map((server) => `${server.environment}: ${server.problem}`);
  if (problems.length > 0)
    return { title: 'Saved, but a server is not running', message: problems.join(' '), warning: true };
  return `Saved. ${servers.map((server) => `${server.environment} listens on ${server.baseUrl}`).join('; ')}.`;
}

export function useUpdateSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    // A refusal is shown in the form itself, where it stays until the next save.
    mutationFn: (update: SettingsUpdate) =>
      withProgress(
        'Saving the settings and restarting the servers…',
        () => call('settings.update', update),
        outcomeOf,
        { shownInPlace: SHOWN_IN_PLACE.always },
      ),
    onSuccess: (servers) => queryClient.setQueryData(['servers'], servers),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['servers'] }),
        queryClient.invalidateQueries({ queryKey: ['settings'] }),
      ]),
  });
}
