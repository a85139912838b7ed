/**
 * Two connections to one database, as the server and the CLI hold them: a transaction that reads and
 * then writes is not refused because the other wrote in between; the other waits for the lock instead.
 */
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { openConnection, type Connection } from '../../src/main/db/connection';
import { makeTempDir, removeTempDir } from '../helpers/temp-dir';

let dir: string;
let first: Connection;
let second: Connection;

beforeEach(() => {
  dir = makeTempDir('adk-write-lock');
  const file = path.join(dir, 'production.sqlite');
  first = openConnection(file, undefined, 50);
  second = openConnection(file, undefined, 50);
});

afterEach(() => {
  first.sqlite.close();
  second.sqlite.close();
  removeTempDir(dir);
});

/** The other connection's write, tried while the first one's transaction is open: its error code, if refused. */
function otherWrite(key: string): string | undefined {
  try {
    second.sqlite.prepare('INSERT INTO meta (key, value) VALUES (?, ?)').run(key, 'other');
    return undefined;
  } catch (error) {
    return (error as { code?: string }).code;
  }
}

const keys = (connection: Connection) =>
  (connection.sqlite.prepare('SELECT key FROM meta ORDER BY key').all() as { key: string }[]).map((row) => row.key);

it("better-sqlite3's transactions hold the write lock from their start: the other connection waits, and the read-then-write commits", () => {
  let refused: string | undefined;
  first.sqlite.transaction(() => {
    first.sqlite.prepare('SELECT count(*) FROM meta').get();
    refused = otherWrite('other');
    first.sqlite.prepare('INSERT INTO meta (key, value) VALUES (?, ?)').run('mine', 'first');
  })();
  expect(refused).toBe('SQLITE_BUSY');
  expect(keys(second)).toContain('mine');
  expect(keys(second)).not.toContain('other');
});

it("drizzle's transactions do the same", () => {
  let refused: string | undefined;
  first.db.transaction((tx) => {
    tx.all(sql`SELECT count(*) FROM meta`);
    refused = otherWrite('other');
    tx.run(sql`INSERT INTO meta (key, value) VALUES ('mine', 'first')`);
  });
  expect(refused).toBe('SQLITE_BUSY');
  expect(keys(second)).toContain('mine');
});

it('a deferred transaction, asked for by name, takes no lock until it writes (a reader keeps its snapshot only)', () => {
  let refused: string | undefined = 'not run';
  first.sqlite
    .transaction(() => {
      first.sqlite.prepare('SELECT count(*) FROM meta').get();
      refused = otherWrite('other');
    })
    .deferred();
  expect(refused).toBeUndefined();
  expect(keys(first)).toContain('other');
});
