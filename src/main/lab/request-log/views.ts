import type Database from 'better-sqlite3';
import type { LoggedRequest, RequestFilter } from '../../../shared/lab';
import type { KeyService } from '../../keys/keys';
import type { LoggedAnswer } from './batch-format';
import { decodeBatch } from './batch-reader';
import type { UnwrittenBatch } from './recorder';
import type { RequestLogStore, StoredBatch } from './store';

/** Batches unpacked per query to the store: a reader holds a few hundred KiB at a time, not the log. */
const PAGE = 16;
const DEFAULT_LIMIT = 200;
/** The compliance report reads at most this many of a key's requests. */
const KEY_LIMIT = 100_000;

/**
 * What the faces read of the log (list, tail, HAR, the compliance report): the batches unpacked on
 * the fly, in one read transaction, so a reader sees one moment of the log and never writes.
 * Answers keep the ids their batch gave them (its first id, then one more per answer).
 */
export class RequestViews {
  constructor(
    private readonly store: RequestLogStore,
    private readonly keys: Pick<KeyService, 'find'>,
  ) {}

  /** Newest first, or oldest first after `afterId` (tailing); `unwritten`: this process's answers not yet in the file. */
  list(filter: RequestFilter = {}, unwritten: readonly UnwrittenBatch[] = []): LoggedRequest[] {
    const limit = filter.limit ?? DEFAULT_LIMIT;
    const prefixes = this.prefixes();
    const found: LoggedRequest[] = [];
    /** Takes the batch's answers in the order asked; true once enough are found. */
    const take = (batch: StoredBatch) => {
      const answers = unpack(batch, filter);
      const { afterId } = filter;
      const newestFirst = afterId === undefined;
      const first = newestFirst ? batch.dropped : Math.max(batch.dropped, afterId - batch.firstId + 1);
      for (let step = 0; step < answers.length - first; step++) {
        const index = newestFirst ? answers.length - 1 - step : first + step;
        const answer = answers[index];
        if (answer) found.push(toLogged(batch.firstId + index, answer, prefixes(answer.keyId)));
        if (found.length >= limit) return true;
      }
      return false;
    };
    this.read((sqlite, nextId) => {
      const pending = pendingBatches(unwritten, nextId);
      if (filter.afterId === undefined) {
        for (const batch of pending.reverse()) if (take(batch)) return;
        if (!sqlite) return;
        for (
          let before = Number.MAX_SAFE_INTEGER, page = this.store.newestBatches(sqlite, before, PAGE);
          page.length > 0;
          page = this.store.newestBatches(sqlite, before, PAGE)
        ) {
          for (const batch of page) {
            before = batch.id;
            if (take(batch)) return;
          }
        }
      } else {
        const afterId = filter.afterId;
        if (sqlite) {
          for (
            let after = 0, page = this.store.batchesAfter(sqlite, after, afterId, PAGE);
            page.length > 0;
            page = this.store.batchesAfter(sqlite, after, afterId, PAGE)
          ) {
            for (const batch of page) {
              after = batch.id;
              if (take(batch)) return;
            }
          }
        }
        for (const batch of pending) if (take(batch)) return;
      }
    });
    return found;
  }

  /** A key's requests in time order, for the compliance report. */
  forKey(keyId: number, from: number, to: number, unwritten: readonly UnwrittenBatch[] = []): LoggedRequest[] {
    const filter: RequestFilter = { keyId, from, to };
    const found: { id: number; answer: LoggedAnswer }[] = [];
    const take = (batch: StoredBatch) => {
      const answers = unpack(batch, filter);
      for (let index = batch.dropped; index < answers.length; index++) {
        const answer = answers[index];
        if (answer) found.push({ id: batch.firstId + index, answer });
      }
    };
    this.read((sqlite, nextId) => {
      if (sqlite) {
        for (
          let after = 0, page = this.store.batchesBetween(sqlite, after, from, to, PAGE);
          page.length > 0;
          page = this.store.batchesBetween(sqlite, after, from, to, PAGE)
        ) {
          for (const batch of page) {
            after = batch.id;
            take(batch);
          }
        }
      }
      for (const batch of pendingBatches(unwritten, nextId)) take(batch);
    });
    found.sort((a, b) => a.answer.at - b.answer.at || a.id - b.id);
    const prefixes = this.prefixes();
    return found.slice(0, KEY_LIMIT).map(({ id, answer }) => toLogged(id, answer, prefixes(answer.keyId)));
  }

  /** One read transaction over the file (none before it exists), and the id its next answer will take. */
  private read(body: (sqlite: Database.Database | undefined, nextId: number) => void): void {
    const sqlite = this.store.reader();
    if (!sqlite) return body(undefined, 1);
    sqlite.transaction(() => body(sqlite, this.store.nextId(sqlite)))();
  }

  /** Keys' display prefixes, each asked of the key service once per read (null for a key no longer there). */
  private prefixes(): (keyId: number | null) => string | null {
    const known = new Map<number, string | null>();
    return (keyId) => {
      if (keyId === null) return null;
      let prefix = known.get(keyId);
      if (prefix === undefined) {
        prefix = this.keys.find(keyId)?.displayPrefix ?? null;
        known.set(keyId, prefix);
      }
      return prefix;
    };
  }
}

/** What the recorder holds, in the shape of stored batches, with the ids writing them will give. */
function pendingBatches(unwritten: readonly UnwrittenBatch[], nextId: number): StoredBatch[] {
  let firstId = nextId;
  return unwritten.map((batch, index) => {
    const stored = { id: Number.MAX_SAFE_INTEGER - unwritten.length + index, firstId, dropped: 0, ...batch };
    firstId += batch.rows;
    return stored;
  });
}

/** A batch's answers that match the filter (the others are holes), or none when its times show that none can. */
function unpack(batch: StoredBatch, filter: RequestFilter): (LoggedAnswer | undefined)[] {
  if (filter.from !== undefined && batch.lastAt < filter.from) return [];
  if (filter.to !== undefined && batch.firstAt > filter.to) return [];
  return decodeBatch(batch.data, filter);
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

function toLogged(id: number, answer: LoggedAnswer, keyPrefix: string | null): LoggedRequest {
  const headers = parseHead(answer.head);
  return {
    id,
    at: answer.at,
    method: answer.method,
    host: answer.host,
    path: answer.url,
    status: answer.status,
    code: answer.code,
    keyId: answer.keyId,
    keyPrefix,
    accountId: answer.accountId,
    address: answer.address ?? '',
    port: answer.port,
    connection: answer.connection,
    latencyMs: answer.latencyMs,
    limit: integerOrNull(headers['x-ratelimit-limit']),
    remaining: integerOrNull(headers['x-ratelimit-remaining']),
    reset: integerOrNull(headers['x-ratelimit-reset']),
    retryAfter: integerOrNull(headers['retry-after']),
    headers,
  };
}
