import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ServerStatus } from '../../../shared/admin-contract';
import type { SettingsUpdate } from '../../../shared/admin-schemas';
import { call } from './transport';
import { SHOWN_IN_PLACE } from './errors';
import { withProgress, type Outcome } from './notify';
import { windowI18n } from '../i18n/i18n';

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
  const t = windowI18n.t.bind(windowI18n);
  const problems = servers
    .filter((server) => server.problem)
    .map((server) => t('server:toast.notRunning', { context: server.environment, problem: server.problem }));
  if (problems.length > 0)
    return { title: t('server:toast.savedNotRunning'), message: problems.join(' '), warning: true };
  const listening = servers.map((server) =>
    t('server:toast.listensOn', { context: server.environment, url: server.baseUrl }),
  );
  return t('server:toast.saved', { listening: listening.join('; ') });
}

export function useUpdateSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    // A refusal is shown in the form itself, where it stays until the next save.
    mutationFn: (update: SettingsUpdate) =>
      withProgress(windowI18n.t('server:toast.saving'), () => call('settings.update', update), outcomeOf, {
        shownInPlace: SHOWN_IN_PLACE.always,
      }),
    onSuccess: (servers) => queryClient.setQueryData(['servers'], servers),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['servers'] }),
        queryClient.invalidateQueries({ queryKey: ['settings'] }),
      ]),
  });
}
