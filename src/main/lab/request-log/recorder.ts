import type { WindowUsage } from '../../../shared/quota';
import { BatchEncoder, SLOT } from './batch-format';
import type { RequestLogStore } from './store';

/** Where the API pipeline hands an answer as it is written. */
export interface AnswerLog {
  answered(answer: WrittenAnswer, exchange: ApiExchange): void;
}

/** What the API pipeline knows of a request, for its line in the log. */
export interface ApiExchange {
  log: AnswerLog;
  /** performance.now() when the pipeline took the request. */
  startedAt: number;
  /** When the request arrived, by the environment's clock, with its microseconds on real time. */
  arrivedAt: number;
  keyId: number | null;
  accountId: number | null;
  /** The quota windows and the time the rate-limit headers were made from, once admitted. */
  windows: readonly WindowUsage[] | null;
  rateAt: number;
  /** The contract's error code of the answer, when it is an Error body. */
  errorCode: string | null;
}

/** What the log reads of an API answer as it is written: a Node ServerResponse fits. */
export interface WrittenAnswer {
  statusCode: number;
  req: { method?: string; url?: string; headers: { host?: string } };
  socket: ClientSocket | null;
}

/** The connection an answer goes out on: Node's socket fits. */
export interface ClientSocket {
  remoteAddress?: string;
  remotePort?: number;
}

/** Where a socket keeps its number in the log: set on its first answer, read on the others. */
const CONNECTION = Symbol('request log connection');
let connections = 0;

/**
 * The serving process's number for a connection (counted from its start): what tells apart the
 * workers of one client, whose requests share an address and a key.
 */
function connectionOf(socket: ClientSocket): number {
  const numbered = socket as ClientSocket & { [CONNECTION]?: number };
  return (numbered[CONNECTION] ??= ++connections);
}

/** Node keeps the head it wrote (status line and headers) as a string. */
interface SentHead {
  _header?: string | null;
}

/** The rate-limit headers as Node writes them: the first and the last of rateLimitHeaders(). */
const RATE_LIMIT_FIRST = '\r\nx-ratelimit-limit: ';
const RATE_LIMIT_LAST = '\r\nratelimit: ';

/** A batch not yet in the store: the one being packed, or one the store refused (disk full, file locked). */
export interface UnwrittenBatch {
  data: Buffer;
  rows: number;
  firstAt: number;
  lastAt: number;
}

/**
 * Every API answer, recorded without slowing the API. Nothing of a request is kept beyond the moment
 * its answer is written: its figures and strings go into the batch being packed (batch-format.ts);
 * the rate-limit headers are cut out of the head and kept as the figures they were made of, the
 * rest of the head (alike from answer to answer) once. The batch is written as one row at 4,000
 * answers or when its table is full, and whenever the log's periodic job runs.
 * A write that fails never reaches the request: the batch waits in memory (one at most) and is
 * written once the store takes writes again; answers beyond it are dropped and counted — log
 * entries are not acknowledged data.
 */
export class RequestRecorder {
  private readonly encoder = new BatchEncoder();
  /** A refused batch, kept (one at most) until a write succeeds. */
  private waiting: UnwrittenBatch | null = null;
  /** Answers lost since start because the store refused writes. */
  droppedAnswers = 0;
  /** The last write's failure, until a write succeeds. */
  lastFailure: unknown = null;

  constructor(private readonly store: RequestLogStore) {}

  /** Answers recorded or waiting, not yet in the store. */
  get pendingAnswers(): number {
    return this.encoder.answers + (this.waiting?.rows ?? 0);
  }

  /** What is not yet in the store, oldest first, for this process's own reads (views of the encoder's buffer). */
  unwritten(): UnwrittenBatch[] {
    const { encoder } = this;
    const batches = this.waiting ? [this.waiting] : [];
    if (encoder.answers > 0)
      batches.push({ data: encoder.finish(), rows: encoder.answers, firstAt: encoder.firstAt, lastAt: encoder.lastAt });
    return batches;
  }

  /** An API answer, being written: recorded at once, so nothing of it outlives its request. */
  answered(answer: WrittenAnswer, exchange: ApiExchange): void {
    const head = (answer as SentHead)._header;
    if (!head) return;
    const { req } = answer;
    // record() keeps it in whole microseconds.
    this.record(
      exchange.arrivedAt,
      req.method ?? '',
      req.headers.host,
      req.url ?? '',
      answer.statusCode,
      exchange.errorCode,
      exchange.keyId,
      exchange.accountId,
      answer.socket?.remoteAddress,
      performance.now() - exchange.startedAt,
      head,
      exchange.windows,
      exchange.rateAt,
      answer.socket,
    );
  }

