import fs from 'node:fs';
import path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import Database from 'better-sqlite3';
import { claimPrivateFile, ensurePrivateDir } from '../files/owner-only';
import { filesUnder, namedPhotos, photoFilesOf } from './layout';

const PINS_PREFIX = '.backup-photos-';
/** File times are the system's own, so real time, never the lab clock. */
const STALE_PINS_MS = 24 * 60 * 60 * 1000;

/**
 * The photo files a running backup keeps from being deleted: a hard link to each in a hidden folder
 * of the data dir (the same disk, so a link always can be made where the file system has them), taken
 * away once the backup is written. A photo file is never changed (its name is its hash), so the link
 * holds the very bytes the database names, whatever a removal does to the photo's own name.
 */
export class PhotoPins {
  readonly dir: string;
  private readonly pinned = new Set<string>();

  constructor(private readonly dataDir: string) {
    this.dir = fs.mkdtempSync(path.join(dataDir, PINS_PREFIX));
  }

  /** The pins of a backup that was killed (older than any backup runs): another backup may be running beside this one, so a young folder stays. */
  static removeStale(dataDir: string, now = Date.now()): void {
    for (const name of fs.readdirSync(dataDir).filter((entry) => entry.startsWith(PINS_PREFIX))) {
      const folder = path.join(dataDir, name);
      const stat = fs.lstatSync(folder);
      if (stat.isDirectory() && now - stat.mtimeMs > STALE_PINS_MS) fs.rmSync(folder, { recursive: true, force: true });
    }
  }

  /** Every photo file now in `folder`, before any lock is taken: the lock is then held only for the photos added meanwhile. */
  pinAll(folder: string): void {
    for (const relative of filesUnder(this.dataDir, folder)) this.pin(relative);
  }

  /** False when the file is not there (removed meanwhile, or never written): nothing is pinned. */
  pin(relative: string): boolean {
    if (this.pinned.has(relative)) return true;
    const source = path.join(this.dataDir, relative);
    const pin = this.fileOf(relative);
    try {
      // A planted link is never followed into a backup.
      if (!fs.lstatSync(source).isFile()) return false;
      ensurePrivateDir(path.dirname(pin));
      try {
        fs.linkSync(source, pin);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw error;
        // A file system without hard links (FAT, some shares): a copy keeps the bytes too, only slower.
        fs.copyFileSync(source, pin, fs.constants.COPYFILE_EXCL);
      }
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false;
      throw error;
    }
    this.pinned.add(relative);
    return true;
  }

  fileOf(relative: string): string {
    return path.join(this.dir, relative);
  }

  remove(): void {
    fs.rmSync(this.dir, { recursive: true, force: true });
  }
}

/** How long a backup waits for another writer to let go of a database, as a server's write would (5 s). */
const LOCK_WAIT_MS = 5_000;
const LOCK_RETRY_MS = 20;

/** `BEGIN IMMEDIATE`, asked again every 20 ms while another connection writes, up to 5 s; then SQLite's busy error. */
async function writeLockOf(lock: Database.Database): Promise<void> {
  const deadline = Date.now() + LOCK_WAIT_MS;
  for (;;) {
    try {
      lock.exec('BEGIN IMMEDIATE');
      return;
    } catch (error) {
      if ((error as { code?: string }).code !== 'SQLITE_BUSY' || Date.now() >= deadline) throw error;
      await delay(LOCK_RETRY_MS);
    }
  }
}

/**
 * One database held at one moment, with the photo files it names. A photo's files are written before
 * its row and deleted after its row went, both under the database's write lock (photos/photos.ts).
 * So a read transaction begun while this holds that lock sees only rows whose files are there, and
 * the pins made under it keep them. The lock is held for one query and the links of the photos added
 * since pinAll: far less than the server's 500 ms wait for it.
 */
export class DatabaseSnapshot {
  private constructor(
    readonly database: string,
    private readonly sqlite: Database.Database,
    /** The files of the photos the snapshot names, pinned. */
    readonly photos: string[],
    /** The files the snapshot names that the data dir did not hold (a data dir damaged before the backup). */
    readonly lacking: string[],
  ) {}

  static async take(dataDir: string, database: string, pins: PhotoPins): Promise<DatabaseSnapshot> {
    const file = path.join(dataDir, database);
    const sqlite = new Database(file, { fileMustExist: true, timeout: 5_000 });
    // No busy wait inside SQLite: a backup run by the server itself must not hold up its event loop
    // while another process (the CLI) writes; the lock is asked for again between turns instead.
    const lock = new Database(file, { fileMustExist: true, timeout: 0 });
    try {
      await writeLockOf(lock);
      // Deferred: the first read below begins the snapshot, while no one else can write.
      sqlite.exec('BEGIN');
      const photos: string[] = [];
      const lacking: string[] = [];
      for (const relative of namedPhotos(sqlite).flatMap((hash) => photoFilesOf(database, hash)))
        (pins.pin(relative) ? photos : lacking).push(relative);
      return new DatabaseSnapshot(database, sqlite, photos, lacking);
    } catch (error) {
      sqlite.close();
      throw error;
    } finally {
      if (lock.inTransaction) lock.exec('ROLLBACK');
      lock.close();
    }
  }

  /** SQLite's online backup from the read transaction still open: every step copies that one moment, whatever is written meanwhile. */
  async copyTo(target: string): Promise<void> {
    // Created 0600 first: SQLite keeps the mode of the file it writes into.
    claimPrivateFile(target);
    await this.sqlite.backup(target);
    // One self-contained file: no -wal beside it to lose on the way to another disk.
    const copy = new Database(target);
    try {
      copy.pragma('journal_mode = DELETE');
    } finally {
      copy.close();
    }
  }

  close(): void {
    if (!this.sqlite.open) return;
    if (this.sqlite.inTransaction) this.sqlite.exec('COMMIT');
    this.sqlite.close();
  }
}
