import type Database from 'better-sqlite3';
import type { LoggedRequest, RequestFilter } from '../../shared/lab';
import type { WindowUsage } from '../../shared/quota';
import { rateLimitHeaders } from '../../shared/rate-limit-headers';
import type { LabClock } from './lab-clock';

export interface RequestLogOptions {
  /** How long rows are kept, by real time; default 7 days. */
  keepMs?: number;
  /** At most this many rows; the oldest go first. Default 1,000,000. */
  maxRows?: number;
}

export const DEFAULT_KEEP_MS = 7 * 86_400_000;
export const DEFAULT_MAX_ROWS = 1_000_000;
/** A batch is written every 250 ms, or as soon as this many rows wait. */
const FLUSH_INTERVAL_MS = 250;
const FLUSH_ROWS = 500;
const PRUNE_INTERVAL_MS = 60_000;
/** Rows per INSERT statement: one statement per chunk costs far less than one per row. */
const CHUNK = 50;
const COLUMNS = 11;

interface Row {
  id: number;
  at: number;
  method: string;
  host: string | null;
  url: string;
  status: number;
  code: string | null;
  keyId: number | null;
  keyPrefix: string | null;
  accountId: number | null;
  address: string | null;
  latencyMs: number;
  head: string;
}

const SELECT = `SELECT r.id, r.at, r.method, r.host, r.url, r.status, r.code, r.key_id AS keyId, k.display_prefix AS keyPrefix,
  r.account_id AS accountId, r.address, r.latency_ms AS latencyMs, r.head
  FROM request_log r LEFT JOIN api_keys k ON k.id = r.key_id`;

/**
 * A batch row's data: FORMAT; the number of answers, of figures and the string table's bytes (u32
 * each); the figures (float64, native byte order): per answer a mask of the SLOTS that differ from the
 * answer before (all 0 before the first), then those slots' values; then the string table: each string
 * as its length (u32) and its latin1 bytes (how Node reads and writes HTTP heads), numbered in order.
 */
const FORMAT = 2;
const PREFIX_BYTES = 13;
/** Where an answer's figures sit among its SLOTS; a string is its number in the table, -1 for none. */
const SLOT = {
  at: 0,
  latencyMs: 1,
  status: 2,
  keyId: 3,
  accountId: 4,
  method: 5,
  host: 6,
  url: 7,
  code: 8,
  address: 9,
  /** The head up to the rate-limit headers, or all of it when they were not cut out. */
  headBefore: 10,
  /** The head after the rate-limit headers; -1 when they were not cut out. */
  headAfter: 11,
  rateAt: 12,
  minuteLimit: 13,
  minuteUsed: 14,
  minuteResetAt: 15,
  dayLimit: 16,
  dayUsed: 17,
  dayResetAt: 18,
} as const;
const SLOTS = 19;
/** The string table's bytes; a batch is written when it is full, at 500 answers, or every 250 ms. */
const TABLE_BYTES = 1024 * 1024;
/** The rate-limit headers as Node writes them: the first and the last of rateLimitHeaders(). */
const RATE_LIMIT_FIRST = '\r\nx-ratelimit-limit: ';
const RATE_LIMIT_LAST = '\r\nratelimit: ';

/** What the log reads of an answer once it is sent: a Fastify reply fits. */
export interface TrackedAnswer {
  raw: { statusCode: number };
  errorCode: string | null;
}

/** A request answered by nobody after this long was abandoned (its client went away). */
const ABANDONED_MS = 60_000;

/** Node keeps the head it wrote (status line and headers) as a string. */
interface SentHead {
  _header?: string | null;
}

/** An answer on its way out, with what the pipeline knew of its request. */
export interface OutgoingAnswer extends TrackedAnswer {
  apiArrivedAt: number;
  apiStartedAt: number;
  apiKeyId: number | null;
  apiAccountId: number | null;
  apiWindows: readonly WindowUsage[] | null;
  apiRateAt: number;
  request: { method: string; url: string; headers: { host?: string }; ip: string };
}

/**
 * Every API answer, recorded without slowing the API. Nothing of a request is kept beyond the moment
 * its answer is written: its figures go into a typed array and its strings into a table, each string
 * once per batch (both outside the JavaScript heap, so the garbage collector never sees them); the
 * rate-limit headers are cut out of the head and kept as the figures they were made of, the rest of
 * the head (alike from answer to answer) once. That batch is written as ONE row of
 * request_log_batches every 250 ms, at 500 answers, or when full, and on stop.
 * Whoever reads the log (GUI, CLI, report) first moves the batches into request_log, one row per
 * answer, in one transaction: that cost falls on reading, not on the API's answers.
 */
