import type { AppHost } from '../host/app-host';
import type { AdminHandlers } from './dispatch';

type ReportChannel = Extract<keyof AdminHandlers, `reports.${string}`>;

/** The Reports page: each channel one read of the report service. */
export function reportHandlers(host: AppHost): Pick<AdminHandlers, ReportChannel> {
  const reports = (environment: Parameters<AppHost['engine']>[0]) => host.engine(environment).services.reports;
  return {
    'reports.sac': ({ environment, query }) => reports(environment).sac(query),
    'reports.sacCsv': ({ environment, query, separator }) => reports(environment).sacCsv(query, separator),
    'reports.liveRelease': ({ environment, query }) => reports(environment).liveRelease(query),
    'reports.trends': ({ environment, query }) => reports(environment).trends(query),
  };
}
