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
const FLUSH_ROWS = 4_000;
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
 * A batch row's data: FORMAT; the number of answers, the figures' bytes and the string table's bytes
 * (u32 each); the figures: per answer a mask of the SLOTS that differ from the answer before (all 0
 * before the first), then each such slot's change; then the string table: each string as its length
 * (u32) and its latin1 bytes (how Node reads and writes HTTP heads), numbered in order. Mask and
 * changes are unsigned LEB128 varints: a change of a whole number d is 2·zigzag(d), almost always one
 * byte; any other value is 1 followed by the value itself as a float64 (little-endian).
 * FORMAT 2 (still read) kept every figure as a float64 (native byte order), masks too.
 */
const FORMAT = 3;
const FLOAT_FORMAT = 2;
const PREFIX_BYTES = 13;
/** Where an answer's figures sit among its SLOTS; a string is its number in the table, -1 for none. */
const SLOT = {
  at: 0,
  /** Microseconds (whole) in FORMAT 3, milliseconds in FORMAT 2. */
  latency: 1,
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
  /**
   * The head after the rate-limit headers, its first line in FORMAT 3 (the one that varies most:
   * Location, Link); -1 when they were not cut out.
   */
  headAfter: 11,
  rateAt: 12,
  minuteLimit: 13,
  minuteUsed: 14,
  minuteResetAt: 15,
  dayLimit: 16,
  dayUsed: 17,
  dayResetAt: 18,
  /** FORMAT 3: the rest of the head after headAfter's line; -1 for none. */
  headRest: 19,
} as const;
const SLOTS = 20;
/** The most an answer's figures take: the mask, then every slot as a tag and a float64. */
const MAX_ANSWER_BYTES = 3 + SLOTS * 9;
/** Changes of whole numbers up to this size are varints; larger ones, floats (2·zigzag stays exact). */
const MAX_VARINT_CHANGE = 2 ** 50;
/** The string table's bytes; a batch is written when it is full, at FLUSH_ROWS answers, or every 250 ms. */
const TABLE_BYTES = 1024 * 1024;
/** The rate-limit headers as Node writes them: the first and the last of rateLimitHeaders(). */
const RATE_LIMIT_FIRST = '\r\nx-ratelimit-limit: ';
const RATE_LIMIT_LAST = '\r\nratelimit: ';

/** What the API pipeline knows of a request, for its line in the log. */
export interface ApiExchange {
  log: RequestLog;
  /** performance.now() when the pipeline took the request. */
  startedAt: number;
  /** When the request arrived, by the environment's clock. */
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
  socket: { remoteAddress?: string } | null;
}

/** Node keeps the head it wrote (status line and headers) as a string. */
interface SentHead {
  _header?: string | null;
}

/**
 * Every API answer, recorded without slowing the API. Nothing of a request is kept beyond the moment
 * its answer is written: its figures go into a buffer as varint changes and its strings into a table, each string
 * once per batch (both outside the JavaScript heap, so the garbage collector never sees them); the
 * rate-limit headers are cut out of the head and kept as the figures they were made of, the rest of
 * the head (alike from answer to answer) once. That batch is written as ONE row of
 * request_log_batches every 250 ms, at 4,000 answers, or when full, and on stop.
 * Whoever reads the log (GUI, CLI, report) first moves the batches into request_log, one row per
 * answer, in one transaction: that cost falls on reading, not on the API's answers.
 */
export class RequestLog {
  /** The answer being recorded, and the one before: only what differs is kept. */
  private readonly current = new Float64Array(SLOTS);
  private readonly previous = new Float64Array(SLOTS);
  /** A batch row's data is put together here: no buffer is allocated per batch. */
  private readonly batch = Buffer.allocUnsafe(PREFIX_BYTES + FLUSH_ROWS * MAX_ANSWER_BYTES + TABLE_BYTES);
  /** The figures are written straight into their place in the batch, after its prefix. */
  private readonly figures = this.batch.subarray(PREFIX_BYTES, PREFIX_BYTES + FLUSH_ROWS * MAX_ANSWER_BYTES);
  private figureBytes = 0;
  private readonly table = Buffer.allocUnsafe(TABLE_BYTES);
  private tableOffset = 0;
  private tableEntries = 0;
  /** Per slot, the string last written for it in this batch and its number: a repeat is not written again. */
  private readonly lastText: (string | undefined)[] = new Array<string | undefined>(SLOTS).fill(undefined);
  private readonly lastEntry = new Float64Array(SLOTS);
  private rows = 0;
  private lastAt = 0;
  private timer: NodeJS.Timeout | undefined;
  private lastPrune = 0;
  private readonly keepMs: number;
  private readonly maxRows: number;
  private readonly statements;

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

