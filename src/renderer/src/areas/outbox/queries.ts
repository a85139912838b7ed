import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { OutboxPage, OutboxStatus } from '../../../../shared/mail';
import { topicsOf, useAction } from '../../client/action';
import { useEnvironment } from '../../client/EnvironmentProvider';
import { call } from '../../client/transport';
import { windowI18n } from '../../i18n/i18n';

const PAGE = 50;

/** The outbox, newest first, a page at a time; refetched on every `outbox` change the engine reports. */
export function useOutbox(status: OutboxStatus | null) {
  const environment = useEnvironment();
  return useInfiniteQuery({
    queryKey: [environment, 'outbox', 'list', status],
    queryFn: ({ pageParam }) =>
      call('outbox.list', {
        environment,
        query: {
          limit: PAGE,
          ...(status ? { status } : {}),
          ...(pageParam === undefined ? {} : { before: pageParam }),
        },
      }),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (page: OutboxPage) => page.nextBefore ?? undefined,
  });
}

export function useMailSettings() {
  const environment = useEnvironment();
  return useQuery({
    queryKey: [environment, 'outbox', 'settings'],
    queryFn: () => call('outbox.settings', { environment }),
  });
}

export function useRetryMessage() {
  return useAction({
    run: ({ id }: { id: number }, environment) => call('outbox.retry', { environment, id }),
    progress: windowI18n.t('outbox:retrying'),
    success: () => windowI18n.t('outbox:retried'),
    invalidates: topicsOf('outbox.retry'),
  });
}

export function usePauseMail() {
  return useAction({
    run: ({ paused }: { paused: boolean }, environment) => call('outbox.pause', { environment, paused }),
    progress: windowI18n.t('outbox:saving'),
    success: (view) => (view.paused ? windowI18n.t('outbox:paused') : windowI18n.t('outbox:resumed')),
    invalidates: topicsOf('outbox.pause'),
  });
}
