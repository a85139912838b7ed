import type { Environment } from '../../shared/environments';
import { AppError } from '../../shared/errors';
import { parseDuration, type ScenarioProgress } from '../../shared/lab';
import { toHar } from '../lab/har';
import { keyCompliance } from '../lab/compliance-report';
import { newProgress, runScenario, scenarioKeyId } from '../lab/scenarios';

interface ScenarioRun {
  environment: Environment;
  progress: ScenarioProgress;
  controller: AbortController;
}

/** Runs kept for the GUI to show; older finished ones are forgotten. */
const KEEP_RUNS = 10;
const MAX_RUNNING = 2;
import type { AppHost } from '../host/app-host';
import type { AdminHandlers } from './dispatch';

type LabChannel = Extract<keyof AdminHandlers, `lab.${string}`>;

/** The quota lab's channels: its clock, request log, compliance report and scenarios. */
export function labHandlers(host: AppHost): Pick<AdminHandlers, LabChannel> {
  const lab = (environment: Parameters<AppHost['engine']>[0]) => host.engine(environment).lab;
  const runs: ScenarioRun[] = [];
  let lastId = 0;
  const find = (environment: Environment, id: number) => {
    const run = runs.find((candidate) => candidate.environment === environment && candidate.progress.id === id);
    if (!run) throw new AppError('not_found', `There is no scenario run ${id} in ${environment}.`);
    return run;
  };
  return {
    'lab.scenarioStart': ({ environment, scenario }) => {
      const baseUrl = host.baseUrl(environment);
      if (!baseUrl) throw new AppError('conflict', `The ${environment} server is not running; see the Server page.`);
      if (runs.filter((run) => run.progress.state === 'running').length >= MAX_RUNNING) throw new AppError('conflict', `${MAX_RUNNING} scenarios are already running; wait for one or cancel it.`);
      const keyId = scenarioKeyId(host.engine(environment), scenario.key);
      const run: ScenarioRun = { environment, progress: newProgress(++lastId, scenario, keyId), controller: new AbortController() };
      runs.unshift(run);
      const finished = runs.filter((candidate) => candidate.progress.state !== 'running');
      for (const old of finished.slice(KEEP_RUNS)) runs.splice(runs.indexOf(old), 1);
      const advanceLabClock = (ms: number) => {
        const engine = host.engine(environment);
        if (!engine.clock.isOn) return false;
        engine.lab.advance(ms);
        return true;
      };
      runScenario({ baseUrl, advanceLabClock }, scenario, run.progress, run.controller.signal).catch((error: unknown) => {
        run.progress.state = 'stopped';
        run.progress.note = error instanceof Error ? error.message : String(error);
        run.progress.finishedAt = Date.now();
      });
      return { ...run.progress };
    },
    'lab.scenarios': ({ environment }) => runs.filter((run) => run.environment === environment).map((run) => ({ ...run.progress, counts: { ...run.progress.counts } })),
    'lab.scenarioCancel': ({ environment, id }) => {
      const run = find(environment, id);
      if (run.progress.state !== 'running') throw new AppError('conflict', `Scenario run ${id} has already ended (${run.progress.state}).`);
      run.controller.abort();
      return { ...run.progress };
    },
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
    'lab.requests': ({ environment, filter }) => host.engine(environment).requestLog.list(filter),
    'lab.har': ({ environment, filter }) => {
      const requests = host.engine(environment).requestLog.list({ limit: 5_000, ...filter });
      const base = host.baseUrl(environment);
      return toHar(requests, base ? new URL(base).host : '127.0.0.1', '0.1.0');
    },
    'lab.report': ({ environment, keyId, from, to }) => keyCompliance(host.engine(environment), keyId, { from, to }),
  };
}
