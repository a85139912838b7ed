import type Database from 'better-sqlite3';
import type { LoggedRequest, RequestFilter } from '../../shared/lab';
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
 * Fields of a batch are separated by a byte that cannot occur in what is recorded: Node's HTTP parser
 * refuses control characters in methods, URLs and headers, and the raw answers' request lines are
 * reduced to printable ASCII. Text is written as latin1, which is how Node reads and writes HTTP heads.
 */
const FIELD_TEXT = '\u0001';
/** One batch's bytes; a batch is written when full, at 500 answers, or every 250 ms. */
const BATCH_BYTES = 1024 * 1024;

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
  request: { method: string; url: string; headers: { host?: string }; ip: string };
}

/**
 * Every API answer, recorded without slowing the API. Nothing of a request is kept beyond the moment
 * its answer is written: its fields and the head Node wrote are copied as bytes into one buffer
 * (outside the JavaScript heap, so the garbage collector never sees them), and that buffer is
 * written as ONE row of request_log_batches every 250 ms, at 500 answers, or when full, and on stop.
 * Whoever reads the log (GUI, CLI, report) first moves the batches into request_log, one row per
 * answer, in one transaction: that cost falls on reading, not on the API's answers.
 */
export class RequestLog {
  private buffer = Buffer.allocUnsafe(BATCH_BYTES);
  private offset = 0;
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
      this.record(answer.apiArrivedAt, request.method, request.headers.host, request.url, answer.raw.statusCode, answer.errorCode, answer.apiKeyId, answer.apiAccountId, request.ip, Math.round((now - answer.apiStartedAt) * 1000) / 1000, head);
    }
    if (this.outgoing.length > 0 && !this.draining) {
      this.draining = true;
      setImmediate(this.drain);
    }
  }

  /** One answer; `head` is the status line and headers as sent. */
  record(at: number, method: string, host: string | undefined, url: string, status: number, code: string | null, keyId: number | null, accountId: number | null, address: string | undefined, latencyMs: number, head: string): void {
    // Generous: numbers take at most 24 bytes, and latin1 one byte a character.
    const needed = 160 + method.length + (host?.length ?? 0) + url.length + (code?.length ?? 0) + (address?.length ?? 0) + head.length;
    if (this.offset + needed > this.buffer.length) {
      this.writeBatch();
      if (needed > this.buffer.length) return;
    }
    // One string, one copy into the buffer: a native call per field would cost more than the rest.
    const fields = `${at}\u0001${method}\u0001${host ?? ''}\u0001${url}\u0001${status}\u0001${code ?? ''}\u0001${keyId ?? ''}\u0001${accountId ?? ''}\u0001${address ?? ''}\u0001${latencyMs}\u0001`;
    let offset = this.offset + this.buffer.write(fields, this.offset, 'latin1');
    // The head separately: joined to the fields, it would be copied once more to make one string.
    offset += this.buffer.write(head, offset, 'latin1');
    this.buffer[offset++] = 1;
    this.offset = offset;
    this.rows += 1;
    if (at > this.lastAt) this.lastAt = at;
    if (this.rows >= FLUSH_ROWS) this.writeBatch();
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
    this.statements.insertBatch.run(this.rows, this.lastAt, this.buffer.subarray(0, this.offset));
    this.offset = 0;
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

/** A batch's joined fields back to values: numbers as numbers, empty optional fields as null. */
function decodeBatch(data: Buffer | string): unknown[] {
  const fields = (typeof data === 'string' ? data : data.toString('latin1')).split(FIELD_TEXT);
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
