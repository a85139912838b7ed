import type { EngineLog } from '../log';

/** However often a job fails, it is retried at least this often (unless its own period is longer). */
export const DEFAULT_MAX_BACKOFF_MS = 10_000;

export interface JobSpec {
  /** Named in the log. */
  name: string;
  /** Time between the end of one run and the start of the next, when the last run succeeded. */
  everyMs: number;
  run(): unknown;
  /** First run at once rather than after everyMs. */
  runAtStart?: boolean;
}

export interface SupervisedJob {
  /** Runs as soon as possible: now, or right after the run in progress. */
  trigger(): void;
}

/**
 * Owns every periodic job of a serving engine. A job never overlaps itself (the next run is timed
 * from the end of the last), a throw or rejection is caught and logged once per failure streak with
 * the job's name, failed runs are retried with doubling delays up to a cap, and every timer is
 * unref'd: no job can end the process, or keep it alive.
 */
export class Supervisor {
  private readonly jobs = new Set<Job>();

  constructor(
    private readonly log: EngineLog,
    private readonly maxBackoffMs = DEFAULT_MAX_BACKOFF_MS,
  ) {}

  start(spec: JobSpec): SupervisedJob {
    const job = new Job(spec, this.log, Math.max(this.maxBackoffMs, spec.everyMs));
    this.jobs.add(job);
    job.schedule(spec.runAtStart ? 0 : spec.everyMs);
    return job;
  }

  /** No new runs from now on; resolves once the runs in progress have ended. */
  stop(): Promise<void> {
    const running = [...this.jobs].map((job) => job.stop());
    this.jobs.clear();
    return Promise.all(running).then(() => undefined);
  }
}

class Job implements SupervisedJob {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private again = false;
  private stopped = false;
  private failures = 0;

  constructor(
    private readonly spec: JobSpec,
    private readonly log: EngineLog,
    private readonly maxDelayMs: number,
  ) {}

  schedule(delayMs: number): void {
    if (this.stopped) return;
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.runOnce(), delayMs);
    this.timer.unref();
  }

  trigger(): void {
    if (this.running) this.again = true;
    else this.schedule(0);
  }

  stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    this.timer = undefined;
    return this.running ?? Promise.resolve();
  }

  private runOnce(): void {
    this.timer = undefined;
    this.running = this.attempt().finally(() => {
      this.running = undefined;
      const next = this.again ? 0 : this.delay();
      this.again = false;
      this.schedule(next);
    });
  }

  private async attempt(): Promise<void> {
    try {
      await this.spec.run();
    } catch (error) {
      this.failed(error);
      return;
    }
    if (this.failures > 0)
      this.say('info', { job: this.spec.name, failedRuns: this.failures }, 'background job recovered');
    this.failures = 0;
  }

  private failed(error: unknown): void {
    this.failures += 1;
    if (this.failures > 1) return;
    this.say(
      'error',
      { job: this.spec.name, err: error, retryInMs: this.delay() },
      'background job failed; retrying with backoff',
    );
  }

  /** After n failures in a row: everyMs × 2^n, capped. */
  private delay(): number {
    if (this.failures === 0) return this.spec.everyMs;
    return Math.min(this.spec.everyMs * 2 ** Math.min(this.failures, 30), this.maxDelayMs);
  }

  /** A logger that throws (a closed stderr) must not take the job's timer, and the process, with it. */
  private say(level: 'info' | 'error', details: object, message: string): void {
    try {
      this.log[level](details, message);
    } catch {
      // Nothing left to tell it to.
    }
  }
}
