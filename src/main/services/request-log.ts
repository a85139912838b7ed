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
 * Every API answer, recorded without slowing the API: record() only appends the values to an array
 * (the response head is the string Node already built); rows are written in batches, in one
 * transaction, every 250 ms or at 500 waiting rows, and on stop.
 */
export class RequestLog {
  private pending: unknown[] = [];
  private timer: NodeJS.Timeout | undefined;
  private scheduled = false;
  private lastPrune = 0;
  private readonly keepMs: number;
  private readonly maxRows: number;
  private readonly insertOne;
  private readonly insertChunk;

  constructor(
    private readonly sqlite: Database.Database,
    private readonly clock: LabClock,
    options: RequestLogOptions = {},
  ) {
    this.keepMs = options.keepMs ?? DEFAULT_KEEP_MS;
    this.maxRows = options.maxRows ?? DEFAULT_MAX_ROWS;
    const insert = 'INSERT INTO request_log (at, method, host, url, status, code, key_id, account_id, address, latency_ms, head) VALUES ';
    const values = `(${Array(COLUMNS).fill('?').join(',')})`;
    this.insertOne = sqlite.prepare(insert + values);
    this.insertChunk = sqlite.prepare(insert + Array(CHUNK).fill(values).join(','));
  }

  /** One answer; `head` is the status line and headers as sent. */
  record(at: number, method: string, host: string | undefined, url: string, status: number, code: string | null, keyId: number | null, accountId: number | null, address: string | undefined, latencyMs: number, head: string): void {
    this.pending.push(at, method, host ?? null, url, status, code, keyId, accountId, address ?? null, latencyMs, head);
    if (this.pending.length >= FLUSH_ROWS * COLUMNS && !this.scheduled) {
      this.scheduled = true;
      setImmediate(() => this.flush());
    }
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

  flush(): void {
    this.scheduled = false;
    const values = this.pending;
    if (values.length > 0) {
      this.pending = [];
      this.sqlite.transaction(() => {
        const chunkValues = CHUNK * COLUMNS;
        let offset = 0;
        for (; offset + chunkValues <= values.length; offset += chunkValues) this.insertChunk.run(values.slice(offset, offset + chunkValues));
        for (; offset < values.length; offset += COLUMNS) this.insertOne.run(values.slice(offset, offset + COLUMNS));
      })();
    }
    const real = this.clock.realNow();
    if (real - this.lastPrune >= PRUNE_INTERVAL_MS) {
      this.lastPrune = real;
      this.prune();
    }
  }

  /** Rows older than the keeping period (by real time, so a lab clock ahead cannot wipe the log), and beyond the cap. */
  prune(): void {
    this.sqlite.prepare('DELETE FROM request_log WHERE at < ?').run(this.clock.realNow() - this.keepMs);
    this.sqlite.prepare('DELETE FROM request_log WHERE id <= (SELECT max(id) FROM request_log) - ?').run(this.maxRows);
  }

  /** Newest first, or oldest first after `afterId` (tailing); rows still in memory are written first. */
  list(filter: RequestFilter = {}): LoggedRequest[] {
    this.flush();
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
    this.flush();
    return (this.sqlite.prepare(`${SELECT} WHERE r.key_id = ? AND r.at >= ? AND r.at <= ? ORDER BY r.at, r.id LIMIT 100000`).all(keyId, from, to) as Row[]).map(toLogged);
  }
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
