import fs from 'node:fs';
import Database from 'better-sqlite3';

export interface RetentionOptions {
  /** How long answers are kept, by real time; default 7 days. */
  keepMs?: number;
  /** At most this many answers; the oldest go first. Default 1,000,000. */
  maxRows?: number;
}

export const DEFAULT_KEEP_MS = 7 * 86_400_000;
export const DEFAULT_MAX_ROWS = 1_000_000;
/** The serving process writes a batch in a few milliseconds; waiting longer for a lock would stall requests. */
const WRITER_BUSY_MS = 20;
/** Opening the file (its schema, an upgrade's move) may wait for another process doing the same. */
const OPENING_BUSY_MS = 30_000;
const READER_BUSY_MS = 1_000;
/** Space is given back in slices of this many pages (4 KiB each) once this many are free. */
const VACUUM_PAGES = 512;
const VACUUM_THRESHOLD_PAGES = 64;
const SCHEMA_VERSION = 1;

/** A stored batch, as readers page through them. */
export interface StoredBatch {
  id: number;
  /** The id of the batch's first answer; the others follow without gaps. */
  firstId: number;
  rows: number;
  /** Answers at the start of the batch that retention has dropped. */
  dropped: number;
  firstAt: number;
  lastAt: number;
  data: Buffer | string;
}

const BATCH_COLUMNS = 'id, first_id AS firstId, rows, dropped, first_at AS firstAt, last_at AS lastAt, data';

/**
 * The request log's own SQLite file (`<environment>.request-log.sqlite` beside the database): its
 * locks, its growth and its vacuum never touch the pets' and keys' writes. It holds batches only,
 * as the serving process wrote them; readers unpack them, so reading never writes. Only the serving
 * process writes (batches, retention, vacuum); readers open the file read-only.
 */
export class RequestLogStore {
  private writerConnection: Database.Database | undefined;
  private writerStatements: ReturnType<typeof prepareWriter> | undefined;
  private readerConnection: Database.Database | undefined;
  readonly keepMs: number;
  readonly maxRows: number;

  constructor(
    readonly file: string,
    options: RetentionOptions = {},
  ) {
    this.keepMs = options.keepMs ?? DEFAULT_KEEP_MS;
    this.maxRows = options.maxRows ?? DEFAULT_MAX_ROWS;
  }

  /** The serving process's connection, opened (and the file made) on first use. */
  writer(): Database.Database {
    if (this.writerConnection?.open) return this.writerConnection;
    // Opened by the serving process's tick: a file locked by another process fails this tick (the
    // supervisor retries), never stalls the server's requests for seconds.
    const sqlite = openForWriting(this.file, WRITER_BUSY_MS);
    this.writerConnection = sqlite;
    this.writerStatements = prepareWriter(sqlite);
    return sqlite;
  }

  /** A connection to read with: the writer's in the serving process, else a read-only one; none before the file exists. */
  reader(): Database.Database | undefined {
    if (this.writerConnection?.open) return this.writerConnection;
    if (this.readerConnection?.open) return this.readerConnection;
    if (!fs.existsSync(this.file)) return undefined;
    this.readerConnection = new Database(this.file, { readonly: true, fileMustExist: true, timeout: READER_BUSY_MS });
    return this.readerConnection;
  }

  /**
   * One batch of `rows` answers; its answers take the next ids. Over the cap, the oldest answers go
   * in the same transaction: the file never holds more than the cap.
   */
  insertBatch(data: Buffer | string, rows: number, firstAt: number, lastAt: number): void {
    this.writer();
    const statements = this.writerStatements!;
    this.writerConnection!.transaction(() => {
      const firstId = statements.nextId.get() as number;
      statements.insert.run(firstId, rows, firstAt, lastAt, data);
      statements.setNextId.run(firstId + rows);
      this.cap();
    }).immediate();
  }

  /** insertBatch(), its failure (disk full, file locked, …) returned instead of thrown; null when written. */
  tryInsert(data: Buffer | string, rows: number, firstAt: number, lastAt: number): unknown {
    try {
      this.insertBatch(data, rows, firstAt, lastAt);
      return null;
    } catch (error) {
      return error ?? new Error('The request log could not be written.');
    }
  }

  /** Batches older than the keeping period (by real time, so a lab clock ahead cannot wipe the log), and answers beyond the cap. */
  prune(realNow: number): void {
    this.writer();
    this.writerConnection!.transaction(() => {
      this.writerStatements!.pruneOld.run(realNow - this.keepMs);
      this.cap();
    }).immediate();
  }

  private cap(): void {
    const statements = this.writerStatements!;
    let excess = (statements.live.get() as number) - this.maxRows;
    while (excess > 0) {
      const oldest = statements.oldest.get() as { id: number; kept: number } | undefined;
      if (!oldest) return;
      if (oldest.kept <= excess) {
        statements.remove.run(oldest.id);
        excess -= oldest.kept;
      } else {
        statements.drop.run(excess, oldest.id);
        excess = 0;
      }
    }
  }

  /** Gives a slice of free pages back to the file system; true while more are left. */
  vacuumSlice(): boolean {
    const sqlite = this.writer();
    if ((sqlite.pragma('freelist_count', { simple: true }) as number) < VACUUM_THRESHOLD_PAGES) return false;
    sqlite.exec(`PRAGMA incremental_vacuum(${VACUUM_PAGES})`);
    return (sqlite.pragma('freelist_count', { simple: true }) as number) >= VACUUM_THRESHOLD_PAGES;
  }

