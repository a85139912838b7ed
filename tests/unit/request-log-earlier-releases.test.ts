/**
 * A database written by an earlier release (the log in its own tables: one row per answer, and
 * unread batches in every format) keeps its logged answers: they move into the log's own file on
 * first open, keeping their ids, once; the database gives their space back.
 */
import fs from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { Engine } from '../../src/main/engine/engine';
import { RequestRecorder } from '../../src/main/lab/request-log/recorder';
import type { RequestLogStore } from '../../src/main/lab/request-log/store';
import { ManualClock } from '../../src/shared/clock';
import { float64Batch, textBatch } from '../helpers/earlier-batch-formats';
import { makeTempDir, removeTempDir } from '../helpers/temp-dir';

const T0 = Date.UTC(2026, 5, 1, 10, 0, 0);
let dataDir: string | undefined;
afterEach(() => {
  if (dataDir) removeTempDir(dataDir);
  dataDir = undefined;
});

const open = (dir: string) => new Engine({ dataDir: dir, environment: 'production', clock: new ManualClock(T0) });
const head = (n: number) => `HTTP/1.1 200 OK\r\ncontent-length: 2\r\nx-n: ${n}\r\n`;

describe('the request log of an earlier release', () => {
  it('moves into the log’s own file on first open, ids kept, once; the database shrinks', () => {
    dataDir = makeTempDir('adoption-desk-earlier-log');
    const engine = open(dataDir);
    const { sqlite } = engine;
    // Rows as that release kept them, ids with gaps where its cap took some: a few to look at, and 20,000 (20 MB) besides.
    const insertRow = sqlite.prepare(
      'INSERT INTO request_log (id, at, method, host, url, status, code, key_id, account_id, address, latency_ms, head) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)',
    );
    sqlite.transaction(() => {
      for (const id of [5, 6, 7, 10])
        insertRow.run(
          id,
          T0 - id,
          'GET',
          id === 6 ? null : 'localhost',
          `/v1/pets/${id}`,
          200 + id,
          id === 7 ? 'not_found' : null,
          id === 5 ? null : 3,
          id === 5 ? null : 2,
          '127.0.0.1',
          id / 4,
          head(id),
        );
      for (let id = 100; id < 20_100; id++)
        insertRow.run(
          id,
          T0 - 100,
          'GET',
          'localhost',
          '/v1/pets',
          200,
          null,
          null,
          null,
          '127.0.0.1',
          1,
          head(id) + 'x'.repeat(1_000),
        );
    })();
    sqlite.prepare("UPDATE sqlite_sequence SET seq = 20_111 WHERE name = 'request_log'").run();
    // Unread batches in the three formats, in the order written.
    const answer = (n: number) => ({
      at: T0 - 50 + n,
      method: 'POST',
      host: 'localhost',
      url: `/v1/pets?b=${n}`,
      status: 201,
      code: null,
      keyId: 3,
      accountId: 2,
      address: '::1',
      latencyMs: 0.5,
    });
    const packed: Buffer[] = [];
    const recorder = new RequestRecorder({
      tryInsert: (data: Buffer) => (packed.push(Buffer.from(data)), null),
    } as unknown as RequestLogStore);
    for (const n of [4, 5])
      recorder.record(T0 - 50 + n, 'POST', 'localhost', `/v1/pets?b=${n}`, 201, null, 3, 2, '::1', 0.5, head(n));
    recorder.write();
    const insertBatch = sqlite.prepare('INSERT INTO request_log_batches (rows, last_at, data) VALUES (?, ?, ?)');
    insertBatch.run(2, T0, textBatch([0, 1].map((n) => ({ ...answer(n), head: head(n) }))).toString('latin1'));
    insertBatch.run(
      2,
      T0,
      float64Batch([2, 3].map((n) => ({ ...answer(n), headBefore: head(n), rate: null, headAfter: '' }))),
    );
    insertBatch.run(2, T0, packed[0]);
    engine.close();
    const before = fs.statSync(`${dataDir}/production.sqlite`).size;

    const expected = [
      ...[5, 6, 7, 10].map((id) => ({
        id,
        path: `/v1/pets/${id}`,
        status: 200 + id,
        keyId: id === 5 ? null : 3,
        host: id === 6 ? null : 'localhost',
        code: id === 7 ? 'not_found' : null,
        latencyMs: id / 4,
        headers: { 'content-length': '2', 'x-n': String(id) },
      })),
      // The batches' answers take the ids after every id that release handed out.
      ...[0, 1, 2, 3, 4, 5].map((n) => ({
        id: 20_112 + n,
        path: `/v1/pets?b=${n}`,
        status: 201,
        keyId: 3,
        host: 'localhost',
        code: null,
        latencyMs: 0.5,
        headers: { 'content-length': '2', 'x-n': String(n) },
      })),
    ];
    for (let opening = 0; opening < 2; opening++) {
      const reopened = open(dataDir);
      const listed = [
        ...reopened.requestLog.list({ path: '/v1/pets/', limit: 100 }),
        ...reopened.requestLog.list({ path: '?b=', limit: 100 }),
      ].sort((a, b) => a.id - b.id);
      expect(reopened.requestLog.list({ path: 'pets', limit: 5_000 })).toHaveLength(5_000);
      expect(reopened.requestLog.list({ path: 'pets', afterId: 20_000, limit: 5_000 }).map((row) => row.id)).toEqual([
        ...Array.from({ length: 99 }, (_, n) => 20_001 + n),
        ...expected.slice(4).map((row) => row.id),
      ]);
      expect(
        listed.map(({ id, path, status, keyId, host, code, latencyMs, headers }) => ({
          id,
          path,
          status,
          keyId,
          host,
          code,
          latencyMs,
          headers,
        })),
      ).toEqual(expected);
      expect(
        reopened.sqlite
          .prepare('SELECT (SELECT count(*) FROM request_log) + (SELECT count(*) FROM request_log_batches)')
          .pluck()
          .get(),
      ).toBe(0);
      reopened.close();
    }
    expect(fs.statSync(`${dataDir}/production.sqlite`).size).toBeLessThan(before / 4);
  });
});