export class RequestLog {
  /** The answer being recorded, and the one before: only what differs is kept. */
  private current = new Float64Array(SLOTS);
  private previous = new Float64Array(SLOTS);
  private readonly figures = new Float64Array(FLUSH_ROWS * (SLOTS + 1));
  private figureCount = 0;
  private readonly table = Buffer.allocUnsafe(TABLE_BYTES);
  private tableOffset = 0;
  private tableEntries = 0;
  /** Per slot, the string last written for it in this batch and its number: a repeat is not written again. */
  private readonly lastText: (string | undefined)[] = new Array<string | undefined>(SLOTS).fill(undefined);
  private readonly lastEntry = new Float64Array(SLOTS);
  private rows = 0;
  private lastAt = 0;
  private outgoing: OutgoingAnswer[] = [];
  private draining = false;
  private timer: NodeJS.Timeout | undefined;
  private lastPrune = 0;
  private readonly keepMs: number;
  private readonly maxRows: number;
  private readonly statements;
  private readonly drain = () => this.drainOutgoing();

  constructor(
    private readonly sqlite: Database.Database,
    private readonly clock: LabClock,
    options: RequestLogOptions = {},
  ) {
    // The first pruning a minute after start: a starting server has better things to do.
    this.lastPrune = clock.realNow();
    this.keepMs = options.keepMs ?? DEFAULT_KEEP_MS;
    this.maxRows = options.maxRows ?? DEFAULT_MAX_ROWS;
    const insert = 'INSERT INTO request_log (at, method, host, url, status, code, key_id, account_id, address, latency_ms, head) VALUES ';
    const values = `(${Array(COLUMNS).fill('?').join(',')})`;
    this.statements = {
      insertOne: sqlite.prepare(insert + values),
      insertChunk: sqlite.prepare(insert + Array(CHUNK).fill(values).join(',')),
      insertBatch: sqlite.prepare('INSERT INTO request_log_batches (rows, last_at, data) VALUES (?, ?, ?)'),
      batches: sqlite.prepare<[number], { id: number; data: Buffer | string }>('SELECT id, data FROM request_log_batches WHERE id > ? ORDER BY id LIMIT 20'),
      deleteBatches: sqlite.prepare('DELETE FROM request_log_batches WHERE id <= ?'),
      pruneRows: sqlite.prepare('DELETE FROM request_log WHERE at < ?'),
      capRows: sqlite.prepare('DELETE FROM request_log WHERE id <= (SELECT max(id) FROM request_log) - ?'),
      pruneBatches: sqlite.prepare('DELETE FROM request_log_batches WHERE last_at < ?'),
      // Batches nobody has read yet count towards the cap too: the oldest go once the newer ones hold enough.
      capBatches: sqlite.prepare(
        'DELETE FROM request_log_batches WHERE id < (SELECT coalesce(max(id), 0) FROM (SELECT id, sum(rows) OVER (ORDER BY id DESC) AS newer FROM request_log_batches) WHERE newer >= ?)',
      ),
    };
  }

  /**
   * A request the API took. Its answer (status, code, the head Node wrote) is read once the event loop
   * comes round (setImmediate), when a synchronous answer has been written; one still being produced
   * is looked at again on the next round. Nothing of it is kept longer, so the garbage collector
   * never has to move it out of the young generation.
   */
  track(answer: OutgoingAnswer): void {
    this.outgoing.push(answer);
    if (!this.draining) {
      this.draining = true;
      setImmediate(this.drain);
    }
  }

  private drainOutgoing(): void {
    this.draining = false;
    const answers = this.outgoing;
    if (answers.length === 0) return;
    this.outgoing = [];
    const now = performance.now();
    for (const answer of answers) {
      const head = (answer.raw as SentHead)._header;
      if (!head) {
        if (now - answer.apiStartedAt < ABANDONED_MS) this.outgoing.push(answer);
        continue;
      }
      const { request } = answer;
      const latencyMs = Math.round((now - answer.apiStartedAt) * 1000) / 1000;
      this.record(answer.apiArrivedAt, request.method, request.headers.host, request.url, answer.raw.statusCode, answer.errorCode, answer.apiKeyId, answer.apiAccountId, request.ip, latencyMs, head, answer.apiWindows, answer.apiRateAt);
    }
    if (this.outgoing.length > 0 && !this.draining) {
      this.draining = true;
      setImmediate(this.drain);
    }
  }

