import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { OutboxPage, OutboxStatus } from '../../../../shared/mail';
import type {
  AutomationSettings,
  PreviewInput,
  StaffNoticeInput,
  TemplateInput,
} from '../../../../shared/mail-templates';
import type { PublishedLanguage } from '../../../../shared/shelter';
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

export function useTemplates(language: PublishedLanguage) {
  const environment = useEnvironment();
  return useQuery({
    queryKey: [environment, 'outbox', 'templates', language],
    queryFn: () => call('outbox.templates', { environment, language }),
  });
}

export function useAutomation() {
  const environment = useEnvironment();
  return useQuery({
    queryKey: [environment, 'outbox', 'automation'],
    queryFn: () => call('outbox.automation', { environment }),
  });
}

/** The animals and people a preview can be filled from: the first of each, by name. */
export function usePreviewRecords() {
  const environment = useEnvironment();
  const pets = useQuery({
    queryKey: [environment, 'pets', 'mail-preview'],
    queryFn: () => call('pets.browse', { environment, query: { sort: 'name', direction: 'asc', limit: 100 } }),
  });
  const people = useQuery({
    queryKey: [environment, 'people', 'mail-preview'],
    queryFn: () => call('people.list', { environment, query: { limit: 100 } }),
  });
  return { pets: pets.data?.pets ?? [], people: people.data?.people ?? [] };
}

export function usePreview(input: PreviewInput | null) {
  const environment = useEnvironment();
  return useQuery({
    queryKey: [environment, 'outbox', 'preview', input],
    queryFn: () => call('outbox.preview', { environment, preview: input! }),
    enabled: input !== null,
    retry: false,
  });
}

export function useSaveTemplate() {
  return useAction({
    run: (template: TemplateInput, environment) => call('outbox.saveTemplate', { environment, template }),
    progress: windowI18n.t('outbox:saving'),
    success: (view) => (view.edited ? windowI18n.t('outbox:templates.saved') : windowI18n.t('outbox:templates.reset')),
    invalidates: topicsOf('outbox.saveTemplate'),
  });
}

export function useTestTemplate() {
  return useAction({
    run: ({ preview, address }: { preview: PreviewInput; address: string }, environment) =>
      call('outbox.testTemplate', { environment, preview, address }),
    progress: windowI18n.t('outbox:templates.testing'),
    success: () => windowI18n.t('outbox:templates.tested'),
    invalidates: topicsOf('outbox.testTemplate'),
  });
}

export function useSetAutomation() {
  return useAction({
    run: (settings: AutomationSettings, environment) => call('outbox.setAutomation', { environment, settings }),
    progress: windowI18n.t('outbox:saving'),
    success: () => windowI18n.t('outbox:automation.saved'),
    invalidates: topicsOf('outbox.setAutomation'),
  });
}

export function useSetNotice() {
  return useAction({
    run: (notice: StaffNoticeInput, environment) => call('outbox.setNotice', { environment, notice }),
    progress: windowI18n.t('outbox:saving'),
    success: () => windowI18n.t('outbox:automation.saved'),
    invalidates: topicsOf('outbox.setNotice'),
  });
}