  /** The id the next answer written will take. */
  nextId(sqlite: Database.Database): number {
    return (
      (sqlite.prepare("SELECT value FROM request_log_state WHERE name = 'next_id'").pluck().get() as
        number | undefined) ?? 1
    );
  }

  /** Batches newest first, below id `before`. */
  newestBatches(sqlite: Database.Database, before: number, limit: number): StoredBatch[] {
    return sqlite
      .prepare(`SELECT ${BATCH_COLUMNS} FROM request_log_batches WHERE id < ? ORDER BY id DESC LIMIT ?`)
      .all(before, limit) as StoredBatch[];
  }

  /** Batches oldest first, after batch id `after`, that hold answers with ids above `afterId`. */
  batchesAfter(sqlite: Database.Database, after: number, afterId: number, limit: number): StoredBatch[] {
    return sqlite
      .prepare(
        `SELECT ${BATCH_COLUMNS} FROM request_log_batches WHERE id > ? AND first_id + rows > ? ORDER BY id LIMIT ?`,
      )
      .all(after, afterId, limit) as StoredBatch[];
  }

  /** Batches oldest first, after batch id `after`, that may hold answers between `from` and `to`. */
  batchesBetween(sqlite: Database.Database, after: number, from: number, to: number, limit: number): StoredBatch[] {
    return sqlite
      .prepare(
        `SELECT ${BATCH_COLUMNS} FROM request_log_batches WHERE id > ? AND last_at >= ? AND first_at <= ? ORDER BY id LIMIT ?`,
      )
      .all(after, from, to, limit) as StoredBatch[];
  }

  close(): void {
    this.writerConnection?.close();
    this.readerConnection?.close();
    this.writerConnection = undefined;
    this.writerStatements = undefined;
    this.readerConnection = undefined;
  }
}

/** Opens the file to write, making it (owner-only, space given back incrementally) and its tables if need be. */
export function openForWriting(file: string, busyTimeoutMs = OPENING_BUSY_MS): Database.Database {
  // Made before SQLite opens it, so the file (and its -wal and -shm, which copy its mode) is the owner's alone.
  fs.closeSync(fs.openSync(file, 'a', 0o600));
  const sqlite = new Database(file, { timeout: busyTimeoutMs });
  try {
    if ((sqlite.pragma('user_version', { simple: true }) as number) < SCHEMA_VERSION) {
      // Before the first table: the file can then give free pages back in slices, without a full VACUUM.
      sqlite.pragma('auto_vacuum = INCREMENTAL');
      sqlite.pragma('journal_mode = WAL');
      sqlite
        .transaction(() => {
          sqlite.exec(SCHEMA);
          sqlite.pragma(`user_version = ${SCHEMA_VERSION}`);
        })
        .immediate();
    }
    sqlite.pragma('journal_mode = WAL');
    // Log entries are not acknowledged data: no fsync per batch (a crash of the OS may lose the last ones).
    sqlite.pragma('synchronous = NORMAL');
    // The WAL is cut back to this size after each checkpoint, so a reader's long read leaves no big file behind.
    sqlite.pragma('journal_size_limit = 4194304');
    sqlite.pragma('cache_size = -1000');
    return sqlite;
  } catch (error) {
    sqlite.close();
    throw error;
  }
}

const SCHEMA = `
CREATE TABLE IF NOT EXISTS request_log_batches (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  first_id INTEGER NOT NULL,
  rows INTEGER NOT NULL,
  dropped INTEGER NOT NULL DEFAULT 0,
  first_at REAL NOT NULL,
  last_at REAL NOT NULL,
  data BLOB NOT NULL
);
CREATE INDEX IF NOT EXISTS request_log_batches_last_at ON request_log_batches (last_at);
CREATE TABLE IF NOT EXISTS request_log_state (
  name TEXT PRIMARY KEY,
  value INTEGER NOT NULL
);
INSERT OR IGNORE INTO request_log_state (name, value) VALUES ('next_id', 1);
`;

function prepareWriter(sqlite: Database.Database) {
  return {
    nextId: sqlite.prepare("SELECT value FROM request_log_state WHERE name = 'next_id'").pluck(),
    setNextId: sqlite.prepare("UPDATE request_log_state SET value = ? WHERE name = 'next_id'"),
    insert: sqlite.prepare(
      'INSERT INTO request_log_batches (first_id, rows, first_at, last_at, data) VALUES (?, ?, ?, ?, ?)',
    ),
    live: sqlite.prepare('SELECT coalesce(sum(rows - dropped), 0) FROM request_log_batches').pluck(),
    oldest: sqlite.prepare('SELECT id, rows - dropped AS kept FROM request_log_batches ORDER BY id LIMIT 1'),
    remove: sqlite.prepare('DELETE FROM request_log_batches WHERE id = ?'),
    drop: sqlite.prepare('UPDATE request_log_batches SET dropped = dropped + ? WHERE id = ?'),
    pruneOld: sqlite.prepare('DELETE FROM request_log_batches WHERE last_at < ?'),
  };
}