  /**
   * One answer; `head` is the status line and headers as sent. Given the quota windows and the time
   * its rate-limit headers were made from, those headers are cut out, to be rebuilt when read.
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
  ): void {
    const needed = 7 * 4 + method.length + (host?.length ?? 0) + url.length + (code?.length ?? 0) + (address?.length ?? 0) + head.length;
    if (this.tableOffset + needed > this.table.length) {
      this.writeBatch();
      if (needed > this.table.length) return;
    }
    const answer = this.current;
    answer[SLOT.at] = at;
    answer[SLOT.latencyMs] = latencyMs;
    answer[SLOT.status] = status;
    answer[SLOT.keyId] = keyId ?? -1;
    answer[SLOT.accountId] = accountId ?? -1;
    answer[SLOT.method] = this.text(SLOT.method, method);
    answer[SLOT.host] = host === undefined ? -1 : this.text(SLOT.host, host);
    answer[SLOT.url] = this.text(SLOT.url, url);
    answer[SLOT.code] = code === null ? -1 : this.text(SLOT.code, code);
    answer[SLOT.address] = address === undefined ? -1 : this.text(SLOT.address, address);
    const [minute, day] = windows ?? [];
    const first = minute?.kind === 'minute' && day?.kind === 'day' && windows?.length === 2 ? head.indexOf(RATE_LIMIT_FIRST) : -1;
    const last = first < 0 ? -1 : head.indexOf(RATE_LIMIT_LAST, first);
    const end = last < 0 ? -1 : head.indexOf('\r\n', last + 2);
    if (minute && day && end > 0) {
      answer[SLOT.headBefore] = this.text(SLOT.headBefore, head.slice(0, first + 2));
      answer[SLOT.headAfter] = this.text(SLOT.headAfter, head.slice(end + 2));
      answer[SLOT.rateAt] = rateAt;
      answer[SLOT.minuteLimit] = minute.limit;
      answer[SLOT.minuteUsed] = minute.used;
      answer[SLOT.minuteResetAt] = minute.resetAt;
      answer[SLOT.dayLimit] = day.limit;
      answer[SLOT.dayUsed] = day.used;
      answer[SLOT.dayResetAt] = day.resetAt;
    } else {
      answer[SLOT.headBefore] = this.text(SLOT.headBefore, head);
      answer[SLOT.headAfter] = -1;
    }
    this.keepDifferences();
    this.rows += 1;
    if (at > this.lastAt) this.lastAt = at;
    if (this.rows >= FLUSH_ROWS) this.writeBatch();
  }

  /** Appends the current answer's mask and the slots that differ from the answer before. */
  private keepDifferences(): void {
    const { current, previous, figures } = this;
    const maskAt = this.figureCount++;
    let mask = 0;
    for (let slot = 0; slot < SLOTS; slot++) {
      const value = current[slot] ?? 0;
      if (value !== previous[slot]) {
        mask |= 1 << slot;
        figures[this.figureCount++] = value;
      }
    }
    figures[maskAt] = mask;
    this.current = previous;
    this.current.set(current);
    this.previous = current;
  }

  /** The number in this batch's table of a slot's string: written there unless it repeats the slot's last one. */
  private text(slot: number, text: string): number {
    if (text === this.lastText[slot]) return this.lastEntry[slot] ?? -1;
    const entry = this.tableEntries++;
    this.table.writeUInt32LE(text.length, this.tableOffset);
    this.tableOffset += 4 + this.table.write(text, this.tableOffset + 4, 'latin1');
    this.lastText[slot] = text;
    this.lastEntry[slot] = entry;
    return entry;
  }

  /** For a serving process: write batches on a timer. */
  start(): void {
    this.timer ??= setInterval(() => this.flush(), FLUSH_INTERVAL_MS);
    this.timer.unref();
  }

  stop(): void {
    clearInterval(this.timer);
    this.timer = undefined;
    this.flush();
  }

  /** Writes what is waiting as one batch row. */
  flush(): void {
    this.drainOutgoing();
    this.writeBatch();
    const real = this.clock.realNow();
    if (real - this.lastPrune >= PRUNE_INTERVAL_MS) {
      this.lastPrune = real;
      this.prune();
    }
  }

