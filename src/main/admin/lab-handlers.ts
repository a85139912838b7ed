import { AppError } from '../../shared/errors';
import { parseDuration } from '../../shared/lab';
import { toHar } from '../lab/har';
import { keyCompliance } from '../lab/compliance-report';
import { ScenarioRuns } from '../lab/scenario-runs';
import type { AppHost } from '../host/app-host';
import type { AdminHandlers } from './dispatch';

type LabChannel = Extract<keyof AdminHandlers, `lab.${string}`>;

/** The quota lab's channels: its clock, request log, compliance report and scenarios. */
export function labHandlers(host: AppHost): Pick<AdminHandlers, LabChannel> {
  const lab = (environment: Parameters<AppHost['engine']>[0]) => host.engine(environment).lab;
  const runs = new ScenarioRuns((environment) => host.engine(environment));
  return {
    'lab.scenarioStart': ({ environment, scenario }) => {
      const baseUrl = host.baseUrl(environment);
      if (!baseUrl) throw new AppError('conflict', `The ${environment} server is not running; see the Server page.`);
      return runs.start(environment, baseUrl, scenario);
    },
    'lab.scenarios': ({ environment }) => runs.list(environment),
    'lab.scenarioCancel': ({ environment, id }) => runs.cancel(environment, id),
    'lab.clock': ({ environment }) => lab(environment).state(),
    'lab.moveClock': ({ environment, move }) => {
      const clock = lab(environment);
      if (move === 'on') return clock.turnOn();
      if (move === 'next-minute') return clock.nextWindow('minute');
      if (move === 'next-day') return clock.nextWindow('day');
      return clock.reset();
    },
    'lab.advanceClock': ({ environment, duration }) => {
      const parsed = parseDuration(duration);
      return lab(environment).advance('ms' in parsed ? parsed.ms : 0);
    },
    'lab.headerProfile': ({ environment }) => ({ profile: host.engine(environment).headerProfile.current }),
    'lab.setHeaderProfile': ({ environment, profile }) => {
      host.engine(environment).headerProfile.set(profile);
      return { profile };
    },
    'lab.requests': ({ environment, filter }) => host.engine(environment).requestLog.list(filter),
    'lab.har': ({ environment, filter }) => {
      const requests = host.engine(environment).requestLog.list({ limit: 5_000, ...filter });
      const base = host.baseUrl(environment);
      return toHar(requests, base ? new URL(base).host : '127.0.0.1', '0.1.0');
    },
    'lab.report': ({ environment, keyId, from, to }) => keyCompliance(host.engine(environment), keyId, { from, to }),
  };
}