  /** An API answer, being written: recorded at once, so nothing of it outlives its request. */
  answered(answer: WrittenAnswer, exchange: ApiExchange): void {
    const head = (answer as SentHead)._header;
    if (!head) return;
    const { req } = answer;
    // record() keeps it in whole microseconds.
    this.record(exchange.arrivedAt, req.method ?? '', req.headers.host, req.url ?? '', answer.statusCode, exchange.errorCode, exchange.keyId, exchange.accountId, answer.socket?.remoteAddress, performance.now() - exchange.startedAt, head, exchange.windows, exchange.rateAt);
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
    const needed = 8 * 4 + method.length + (host?.length ?? 0) + url.length + (code?.length ?? 0) + (address?.length ?? 0) + head.length;
    if (this.tableOffset + needed > this.table.length) {
      this.writeBatch();
      if (needed > this.table.length) return;
    }
    const answer = this.current;
    answer[SLOT.at] = at;
    answer[SLOT.latency] = Math.round(latencyMs * 1000);
    answer[SLOT.status] = status;
    answer[SLOT.keyId] = keyId ?? -1;
    answer[SLOT.accountId] = accountId ?? -1;
    answer[SLOT.method] = this.text(SLOT.method, method);
    answer[SLOT.host] = host === undefined ? -1 : this.text(SLOT.host, host);
    answer[SLOT.url] = this.text(SLOT.url, url);
    answer[SLOT.code] = code === null ? -1 : this.text(SLOT.code, code);
    answer[SLOT.address] = address === undefined ? -1 : this.text(SLOT.address, address);
    const minute = windows?.length === 2 ? windows[0] : undefined;
    const day = windows?.length === 2 ? windows[1] : undefined;
    const first = minute?.kind === 'minute' && day?.kind === 'day' ? head.indexOf(RATE_LIMIT_FIRST) : -1;
    const last = first < 0 ? -1 : head.indexOf(RATE_LIMIT_LAST, first);
    const end = last < 0 ? -1 : head.indexOf('\r\n', last + 2);
    if (minute && day && end > 0) {
      answer[SLOT.headBefore] = this.text(SLOT.headBefore, head.slice(0, first + 2));
      // Its first line apart (Location, Link: what varies most), so the rest mostly repeats.
      const lineEnd = head.indexOf('\r\n', end + 2);
      answer[SLOT.headAfter] = this.text(SLOT.headAfter, lineEnd < 0 ? head.slice(end + 2) : head.slice(end + 2, lineEnd + 2));
      answer[SLOT.headRest] = lineEnd < 0 ? -1 : this.text(SLOT.headRest, head.slice(lineEnd + 2));
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
      answer[SLOT.headRest] = -1;
    }
    this.keepDifferences();
    this.rows += 1;
    if (at > this.lastAt) this.lastAt = at;
    if (this.rows >= FLUSH_ROWS) this.writeBatch();
  }

  /** Appends the current answer's mask and the changes of the slots that differ from the answer before. */
  private keepDifferences(): void {
    const { current, previous } = this;
    let mask = 0;
    for (let slot = 0; slot < SLOTS; slot++) if (current[slot] !== previous[slot]) mask |= 1 << slot;
    this.varint(mask);
    for (let slot = 0; mask !== 0; slot++, mask >>>= 1) {
      if ((mask & 1) === 0) continue;
      const value = current[slot] ?? 0;
      const change = value - (previous[slot] ?? 0);
      if (Number.isInteger(change) && Math.abs(change) <= MAX_VARINT_CHANGE) {
        this.varint(change < 0 ? -4 * change - 2 : 4 * change);
      } else {
        this.figures[this.figureBytes++] = 1;
        this.figureBytes = this.figures.writeDoubleLE(value, this.figureBytes);
      }
      previous[slot] = value;
    }
  }

  private varint(value: number): void {
    const { figures } = this;
    let at = this.figureBytes;
    let rest = value;
    while (rest >= 128) {
      figures[at++] = (rest % 128) | 128;
      rest = Math.floor(rest / 128);
    }
    figures[at++] = rest;
    this.figureBytes = at;
  }

