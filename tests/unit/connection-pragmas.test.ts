import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openConnection, type Connection } from '../../src/main/db/connection';
import { makeTempDir, removeTempDir } from '../helpers/temp-dir';

let dir: string;
let connection: Connection;

beforeEach(() => {
  dir = makeTempDir('adk-pragmas');
  connection = openConnection(path.join(dir, 'production.sqlite'));
});

afterEach(() => {
  connection.sqlite.close();
  removeTempDir(dir);
});

describe('a database connection', () => {
  it('writes through a WAL, durable against a crash of the process, with foreign keys enforced', () => {
    expect(connection.sqlite.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(connection.sqlite.pragma('synchronous', { simple: true })).toBe(1);
    expect(connection.sqlite.pragma('foreign_keys', { simple: true })).toBe(1);
  });

  it("keeps SQLite's page cache at 1 MiB (better-sqlite3 would allow 16, SQLite 2), bounding the server's memory", () => {
    expect(connection.sqlite.pragma('cache_size', { simple: true })).toBe(-1000);
  });
});
