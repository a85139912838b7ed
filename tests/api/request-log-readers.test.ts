/**
 * Readers cannot break the request log: a reader in another process (the CLI) takes no write lock
 * and makes the running server wait for nothing, which keeps answering and logging; the cap holds
 * on disk at every moment and pruned space goes back to the file system; a log that cannot write
 * (its file locked) holds one batch at most, counts what it drops, and resumes by itself.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { RequestLog, requestLogFile } from '../../src/main/lab/request-log/request-log';
import type { LoggedRequest } from '../../src/shared/lab';
import { runCliProcess, startLimitsServer, T0, type LimitsServer } from '../helpers/limits-server';
import { makeTempDir, removeTempDir } from '../helpers/temp-dir';

let server: LimitsServer | undefined;
afterEach(async () => {
  await server?.cleanup();
  server = undefined;
});

const HEAD = 'HTTP/1.1 200 OK\r\ncontent-type: application/json; charset=utf-8\r\ncontent-length: 2\r\n';

/** Whether another connection can take the write lock of every SQLite file in the data dir now (waiting 250 ms at most). */
function writeLockRefusals(dataDir: string): string[] {
  const refusals: string[] = [];
  for (const name of fs.readdirSync(dataDir).filter((file) => file.endsWith('.sqlite'))) {
    const probe = new Database(path.join(dataDir, name), { timeout: 250 });
    try {
      probe.exec('BEGIN IMMEDIATE');
      probe.exec('ROLLBACK');
    } catch (error) {
      refusals.push(`${name}: ${(error as Error).message}`);
    } finally {
      probe.close();
    }
  }
  return refusals;
}

/** The answers the log's file holds (batches' rows less those retention dropped). */
function answersOnDisk(file: string): number {
  const sqlite = new Database(file, { readonly: true });
  try {
    return sqlite.prepare('SELECT coalesce(sum(rows - dropped), 0) FROM request_log_batches').pluck().get() as number;
  } finally {
    sqlite.close();
  }
}

