import { AppError } from '../../shared/errors';
import type { Environment } from '../../shared/environments';
import type { Scenario, ScenarioProgress } from '../../shared/lab';
import type { KeyService } from '../keys/keys';
import type { LabClockService } from './clock';
import { newProgress, runScenario, scenarioKeyId } from './scenarios';

/** What a scenario run needs of its environment: the key it sends, and the lab clock. The engine is one. */
export interface ScenarioEnvironment {
  environment: Environment;
  services: { keys: Pick<KeyService, 'authenticate'> };
  lab: Pick<LabClockService, 'advanceIfOn'>;
}

interface ScenarioRun {
  environment: Environment;
  progress: ScenarioProgress;
  controller: AbortController;
}

/** Runs kept for the GUI to show; older finished ones are forgotten. */
const KEEP_RUNS = 10;
const MAX_RUNNING = 2;

/**
 * The scenarios a long-running process (the desktop app, `serve --admin`) runs in the background,
 * by id, for the GUI to poll and cancel. Runs of both environments share the limit of MAX_RUNNING.
 */
export class ScenarioRuns {
  private readonly runs: ScenarioRun[] = [];
  private lastId = 0;

  /** `engine` is asked again at each move of the clock: the environment's engine as it is then. */
  constructor(private readonly engine: (environment: Environment) => ScenarioEnvironment) {}

  /** Starts a run against `baseUrl` (the environment's running API server) and returns at once. */
  start(environment: Environment, baseUrl: string, scenario: Scenario): ScenarioProgress {
    const { runs } = this;
    if (runs.filter((run) => run.progress.state === 'running').length >= MAX_RUNNING)
      throw new AppError('conflict', `${MAX_RUNNING} scenarios are already running; wait for one or cancel it.`);
    const keyId = scenarioKeyId(this.engine(environment), scenario.key);
    const run: ScenarioRun = {
      environment,
      progress: newProgress(++this.lastId, scenario, keyId),
      controller: new AbortController(),
    };
    runs.unshift(run);
    const finished = runs.filter((candidate) => candidate.progress.state !== 'running');
    for (const old of finished.slice(KEEP_RUNS)) runs.splice(runs.indexOf(old), 1);
    const target = { baseUrl, advanceLabClock: (ms: number) => this.engine(environment).lab.advanceIfOn(ms) };
    runScenario(target, scenario, run.progress, run.controller.signal).catch((error: unknown) => {
      run.progress.state = 'stopped';
      run.progress.note = error instanceof Error ? error.message : String(error);
      // An unforeseen failure has no words of its own: the window shows its message as it came.
      run.progress.noteWords = null;
      run.progress.finishedAt = Date.now();
    });
    return { ...run.progress };
  }

  /** The environment's runs, newest first, as copies (the runs go on changing theirs). */
  list(environment: Environment): ScenarioProgress[] {
    return this.runs
      .filter((run) => run.environment === environment)
      .map((run) => ({ ...run.progress, counts: { ...run.progress.counts } }));
  }

  cancel(environment: Environment, id: number): ScenarioProgress {
    const run = this.runs.find((candidate) => candidate.environment === environment && candidate.progress.id === id);
    if (!run) throw new AppError('not_found', `There is no scenario run ${id} in ${environment}.`);
    if (run.progress.state !== 'running')
      throw new AppError('conflict', `Scenario run ${id} has already ended (${run.progress.state}).`);
    run.controller.abort();
    return { ...run.progress };
  }
}