  /** The number in this batch's table of a slot's string: written there unless it repeats the slot's last one. */
  private text(slot: number, text: string): number {
    if (text === this.lastText[slot]) return this.lastEntry[slot] ?? -1;
    return this.add(slot, text);
  }

  private add(slot: number, text: string): number {
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
    this.writeBatch();
    const real = this.clock.realNow();
    if (real - this.lastPrune >= PRUNE_INTERVAL_MS) {
      this.lastPrune = real;
      this.prune();
    }
  }

  private writeBatch(): void {
    if (this.rows === 0) return;
    const { batch } = this;
    batch[0] = FORMAT;
    batch.writeUInt32LE(this.rows, 1);
    batch.writeUInt32LE(this.figureBytes, 5);
    batch.writeUInt32LE(this.tableOffset, 9);
    this.table.copy(batch, PREFIX_BYTES + this.figureBytes, 0, this.tableOffset);
    this.statements.insertBatch.run(this.rows, this.lastAt, batch.subarray(0, PREFIX_BYTES + this.figureBytes + this.tableOffset));
    this.tableOffset = 0;
    this.tableEntries = 0;
    this.figureBytes = 0;
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
  if (typeof data === 'string' || (data[0] !== FORMAT && data[0] !== FLOAT_FORMAT)) return decodeTextBatch(data);
  const varints = data[0] === FORMAT;
  const rows = data.readUInt32LE(1);
  const figuresEnd = PREFIX_BYTES + data.readUInt32LE(5) * (varints ? 1 : Float64Array.BYTES_PER_ELEMENT);
  const table: string[] = [];
  for (let offset = figuresEnd; offset < figuresEnd + data.readUInt32LE(9); ) {
    const length = data.readUInt32LE(offset);
    table.push(data.toString('latin1', offset + 4, offset + 4 + length));
    offset += 4 + length;
  }
  const next = varints ? varintFigures(data) : floatFigures(data, figuresEnd);
  const values: unknown[] = [];
  const answer = new Float64Array(SLOTS);
  // FORMAT 2 had no such slot (its headAfter holds the whole rest); FORMAT 3 starts every slot at 0.
  if (!varints) answer[SLOT.headRest] = -1;
  for (let row = 0; row < rows; row++) {
    next(answer);
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
      head += (text(SLOT.headAfter) ?? '') + (text(SLOT.headRest) ?? '');
    }
    const latencyMs = varints ? figure(SLOT.latency) / 1000 : figure(SLOT.latency);
    values.push(figure(SLOT.at), text(SLOT.method), text(SLOT.host), text(SLOT.url), figure(SLOT.status), text(SLOT.code), orNull(SLOT.keyId), orNull(SLOT.accountId), text(SLOT.address), latencyMs, head);
  }
  return values;
}

/** FORMAT 3's figures: each call moves `answer` on to the next answer's. */
function varintFigures(data: Buffer): (answer: Float64Array) => void {
  let at = PREFIX_BYTES;
  const varint = () => {
    let value = 0;
    let scale = 1;
    let byte = 128;
    while (byte & 128) {
      byte = data[at++] ?? 0;
      value += (byte & 127) * scale;
      scale *= 128;
    }
    return value;
  };
  return (answer) => {
    for (let mask = varint(), slot = 0; mask !== 0; slot++, mask = Math.floor(mask / 2)) {
      if (mask % 2 === 0) continue;
      const code = varint();
      if (code % 2 === 1) {
        answer[slot] = data.readDoubleLE(at);
        at += Float64Array.BYTES_PER_ELEMENT;
      } else {
        const zigzag = code / 2;
        answer[slot] = (answer[slot] ?? 0) + (zigzag % 2 === 1 ? -(zigzag + 1) / 2 : zigzag / 2);
      }
    }
  };
}

/** FORMAT 2's figures: a float64 mask, then the float64 values of the slots it names. */
function floatFigures(data: Buffer, figuresEnd: number): (answer: Float64Array) => void {
  // Copied to a fresh buffer: a Float64Array needs its start aligned to 8 bytes.
  const figures = new Float64Array(Uint8Array.prototype.slice.call(data, PREFIX_BYTES, figuresEnd).buffer);
  let at = 0;
  return (answer) => {
    const mask = figures[at++] ?? 0;
    for (let slot = 0; slot < SLOTS; slot++) if (mask & (1 << slot)) answer[slot] = figures[at++] ?? NaN;
  };
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
