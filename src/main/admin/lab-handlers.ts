import { parseDuration } from '../../shared/lab';
import type { AppHost } from '../app-host';
import type { AdminHandlers } from './dispatch';

type LabChannel = Extract<keyof AdminHandlers, `lab.${string}`>;

/** The quota lab's channels: its clock, request log, compliance report and scenarios. */
export function labHandlers(host: AppHost): Pick<AdminHandlers, LabChannel> {
  const lab = (environment: Parameters<AppHost['engine']>[0]) => host.engine(environment).lab;
  return {
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
  };
}
