import type { AppHost } from '../host/app-host';
import type { AdminHandlers } from './dispatch';

type LostFoundChannel = Extract<keyof AdminHandlers, `lostFound.${string}`>;

/** Lost and found: reports entered at the desk, their matches, a confirmed return, recorded as the window's. */
export function lostFoundHandlers(host: AppHost): Pick<AdminHandlers, LostFoundChannel> {
  const lostFound = (environment: Parameters<AppHost['engine']>[0]) => host.engine(environment).services.lostFound;
  return {
    'lostFound.list': ({ environment, query }) => lostFound(environment).list(query),
    'lostFound.get': ({ environment, reportId }) => lostFound(environment).get(reportId),
    'lostFound.photo': ({ environment, reportId }) => lostFound(environment).photo(reportId),
    'lostFound.ofPet': ({ environment, petId }) => lostFound(environment).matchesOfPet(petId),
    'lostFound.waiting': ({ environment }) => lostFound(environment).waiting(),
    'lostFound.add': ({ environment, report }) => lostFound(environment).recordReport(report, 'desk'),
    'lostFound.confirm': ({ environment, confirm }) => lostFound(environment).confirm(confirm, 'window'),
    'lostFound.close': ({ environment, reportId }) => lostFound(environment).close(reportId),
  };
}