  private writeBatch(): void {
    if (this.rows === 0) return;
    const prefix = Buffer.allocUnsafe(PREFIX_BYTES);
    prefix[0] = FORMAT;
    prefix.writeUInt32LE(this.rows, 1);
    prefix.writeUInt32LE(this.figureCount, 5);
    prefix.writeUInt32LE(this.tableOffset, 9);
    const figures = Buffer.from(this.figures.buffer, 0, this.figureCount * Float64Array.BYTES_PER_ELEMENT);
    this.statements.insertBatch.run(this.rows, this.lastAt, Buffer.concat([prefix, figures, this.table.subarray(0, this.tableOffset)]));
    this.tableOffset = 0;
    this.tableEntries = 0;
    this.figureCount = 0;
    this.current.fill(0);
    this.previous.fill(0);
    this.lastText.fill(undefined);
    this.rows = 0;
    this.lastAt = 0;
  }

  /** Rows older than the keeping period (by real time, so a lab clock ahead cannot wipe the log), and beyond the cap. */
  prune(): void {
    const oldest = this.clock.realNow() - this.keepMs;
    this.sqlite.transaction(() => {
      this.statements.pruneRows.run(oldest);
      this.statements.capRows.run(this.maxRows);
      this.statements.pruneBatches.run(oldest);
      this.statements.capBatches.run(this.maxRows);
    })();
  }

  /** Moves the written batches (of any process on this database) into request_log, one row per answer. */
  private ingest(): void {
    this.flush();
    this.sqlite.transaction(() => {
      let lastId = 0;
      const chunkValues = CHUNK * COLUMNS;
      for (let page = this.statements.batches.all(lastId); page.length > 0; page = this.statements.batches.all(lastId)) {
        for (const batch of page) {
          lastId = batch.id;
          const values = decodeBatch(batch.data);
          let offset = 0;
          for (; offset + chunkValues <= values.length; offset += chunkValues) this.statements.insertChunk.run(values.slice(offset, offset + chunkValues));
          for (; offset + COLUMNS <= values.length; offset += COLUMNS) this.statements.insertOne.run(values.slice(offset, offset + COLUMNS));
        }
      }
      if (lastId > 0) this.statements.deleteBatches.run(lastId);
    })();
  }

  /** Newest first, or oldest first after `afterId` (tailing); rows still in memory are written first. */
  list(filter: RequestFilter = {}): LoggedRequest[] {
    this.ingest();
    const where: string[] = [];
    const params: unknown[] = [];
    const add = (clause: string, value: unknown) => {
      where.push(clause);
      params.push(value);
    };
    if (filter.accountId !== undefined) add('r.account_id = ?', filter.accountId);
    if (filter.keyId !== undefined) add('r.key_id = ?', filter.keyId);
    if (filter.status !== undefined) add('r.status = ?', filter.status);
    if (filter.path) add("instr(r.url, ?) > 0", filter.path);
    if (filter.from !== undefined) add('r.at >= ?', filter.from);
    if (filter.to !== undefined) add('r.at <= ?', filter.to);
    if (filter.afterId !== undefined) add('r.id > ?', filter.afterId);
    const order = filter.afterId === undefined ? 'DESC' : 'ASC';
    const sql = `${SELECT}${where.length ? ` WHERE ${where.join(' AND ')}` : ''} ORDER BY r.id ${order} LIMIT ?`;
    params.push(filter.limit ?? 200);
    return (this.sqlite.prepare(sql).all(...params) as Row[]).map(toLogged);
  }

  /** A key's requests in time order, for the compliance report. */
  forKey(keyId: number, from: number, to: number): LoggedRequest[] {
    this.ingest();
    return (this.sqlite.prepare(`${SELECT} WHERE r.key_id = ? AND r.at >= ? AND r.at <= ? ORDER BY r.at, r.id LIMIT 100000`).all(keyId, from, to) as Row[]).map(toLogged);
  }
}