describe('readers of the request log', () => {
  it('a reader in another process takes no write lock; the server keeps answering and logging throughout', async () => {
    server = await startLimitsServer();
    const { engine, dataDir } = server;
    // A busy spell: 200,000 answers, every 200th a 500, as the server's own log records them.
    for (let i = 0; i < 200_000; i++) {
      const failed = i % 200 === 0;
      engine.requestLog.record(
        T0 - 1_000 + (i % 1_000),
        'GET',
        'localhost',
        `/v1/pets?n=${i % 97}`,
        failed ? 500 : 200,
        failed ? 'internal_error' : null,
        null,
        null,
        '127.0.0.1',
        0.25,
        HEAD,
      );
    }
    engine.requestLog.flush();

    let reading = true;
    const reader = runCliProcess(
      dataDir,
      ['requests', 'list', '--status', '500', '--limit', '5000', '--json'],
      120_000,
    ).finally(() => (reading = false));
    const statuses: number[] = [];
    const refusals: string[] = [];
    while (reading) {
      const response = await fetch(server.url(`/pets?limit=1&during=read`));
      await response.arrayBuffer();
      statuses.push(response.status);
      refusals.push(...writeLockRefusals(dataDir));
    }
    const { code, stdout, stderr } = await reader;
    expect(stderr).toBe('');
    expect(code).toBe(0);
    const listed = JSON.parse(stdout) as LoggedRequest[];
    expect(listed).toHaveLength(1_000);
    expect(listed.every((row) => row.status === 500 && row.code === 'internal_error')).toBe(true);
    // Newest first, ids one apart per 200 answers: the ids the answers were given when written.
    expect(listed.slice(0, 3).map((row) => listed[0]!.id - row.id)).toEqual([0, 200, 400]);
    expect(refusals).toEqual([]);

    // Every request made during the read was answered (the server never stopped) and logged.
    expect(statuses.length).toBeGreaterThan(0);
    const after = await fetch(server.url('/pets?limit=1&during=after'));
    expect(after.status).toBeLessThan(500);
    const logged = engine.requestLog.list({ path: 'during=read', limit: 5_000 });
    expect(logged.map((row) => row.status).reverse()).toEqual(statuses);
  }, 180_000);

  it('never holds more answers than the cap on disk, and gives the space of pruned answers back', async () => {
    server = await startLimitsServer();
    const { engine, clock } = server;
    const file = requestLogFile(engine.sqlite.name);
    const log = new RequestLog(engine.sqlite, engine.clock, engine.services.keys, { maxRows: 5_000 });
    const pageCount = () => {
      const sqlite = new Database(file, { readonly: true });
      try {
        return {
          pages: sqlite.pragma('page_count', { simple: true }) as number,
          free: sqlite.pragma('freelist_count', { simple: true }) as number,
        };
      } finally {
        sqlite.close();
      }
    };
    // Heads that differ from answer to answer (a new Location each time): about 300 bytes stored per answer.
    for (let round = 0; round < 8; round++) {
      for (let i = 0; i < 2_500; i++) {
        const n = round * 2_500 + i;
        log.record(
          T0 + n,
          'POST',
          'localhost',
          '/v1/pets',
          201,
          null,
          1,
          1,
          '127.0.0.1',
          0.5,
          `${HEAD}location: /v1/pets/${n}-${'x'.repeat(250 + (n % 50))}\r\n`,
        );
      }
      log.flush();
      expect(answersOnDisk(file)).toBeLessThanOrEqual(5_000);
    }
    expect(answersOnDisk(file)).toBe(5_000);
    const newest = log.list({ limit: 5_000 });
    expect(newest).toHaveLength(5_000);
    expect(newest.at(-1)?.headers.location).toMatch(/^\/v1\/pets\/15000-/);
    const full = pageCount();
    expect(full.pages).toBeGreaterThan(200);

    // A week and a day later, everything is past the keeping period: pruned, then the file shrinks slice by slice.
    clock.advance(8 * 86_400_000);
    log.prune();
    expect(log.list()).toEqual([]);
    for (let ticks = 0; ticks < 100 && pageCount().free >= 64; ticks++) log.tick();
    const pruned = pageCount();
    expect(pruned.free).toBeLessThan(64);
    expect(pruned.pages).toBeLessThan(full.pages / 4);
  });

  it('a log that cannot write keeps one batch, drops and counts the rest, and resumes by itself', async () => {
    server = await startLimitsServer();
    const { engine } = server;
    const log = new RequestLog(engine.sqlite, engine.clock, engine.services.keys);
    const record = (count: number, from: number) => {
      for (let i = 0; i < count; i++)
        log.record(T0, 'GET', 'localhost', `/v1/pets?n=${from + i}`, 200, null, null, null, '127.0.0.1', 0.1, HEAD);
    };
    record(10, 0);
    log.flush();
    // Another connection holds the log's write lock (as a full disk refuses writes): the API must not notice.
    const holder = new Database(requestLogFile(engine.sqlite.name));
    holder.exec('BEGIN IMMEDIATE');
    record(4_000, 10); // a full batch: refused, kept
    record(4_000, 4_010); // another: refused, dropped and counted
    record(100, 8_010); // being packed
    expect(() => log.tick()).toThrow(/locked|busy/i);
    expect(log.health()).toMatchObject({ pendingAnswers: 4_100, droppedAnswers: 4_000 });
    expect(log.health().lastFailure).toBeTruthy();

    holder.exec('ROLLBACK');
    holder.close();
    log.tick();
    expect(log.health()).toMatchObject({ pendingAnswers: 0, droppedAnswers: 4_000, lastFailure: null });
    const rows = log.list({ limit: 5_000 }).reverse();
    expect(rows.map((row) => row.path)).toEqual(
      [...Array.from({ length: 4_010 }, (_, n) => n), ...Array.from({ length: 100 }, (_, n) => 8_010 + n)].map(
        (n) => `/v1/pets?n=${n}`,
      ),
    );
    // Ids stay one apart: the dropped answers never had any.
    expect(rows.every((row, index) => index === 0 || row.id === (rows[index - 1]?.id ?? 0) + 1)).toBe(true);
  });

  it('on a full disk, the log keeps one batch, drops and counts the rest, and resumes once space returns', async (context) => {
    const disk = makeTempDir('adoption-desk-full-log');
    try {
      execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=8m', 'tmpfs', disk], { stdio: 'ignore' });
    } catch {
      removeTempDir(disk);
      context.skip('mounting a tmpfs is not permitted here');
      return;
    }
    let log: RequestLog | undefined;
    try {
      server = await startLimitsServer();
      const { engine } = server;
      const full = new RequestLog(engine.sqlite, engine.clock, engine.services.keys, {
        file: path.join(disk, 'production.request-log.sqlite'),
      });
      log = full;
      // Heads that differ every time (about 1.7 MB a batch); the disk keeps about 1 MB free.
      const record = (count: number, from: number) => {
        for (let i = 0; i < count; i++)
          full.record(
            T0,
            'GET',
            'localhost',
            `/v1/pets?n=${from + i}`,
            200,
            null,
            null,
            null,
            '127.0.0.1',
            0.1,
            `${HEAD}etag: "${from + i}-${'e'.repeat(400)}"\r\n`,
          );
      };
      record(10, 0);
      full.flush();
      const filler = path.join(disk, 'filler');
      const { bavail, bsize } = fs.statfsSync(disk);
      fs.writeFileSync(filler, Buffer.alloc(bavail * bsize - 1024 * 1024));
      // Batches fill at about 2,000 such answers (their string table is full): two refused, the first kept.
      record(8_100, 10);
      expect(() => full.tick()).toThrow(/full/i);
      const refused = full.health();
      expect(refused.droppedAnswers).toBeGreaterThan(0);
      expect(refused.pendingAnswers + refused.droppedAnswers).toBe(8_100);
      // Held in memory: one refused batch and the one being packed, no more.
      expect(refused.pendingAnswers).toBeLessThanOrEqual(8_000);

      fs.rmSync(filler);
      full.tick();
      expect(full.health()).toMatchObject({
        pendingAnswers: 0,
        droppedAnswers: refused.droppedAnswers,
        lastFailure: null,
      });
      const rows = full.list({ limit: 5_000 }).reverse();
      expect(rows).toHaveLength(10 + refused.pendingAnswers);
      expect(rows.at(-1)?.path).toBe('/v1/pets?n=8109');
    } finally {
      // Its file closed first: a tmpfs with an open file cannot be unmounted.
      log?.stop();
      execFileSync('umount', [disk]);
      removeTempDir(disk);
    }
  });
});