  /**
   * One answer; `head` is the status line and headers as sent. Given the quota windows and the time
   * its rate-limit headers were made from, those headers are cut out, to be rebuilt when read.
   * `at` is kept to the microsecond; `socket`, the connection it came on, by its port and number.
   */
  record(
    at: number,
    method: string,
    host: string | undefined,
    url: string,
    status: number,
    code: string | null,
    keyId: number | null,
    accountId: number | null,
    address: string | undefined,
    latencyMs: number,
    head: string,
    windows: readonly WindowUsage[] | null = null,
    rateAt = 0,
    socket: ClientSocket | null = null,
  ): void {
    const { encoder } = this;
    const needed =
      8 * 4 +
      method.length +
      (host?.length ?? 0) +
      url.length +
      (code?.length ?? 0) +
      (address?.length ?? 0) +
      head.length;
    if (!encoder.fits(needed)) {
      this.write(true);
      if (!encoder.fits(needed)) {
        this.droppedAnswers += 1;
        return;
      }
    }
    const answer = encoder.current;
    answer[SLOT.at] = microsOf(at);
    answer[SLOT.latency] = Math.round(latencyMs * 1000);
    answer[SLOT.status] = status;
    answer[SLOT.keyId] = keyId ?? -1;
    answer[SLOT.accountId] = accountId ?? -1;
    answer[SLOT.method] = encoder.text(SLOT.method, method);
    answer[SLOT.host] = host === undefined ? -1 : encoder.text(SLOT.host, host);
    answer[SLOT.url] = encoder.text(SLOT.url, url);
    answer[SLOT.code] = code === null ? -1 : encoder.text(SLOT.code, code);
    answer[SLOT.address] = address === undefined ? -1 : encoder.text(SLOT.address, address);
    answer[SLOT.port] = socket?.remotePort ?? -1;
    answer[SLOT.connection] = socket === null ? -1 : connectionOf(socket);
    const minute = windows?.length === 2 ? windows[0] : undefined;
    const day = windows?.length === 2 ? windows[1] : undefined;
    const first = minute?.kind === 'minute' && day?.kind === 'day' ? head.indexOf(RATE_LIMIT_FIRST) : -1;
    const last = first < 0 ? -1 : head.indexOf(RATE_LIMIT_LAST, first);
    const end = last < 0 ? -1 : head.indexOf('\r\n', last + 2);
    if (minute && day && end > 0) {
      answer[SLOT.headBefore] = encoder.text(SLOT.headBefore, head.slice(0, first + 2));
      // Its first line apart (Location, Link: what varies most), so the rest mostly repeats.
      const lineEnd = head.indexOf('\r\n', end + 2);
      answer[SLOT.headAfter] = encoder.text(
        SLOT.headAfter,
        lineEnd < 0 ? head.slice(end + 2) : head.slice(end + 2, lineEnd + 2),
      );
      answer[SLOT.headRest] = lineEnd < 0 ? -1 : encoder.text(SLOT.headRest, head.slice(lineEnd + 2));
      answer[SLOT.rateAt] = rateAt;
      answer[SLOT.minuteLimit] = minute.limit;
      answer[SLOT.minuteUsed] = minute.used;
      answer[SLOT.minuteResetAt] = minute.resetAt;
      answer[SLOT.dayLimit] = day.limit;
      answer[SLOT.dayUsed] = day.used;
      answer[SLOT.dayResetAt] = day.resetAt;
    } else {
      answer[SLOT.headBefore] = encoder.text(SLOT.headBefore, head);
      answer[SLOT.headAfter] = -1;
      answer[SLOT.headRest] = -1;
    }
    encoder.endAnswer();
    if (encoder.full) this.write(true);
  }

  /**
   * Writes the waiting batch, then the one being packed. Never throws: a failure is returned (and
   * kept in lastFailure). `full`: the batch being packed can take no more answers, so if the store
   * still refuses, its answers are dropped rather than held.
   */
  write(full = false): unknown {
    const { encoder } = this;
    if (this.waiting !== null) {
      const failure = this.store.tryInsert(
        this.waiting.data,
        this.waiting.rows,
        this.waiting.firstAt,
        this.waiting.lastAt,
      );
      if (failure !== null) {
        this.lastFailure = failure;
        if (full) {
          this.droppedAnswers += encoder.answers;
          encoder.reset();
        }
        return failure;
      }
      this.waiting = null;
    }
    if (encoder.answers === 0) return (this.lastFailure = null);
    const data = encoder.finish();
    const failure = this.store.tryInsert(data, encoder.answers, encoder.firstAt, encoder.lastAt);
    // Copied: the encoder's buffer is packed again at once.
    if (failure !== null)
      this.waiting = {
        data: Buffer.from(data),
        rows: encoder.answers,
        firstAt: encoder.firstAt,
        lastAt: encoder.lastAt,
      };
    encoder.reset();
    return (this.lastFailure = failure);
  }
}

/**
 * An arrival (epoch ms, with its microseconds) in whole microseconds, as FORMAT 4 keeps it. Not
 * Math.round, and in this module rather than imported: either doubled the recording's cost in
 * measurements (V8 of Node 22, values beyond 2^31).
 */
export function microsOf(ms: number): number {
  const micros = ms * 1000 + 0.5;
  return micros - (micros % 1);
}
