import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { drizzle, type BetterSQLite3Database } from 'drizzle-orm/better-sqlite3';
import { migrate } from 'drizzle-orm/better-sqlite3/migrator';
import { foldName } from '../../shared/names';
import { DEFAULT_PLANS } from '../../shared/plans';
import { claimPrivateFile, tightenPrivateFile } from '../files/owner-only';
import * as schema from './schema';
import { refoldPetNames, registerSqlFunctions } from './sql-functions';

export type Store = BetterSQLite3Database<typeof schema>;

export interface Connection {
  sqlite: Database.Database;
  db: Store;
}

export const SEED_CATEGORIES = [
  { name: 'Dogs', species: 'dog' },
  { name: 'Cats', species: 'cat' },
  { name: 'Rabbits', species: 'rabbit' },
  { name: 'Birds', species: 'bird' },
] as const;

/** The migrations ship in resources/; from source and from the build they sit at different depths. */
export function findMigrationsFolder(from: string = __dirname): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    const candidate = path.join(dir, 'resources', 'migrations');
    if (fs.existsSync(path.join(candidate, 'meta', '_journal.json'))) return candidate;
    if (path.dirname(dir) === dir) throw new Error(`No resources/migrations folder above ${from}`);
  }
}

/**
 * How long a statement waits for another process's write lock, SQLite retrying meanwhile. Readers and
 * writers never hold it for long (small slices), so the CLI's 5 s is only a safety margin; a serving
 * engine passes a short one, for a request must never wait seconds (its background jobs are retried).
 */
export const DEFAULT_BUSY_TIMEOUT_MS = 5_000;

export function openConnection(
  file: string,
  migrationsFolder = findMigrationsFolder(),
  busyTimeoutMs = DEFAULT_BUSY_TIMEOUT_MS,
): Connection {
  claimDatabaseFiles(file);
  // The server, the CLI and the desktop app may open a new file at once: one migrates, the others wait.
  const gate = new Database(`${file}.opening`, { timeout: 30_000 });
  try {
    gate.exec('BEGIN EXCLUSIVE');
    const sqlite = new Database(file, { timeout: busyTimeoutMs });
    sqlite.pragma('journal_mode = WAL');
    // NORMAL in WAL mode: a committed transaction survives a crash of the process (not of the OS).
    sqlite.pragma('synchronous = NORMAL');
    sqlite.pragma('foreign_keys = ON');
    registerSqlFunctions(sqlite);
    // A 1 MiB page cache, not better-sqlite3's 16 MiB nor SQLite's stock 2 MiB: the OS caches the
    // file anyway, and the server's peak under load is about 20 MiB (16 MiB) and 1.2 MiB (2 MiB)
    // lower at the same speed (docs/performance.md).
    sqlite.pragma('cache_size = -1000');
    const db = drizzle(sqlite, { schema });
    beginImmediately(sqlite, db);
    migrate(db, { migrationsFolder });
    seed(sqlite);
    refoldPetNames(sqlite);
    return { sqlite, db };
  } finally {
    if (gate.inTransaction) gate.exec('ROLLBACK');
    gate.close();
  }
}

/**
 * Every transaction on the connection, better-sqlite3's or drizzle's, begins by taking the write lock
 * (BEGIN IMMEDIATE), waiting up to the busy timeout for it. A deferred one that reads and then writes
 * fails at once with "database is locked" when another process (the server, the CLI, the desktop)
 * wrote in between, the busy timeout not applying: SQLite cannot wait for a snapshot that is already
 * out of date. A `projects create` from the CLI beside a server republishing the adoption page did.
 * `.deferred` (or drizzle's `behavior: 'deferred'`) stays for a reader that wants a snapshot only.
 */
function beginImmediately(sqlite: Database.Database, db: Store): void {
  const native = sqlite.transaction.bind(sqlite);
  sqlite.transaction = ((fn) => native(fn).immediate) as typeof sqlite.transaction;
  const drizzleTransaction = db.transaction.bind(db);
  db.transaction = ((run, config) =>
    drizzleTransaction(run, { behavior: 'immediate', ...config })) as typeof db.transaction;
}

/** Owner-only before SQLite opens them: it gives the -wal, -shm and journals it creates the main file's mode. */
function claimDatabaseFiles(file: string): void {
  claimPrivateFile(`${file}.opening`);
  claimPrivateFile(file);
  for (const companion of ['-wal', '-shm', '-journal', '.opening-journal']) tightenPrivateFile(`${file}${companion}`);
}

function seed(sqlite: Database.Database): void {
  sqlite.transaction(() => {
    const plan = sqlite.prepare(
      `INSERT OR IGNORE INTO plans (id, name, per_minute, per_day, ban_threshold, ban_minutes)
       VALUES (@id, @name, @perMinute, @perDay, @banThreshold, @banMinutes)`,
    );
    for (const figures of DEFAULT_PLANS) plan.run(figures);
    const seeded = sqlite.prepare(`SELECT value FROM meta WHERE key = 'categories_seeded'`).get();
    if (!seeded) {
      const category = sqlite.prepare(
        `INSERT OR IGNORE INTO categories (id, name, name_folded, species) VALUES (?, ?, ?, ?)`,
      );
      SEED_CATEGORIES.forEach(({ name, species }, index) => category.run(index + 1, name, foldName(name), species));
      sqlite.prepare(`INSERT INTO meta (key, value) VALUES ('categories_seeded', '1')`).run();
    }
  })();
}
