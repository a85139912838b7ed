import type { AppHost } from '../host/app-host';
import type { AdminHandlers } from './dispatch';

type OutboxChannel = Extract<keyof AdminHandlers, `outbox.${string}`>;

/** The Outbox page and the person's mail panel: each channel one call into the outbox. */
export function outboxHandlers(host: AppHost): Pick<AdminHandlers, OutboxChannel> {
  const services = (environment: Parameters<AppHost['engine']>[0]) => host.engine(environment).services;
  return {
    'outbox.list': ({ environment, query }) => services(environment).outbox.list(query),
    'outbox.person': ({ environment, personId }) => services(environment).outbox.forPerson(personId),
    'outbox.retry': ({ environment, id }) => services(environment).outbox.retry(id),
    'outbox.settings': ({ environment }) => services(environment).outbox.view(),
    'outbox.pause': ({ environment, paused }) => {
      services(environment).outbox.setPaused(paused);
      return services(environment).outbox.view();
    },
    'outbox.configure': ({ environment, settings }) => {
      services(environment).outbox.configure(settings);
      return services(environment).outbox.view();
    },
    'outbox.templates': ({ environment, language }) => services(environment).messages.templates.list(language),
    'outbox.saveTemplate': ({ environment, template }) => services(environment).messages.saveTemplate(template),
    'outbox.preview': ({ environment, preview }) => services(environment).messages.preview(preview),
    'outbox.testTemplate': ({ environment, preview, address }) => ({
      queued: services(environment).messages.testSend(preview, address).queued,
    }),
    'outbox.automation': ({ environment }) => services(environment).messages.automation(),
    'outbox.setAutomation': ({ environment, settings }) => {
      services(environment).messages.setAutomation(settings);
      return services(environment).messages.automation();
    },
    'outbox.setNotice': ({ environment, notice }) => {
      services(environment).messages.setNotice(notice);
      return services(environment).messages.automation();
    },
  };
}
