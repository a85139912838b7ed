import type Database from 'better-sqlite3';
import { BatchEncoder, SLOT, type LoggedAnswer } from './batch-format';
import { decodeBatch } from './batch-reader';
import { microsOf } from './recorder';
import { openForWriting } from './store';

interface EarlierRow extends Omit<LoggedAnswer, 'port' | 'connection'> {
  id: number;
}

const EARLIER_ROWS = `SELECT id, at, method, host, url, status, code, key_id AS keyId, account_id AS accountId, address,
  latency_ms AS latencyMs, head FROM request_log WHERE id > ? ORDER BY id`;

/**
 * Earlier releases kept the log in the database itself (request_log, one row per answer, and
 * request_log_batches). On first open they move into the log's own file, once, whichever process
 * opens first (like a migration): rows keep their ids, packed as batches; unread batches keep
 * their bytes and take the ids that reading them would have given. Then the database lets go of
 * them and gives their space back. Returns whether anything moved.
 */
export function moveEarlierLog(main: Database.Database, file: string): boolean {
  if (!holdsEarlierLog(main)) return false;
  const log = openForWriting(file);
  let moved: { rows: number; batches: number };
  try {
    moved = log.transaction(() => copyInto(log, main)).immediate();
  } finally {
    log.close();
  }
  const deleted = main.transaction(() => {
    const rows = main.prepare('DELETE FROM request_log WHERE id <= ?').run(moved.rows).changes;
    return rows + main.prepare('DELETE FROM request_log_batches WHERE id <= ?').run(moved.batches).changes;
  })();
  if (deleted > 0) {
    try {
      main.exec('VACUUM');
    } catch {
      // Busy with another process: the free pages stay for the database's own growth.
    }
  }
  return deleted > 0;
}

function holdsEarlierLog(main: Database.Database): boolean {
  const tables = main
    .prepare(
      "SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name IN ('request_log', 'request_log_batches')",
    )
    .pluck()
    .get();
  if (tables !== 2) return false;
  return (
    main
      .prepare('SELECT EXISTS (SELECT 1 FROM request_log) OR EXISTS (SELECT 1 FROM request_log_batches)')
      .pluck()
      .get() === 1
  );
}

/** Copies what the database holds beyond what was moved before; returns the last row and batch ids now moved. */
function copyInto(log: Database.Database, main: Database.Database): { rows: number; batches: number } {
  const state = (name: string) =>
    (log.prepare('SELECT value FROM request_log_state WHERE name = ?').pluck().get(name) as number | undefined) ?? 0;
  const setState = log.prepare(
    'INSERT INTO request_log_state (name, value) VALUES (?, ?) ON CONFLICT (name) DO UPDATE SET value = excluded.value',
  );
  const insert = log.prepare(
    'INSERT INTO request_log_batches (first_id, rows, first_at, last_at, data) VALUES (?, ?, ?, ?, ?)',
  );
  let lastRow = state('earlier_rows_moved');
  let lastBatch = state('earlier_batches_moved');
  let nextId = state('next_id');

  const encoder = new BatchEncoder();
  let firstId = 0;
  const emit = () => {
    if (encoder.answers === 0) return;
    insert.run(firstId, encoder.answers, encoder.firstAt, encoder.lastAt, encoder.finish());
    encoder.reset();
  };
  for (const row of main.prepare(EARLIER_ROWS).iterate(lastRow) as IterableIterator<EarlierRow>) {
    const characters =
      8 * 4 +
      row.method.length +
      (row.host?.length ?? 0) +
      row.url.length +
      (row.code?.length ?? 0) +
      (row.address?.length ?? 0) +
      row.head.length;
    // A batch's answers have consecutive ids: a gap (rows the cap took) starts another.
    if (row.id !== firstId + encoder.answers || encoder.full || !encoder.fits(characters)) emit();
    if (encoder.answers === 0) firstId = row.id;
    pack(encoder, row);
    lastRow = row.id;
    nextId = Math.max(nextId, row.id + 1);
  }
  emit();
  // Ids the database handed out before are not handed out again.
  const sequence = main.prepare("SELECT seq FROM sqlite_sequence WHERE name = 'request_log'").pluck().get() as
    number | undefined;
  nextId = Math.max(nextId, (sequence ?? 0) + 1);

  const batches = main.prepare('SELECT id, last_at AS lastAt, data FROM request_log_batches WHERE id > ? ORDER BY id');
  for (const batch of batches.iterate(lastBatch) as IterableIterator<{
    id: number;
    lastAt: number;
    data: Buffer | string;
  }>) {
    const answers = decodeBatch(batch.data);
    lastBatch = batch.id;
    if (answers.length === 0) continue;
    const firstAt = answers.reduce((earliest, answer) => Math.min(earliest, answer.at), Infinity);
    insert.run(nextId, answers.length, firstAt, batch.lastAt, batch.data);
    nextId += answers.length;
  }
  setState.run('earlier_rows_moved', lastRow);
  setState.run('earlier_batches_moved', lastBatch);
  setState.run('next_id', nextId);
  return { rows: lastRow, batches: lastBatch };
}

/** A stored row as an answer of a batch: its head kept whole, arrival and latency in whole microseconds as recorded now. */
function pack(encoder: BatchEncoder, row: EarlierRow): void {
  const answer = encoder.current;
  answer[SLOT.at] = microsOf(row.at);
  answer[SLOT.latency] = Math.round(row.latencyMs * 1000);
  answer[SLOT.status] = row.status;
  answer[SLOT.keyId] = row.keyId ?? -1;
  answer[SLOT.accountId] = row.accountId ?? -1;
  answer[SLOT.method] = encoder.text(SLOT.method, row.method);
  answer[SLOT.host] = row.host === null ? -1 : encoder.text(SLOT.host, row.host);
  answer[SLOT.url] = encoder.text(SLOT.url, row.url);
  answer[SLOT.code] = row.code === null ? -1 : encoder.text(SLOT.code, row.code);
  answer[SLOT.address] = row.address === null ? -1 : encoder.text(SLOT.address, row.address);
  answer[SLOT.headBefore] = encoder.text(SLOT.headBefore, row.head);
  answer[SLOT.headAfter] = -1;
  answer[SLOT.headRest] = -1;
  answer[SLOT.port] = -1;
  answer[SLOT.connection] = -1;
  encoder.endAnswer();
}