/** A batch back to request_log's values, COLUMNS per answer, each head as it was sent. */
function decodeBatch(data: Buffer | string): unknown[] {
  if (typeof data === 'string' || data[0] !== FORMAT) return decodeTextBatch(data);
  const rows = data.readUInt32LE(1);
  const figuresEnd = PREFIX_BYTES + data.readUInt32LE(5) * Float64Array.BYTES_PER_ELEMENT;
  // Copied to a fresh buffer: a Float64Array needs its start aligned to 8 bytes.
  const figures = new Float64Array(Uint8Array.prototype.slice.call(data, PREFIX_BYTES, figuresEnd).buffer);
  const table: string[] = [];
  for (let offset = figuresEnd; offset < figuresEnd + data.readUInt32LE(9); ) {
    const length = data.readUInt32LE(offset);
    table.push(data.toString('latin1', offset + 4, offset + 4 + length));
    offset += 4 + length;
  }
  const values: unknown[] = [];
  const answer = new Float64Array(SLOTS);
  let at = 0;
  for (let row = 0; row < rows; row++) {
    const mask = figures[at++] ?? 0;
    for (let slot = 0; slot < SLOTS; slot++) if (mask & (1 << slot)) answer[slot] = figures[at++] ?? NaN;
    const figure = (slot: number) => answer[slot] ?? NaN;
    const text = (slot: number) => (figure(slot) < 0 ? null : (table[figure(slot)] ?? ''));
    const orNull = (slot: number) => (figure(slot) < 0 ? null : figure(slot));
    let head = text(SLOT.headBefore) ?? '';
    if (figure(SLOT.headAfter) >= 0) {
      const windows: WindowUsage[] = [
        { kind: 'minute', limit: figure(SLOT.minuteLimit), used: figure(SLOT.minuteUsed), resetAt: figure(SLOT.minuteResetAt) },
        { kind: 'day', limit: figure(SLOT.dayLimit), used: figure(SLOT.dayUsed), resetAt: figure(SLOT.dayResetAt) },
      ];
      for (const [name, value] of Object.entries(rateLimitHeaders(windows, figure(SLOT.rateAt)))) head += `${name}: ${value}\r\n`;
      head += text(SLOT.headAfter) ?? '';
    }
    values.push(figure(SLOT.at), text(SLOT.method), text(SLOT.host), text(SLOT.url), figure(SLOT.status), text(SLOT.code), orNull(SLOT.keyId), orNull(SLOT.accountId), text(SLOT.address), figure(SLOT.latencyMs), head);
  }
  return values;
}

/** Batches written before the binary format: fields joined by \u0001, numbers as text, empty optional fields as null. */
function decodeTextBatch(data: Buffer | string): unknown[] {
  const fields = (typeof data === 'string' ? data : data.toString('latin1')).split('\u0001');
  fields.pop();
  const values: unknown[] = new Array(fields.length);
  for (let i = 0; i < fields.length; i++) {
    const field = fields[i] ?? '';
    switch (i % COLUMNS) {
      case 0:
      case 4:
      case 9:
        values[i] = Number(field);
        break;
      case 6:
      case 7:
        values[i] = field === '' ? null : Number(field);
        break;
      case 2:
      case 5:
      case 8:
        values[i] = field === '' ? null : field;
        break;
      default:
        values[i] = field;
    }
  }
  return values;
}

/** "HTTP/1.1 200 OK\r\nname: value\r\n…" → lower-case names; repeated names joined as HTTP allows. */
export function parseHead(head: string): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const line of head.split('\r\n').slice(1)) {
    const colon = line.indexOf(':');
    if (colon <= 0) continue;
    const name = line.slice(0, colon).trim().toLowerCase();
    const value = line.slice(colon + 1).trim();
    headers[name] = name in headers ? `${headers[name]}, ${value}` : value;
  }
  return headers;
}

function integerOrNull(value: string | undefined): number | null {
  return value !== undefined && /^\d+$/.test(value) ? Number(value) : null;
}

function toLogged(row: Row): LoggedRequest {
  const headers = parseHead(row.head);
  return {
    id: row.id,
    at: row.at,
    method: row.method,
    host: row.host,
    path: row.url,
    status: row.status,
    code: row.code,
    keyId: row.keyId,
    keyPrefix: row.keyPrefix,
    accountId: row.accountId,
    address: row.address ?? '',
    latencyMs: row.latencyMs,
    limit: integerOrNull(headers['x-ratelimit-limit']),
    remaining: integerOrNull(headers['x-ratelimit-remaining']),
    reset: integerOrNull(headers['x-ratelimit-reset']),
    retryAfter: integerOrNull(headers['retry-after']),
    headers,
  };
}
