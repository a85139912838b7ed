import type Database from 'better-sqlite3';
import type { LoggedRequest, RequestFilter } from '../../../shared/lab';
import type { KeyService } from '../../keys/keys';
import type { LabClock } from '../clock';
import { moveEarlierLog } from './earlier-releases';
import { RequestRecorder, type AnswerLog, type ApiExchange, type WrittenAnswer } from './recorder';
import { RequestLogStore, type RetentionOptions } from './store';
import { RequestViews } from './views';

export interface RequestLogOptions extends RetentionOptions {
  /** The log's own file; by default `<database>.request-log.sqlite` beside the database. */
  file?: string;
}

/** How often the serving process's periodic job runs (start(), or the engine's supervisor). */
export const REQUEST_LOG_TICK_MS = 250;
const PRUNE_INTERVAL_MS = 60_000;

/** How the log is doing, for whoever supervises it. */
export interface RequestLogHealth {
  /** Answers recorded but not yet in the file (at most a batch being packed and one refused batch). */
  pendingAnswers: number;
  /** Answers lost since start because the file refused writes (disk full, locked). */
  droppedAnswers: number;
  /** The last failure of the periodic job, until it succeeds again. */
  lastFailure: unknown;
}

/**
 * The quota lab's request log: the recorder (the API's hot path), the store (the log's own SQLite
 * file: batches, retention, vacuum) and the views (what the faces read). Only the serving process
 * writes: it records answers and runs tick() periodically; any other process (the CLI) only reads.
 */
export class RequestLog implements AnswerLog {
  private readonly store: RequestLogStore;
  private readonly recorder: RequestRecorder;
  private readonly views: RequestViews;
  private timer: NodeJS.Timeout | undefined;
  private lastPrune: number;
  private lastFailure: unknown = null;

  /** `keys` gives the display prefix of each logged answer's key. */
  constructor(
    main: Database.Database,
    private readonly clock: LabClock,
    keys: Pick<KeyService, 'find'>,
    options: RequestLogOptions = {},
  ) {
    this.store = new RequestLogStore(options.file ?? requestLogFile(main.name), options);
    this.recorder = new RequestRecorder(this.store);
    this.views = new RequestViews(this.store, keys);
    // The first pruning a minute after start: a starting server has better things to do.
    this.lastPrune = clock.realNow();
    if (moveEarlierLog(main, this.store.file)) {
      this.store.prune(clock.realNow());
      this.store.close();
    }
  }

  /** An API answer, being written: recorded at once, so nothing of it outlives its request. */
  answered(answer: WrittenAnswer, exchange: ApiExchange): void {
    this.recorder.answered(answer, exchange);
  }

  /** One answer (see RequestRecorder.record): for answers written straight on the socket. */
  record(...answer: Parameters<RequestRecorder['record']>): void {
    this.recorder.record(...answer);
  }

  /**
   * The serving process's periodic job: writes what waits, prunes once a minute, gives a slice of
   * free space back. Everything it holds is safe before it throws; it throws the failure (disk full,
   * file locked) for its supervisor to log, and the next tick tries again.
   */
  tick(): void {
    let failure = this.recorder.write();
    try {
      const real = this.clock.realNow();
      if (real - this.lastPrune >= PRUNE_INTERVAL_MS) {
        this.lastPrune = real;
        this.store.prune(real);
      }
      this.store.vacuumSlice();
    } catch (error) {
      failure ??= error;
    }
    this.lastFailure = failure;
    if (failure !== null) throw failure;
  }

  /** Writes what waits now; a failure is thrown (what it held waits for the next try). */
  flush(): void {
    const failure = this.recorder.write();
    if (failure !== null) throw failure;
  }

  /** Writes what waits, then drops what is older than the keeping period and beyond the cap. */
  prune(): void {
    this.flush();
    this.store.prune(this.clock.realNow());
  }

  /** For a serving process without a supervisor: tick() on a timer that can never throw. */
  start(): void {
    this.timer ??= setInterval(() => {
      try {
        this.tick();
      } catch {
        // Kept in health(); the next tick tries again.
      }
    }, REQUEST_LOG_TICK_MS);
    this.timer.unref();
  }

  /** Stops the timer, writes what waits if it can, and closes the log's file. */
  stop(): void {
    clearInterval(this.timer);
    this.timer = undefined;
    this.recorder.write();
    this.store.close();
  }

  health(): RequestLogHealth {
    return {
      pendingAnswers: this.recorder.pendingAnswers,
      droppedAnswers: this.recorder.droppedAnswers,
      lastFailure: this.lastFailure ?? this.recorder.lastFailure,
    };
  }

  /** Newest first, or oldest first after `afterId` (tailing); with this process's answers not yet written. */
  list(filter: RequestFilter = {}): LoggedRequest[] {
    return this.views.list(filter, this.recorder.unwritten());
  }

  /** A key's requests in time order, for the compliance report. */
  forKey(keyId: number, from: number, to: number): LoggedRequest[] {
    return this.views.forKey(keyId, from, to, this.recorder.unwritten());
  }
}

/** `<dir>/production.sqlite` → `<dir>/production.request-log.sqlite`. */
export function requestLogFile(databaseFile: string): string {
  return `${databaseFile.replace(/\.sqlite$/, '')}.request-log.sqlite`;
}
