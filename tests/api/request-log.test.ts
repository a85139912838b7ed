/**
 * The request log records exactly what was sent, under 200 parallel requests; its HAR export passes
 * the HAR 1.2 JSON schema (har-schema, with ajv).
 */
import http from 'node:http';
import { createRequire } from 'node:module';
import net from 'node:net';
import { Ajv } from 'ajv';
import { afterEach, describe, expect, it } from 'vitest';
import { toHar } from '../../src/main/lab/har';
import Database from 'better-sqlite3';
import { decodeBatch } from '../../src/main/lab/request-log/batch-reader';
import { RequestLog, requestLogFile } from '../../src/main/lab/request-log/request-log';
import { createKey, pollUntil, startLimitsServer, T0, type LimitsServer } from '../helpers/limits-server';
import { runCliInProcess } from '../helpers/cli-in-process';

const require = createRequire(import.meta.url);

let server: LimitsServer | undefined;
afterEach(async () => {
  await server?.cleanup();
  server = undefined;
});

/** Every head the log's file holds, in the order answered, exactly as stored. */
function storedHeads(file: string): string[] {
  const sqlite = new Database(file, { readonly: true });
  try {
    const batches = sqlite.prepare('SELECT data, dropped FROM request_log_batches ORDER BY id').all() as {
      data: Buffer;
      dropped: number;
    }[];
    return batches.flatMap((batch) =>
      decodeBatch(batch.data)
        .slice(batch.dropped)
        .map((answer) => answer.head),
    );
  } finally {
    sqlite.close();
  }
}

/** What a client saw, in the terms the log keeps. */
const summary = (status: number, code: string | null, headers: (name: string) => string | null | undefined) =>
  [
    status,
    code,
    headers('x-ratelimit-limit'),
    headers('x-ratelimit-remaining'),
    headers('x-ratelimit-reset'),
    headers('retry-after') ?? null,
    headers('ratelimit'),
  ].join(' | ');

describe('the request log', () => {
  it('records exactly the 200 answers of 200 parallel requests, with the figures sent', async () => {
    server = await startLimitsServer();
    const { engine } = server;
    const { key, keyId, accountId } = createKey(engine, 'free');
    const url = server.url('/pets?limit=5');
    const sent = await Promise.all(
      Array.from({ length: 200 }, async () => {
        const response = await fetch(url, { headers: { authorization: `Bearer ${key}` } });
        const body = (await response.json()) as { code?: string };
        return summary(response.status, response.status === 200 ? null : (body.code ?? null), (name) =>
          response.headers.get(name),
        );
      }),
    );
    // The log is written in batches: every row arrives within a second or so.
    const rows = await pollUntil(() => {
      const logged = engine.requestLog.list({ keyId, limit: 1_000 });
      return logged.length >= 200 && logged;
    }, 3_000);
    expect(rows).toHaveLength(200);
    expect(rows.map((row) => summary(row.status, row.code, (name) => row.headers[name])).sort()).toEqual(
      [...sent].sort(),
    );
    expect(rows.filter((row) => row.status === 200)).toHaveLength(60);
    expect(rows.some((row) => row.code === 'api_key_banned')).toBe(true);
    for (const row of rows) {
      expect(row).toMatchObject({ method: 'GET', path: '/v1/pets?limit=5', keyId, accountId, at: T0 });
      expect(row.keyPrefix).toMatch(/^adk_live_/);
      expect(row.latencyMs).toBeGreaterThanOrEqual(0);
    }
    const limited = rows.find((row) => row.code === 'rate_limited');
    expect(limited).toMatchObject({ status: 429, limit: 60, remaining: 0, retryAfter: 30 });
    expect(engine.requestLog.list({ status: 200, keyId, limit: 1_000 })).toHaveLength(60);
    expect(engine.requestLog.list({ accountId: accountId + 1 })).toEqual([]);
  });

  it('records answers without a key and unknown paths, and filters by path and time', async () => {
    server = await startLimitsServer();
    const { engine, clock } = server;
    await fetch(server.url('/pets'));
    clock.advance(5_000);
    await fetch(server.url('/nowhere'));
    const rows = await pollUntil(() => {
      const logged = engine.requestLog.list();
      return logged.length >= 2 && logged;
    }, 3_000);
    expect(rows.map((row) => [row.status, row.code, row.keyId])).toEqual([
      [404, 'not_found', null],
      [401, 'unauthorized', null],
    ]);
    expect(engine.requestLog.list({ path: 'nowhere' })).toHaveLength(1);
    expect(engine.requestLog.list({ from: T0 + 1_000 })).toHaveLength(1);
    expect(engine.requestLog.list({ afterId: rows[1]?.id }).map((row) => row.status)).toEqual([404]);
  });

  it('keeps each head byte for byte as sent: rate-limit headers rebuilt from their figures, the rest as written', async () => {
    server = await startLimitsServer();
    const { engine } = server;
    const { key, keyId } = createKey(engine, 'free', {});
    const { port } = new URL(server.url('/'));
    /** The status line and headers as received, names and order as on the wire. */
    const exchange = (method: string, pathAndQuery: string, headers: Record<string, string>, body?: string) =>
      new Promise<string>((resolve, reject) => {
        const request = http.request(
          { host: '127.0.0.1', port, method, path: `/v1${pathAndQuery}`, headers },
          (response) => {
            response.resume();
            let head = `HTTP/1.1 ${response.statusCode} ${response.statusMessage}\r\n`;
            for (let i = 0; i < response.rawHeaders.length; i += 2)
              head += `${response.rawHeaders[i]}: ${response.rawHeaders[i + 1]}\r\n`;
            response.on('end', () => resolve(`${head}\r\n`));
          },
        );
        request.on('error', reject);
        request.end(body);
      });
    const withKey = { authorization: `Bearer ${key}` };
    const sent = [
      await exchange('GET', '/pets?limit=2&status=available', withKey),
      await exchange(
        'POST',
        '/pets',
        { ...withKey, 'content-type': 'application/json' },
        '{"name":"Rex","categoryId":1}',
      ),
      await exchange('GET', '/pets/1', withKey),
      await exchange('GET', '/pets', {}),
      await exchange('GET', '/nowhere', withKey),
    ];
    for (let i = 0; i < 60; i++) await exchange('GET', '/pets?limit=1', withKey);
    sent.push(await exchange('GET', '/pets?limit=1', withKey));
    // Malformed HTTP is answered straight on the socket, headers and all.
    const raw = await new Promise<string>((resolve) => {
      let answer = '';
      const socket = net.connect(Number(port), '127.0.0.1', () => socket.write('NOT HTTP\r\n\r\n'));
      socket.on('data', (chunk) => (answer += chunk.toString('latin1'))).on('close', () => resolve(answer));
    });
    sent.push(raw.slice(0, raw.indexOf('\r\n\r\n') + 2));
    const heads = await pollUntil(() => {
      engine.requestLog.list();
      const rows = storedHeads(requestLogFile(engine.sqlite.name));
      return rows.length >= 67 && rows;
    }, 3_000);
    expect(heads).toHaveLength(67);
    const logged = [...heads.slice(0, 5), ...heads.slice(65)];
    expect(logged).toEqual(sent);
    expect(sent[2]).toMatch(/^deprecation: /m);
    expect(sent[5]).toMatch(/^HTTP\/1\.1 429 .*\r\n(.*\r\n)*retry-after: \d+\r\n/);
    expect(sent[6]).toMatch(/^HTTP\/1\.1 400 .*\r\nx-ratelimit-limit: 60\r\n/);
    expect(engine.requestLog.list({ keyId, limit: 1_000 })).toHaveLength(65);
  });

  it('keeps rows for the configured period and at most the configured count', async () => {
    server = await startLimitsServer();
    const { engine } = server;
    const log = new RequestLog(engine.sqlite, engine.clock, engine.services.keys, {
      keepMs: 7 * 86_400_000,
      maxRows: 3,
    });
    const head = 'HTTP/1.1 200 OK\r\n';
    for (let i = 0; i < 5; i++)
      log.record(T0 - 8 * 86_400_000 + i, 'GET', 'h', '/v1/pets', 200, null, null, null, '127.0.0.1', 1, head);
    log.flush();
    // Old rows still in an unread batch go by its newest row's age.
    log.prune();
    expect(log.list()).toEqual([]);
    for (let i = 0; i < 5; i++)
      log.record(T0 - 8 * 86_400_000 + i, 'GET', 'h', '/v1/pets', 200, null, null, null, '127.0.0.1', 1, head);
    for (let i = 0; i < 5; i++)
      log.record(T0 + i, 'GET', 'h', `/v1/pets?n=${i}`, 200, null, null, null, '127.0.0.1', 1, head);
    expect(log.list()).toHaveLength(10);
    log.prune();
    expect(log.list().map((row) => row.path)).toEqual(['/v1/pets?n=4', '/v1/pets?n=3', '/v1/pets?n=2']);
  });

  it('keeps figures of any size and sign exactly, and reads batches the previous release wrote', async () => {
    server = await startLimitsServer();
    const { engine } = server;
    const log = new RequestLog(engine.sqlite, engine.clock, engine.services.keys);
    const head = 'HTTP/1.1 200 OK\r\ncontent-length: 2\r\n';
    // Times far apart and back, a fractional time, latencies from 0 to minutes.
    const times = [T0, T0 + 1, T0 - 86_400_000, 0, T0 + 0.5, Number.MAX_SAFE_INTEGER, T0];
    const latencies = [0, 0.001, 123.456, 0, 65_000.25, 7, 0.5];
    times.forEach((at, i) =>
      log.record(
        at,
        'GET',
        undefined,
        `/v1/pets/${i}`,
        200 + i,
        null,
        i === 3 ? null : i,
        null,
        '127.0.0.1',
        latencies[i] ?? 0,
        head,
      ),
    );
    const rows = log.list({ limit: 10 }).reverse();
    expect(rows.map((row) => [row.at, row.latencyMs, row.status, row.keyId, row.path])).toEqual(
      times.map((at, i) => [at, latencies[i], 200 + i, i === 3 ? null : i, `/v1/pets/${i}`]),
    );

    // FORMAT 2: the figures as float64s (a mask first), then the string table.
    const strings = ['GET', '/v1/old', '10.0.0.7', 'HTTP/1.1 404 Not Found\r\n'];
    const figures = new Float64Array([0b1111_1101_1111, T0 - 5, 2.5, 404, -1, 7, -1, 1, -1, 2, 3, -1]);
    const table = Buffer.concat(
      strings.map((text) =>
        Buffer.concat([Buffer.from(new Uint32Array([text.length]).buffer), Buffer.from(text, 'latin1')]),
      ),
    );
    const prefix = Buffer.alloc(13);
    prefix[0] = 2;
    prefix.writeUInt32LE(1, 1);
    prefix.writeUInt32LE(figures.length, 5);
    prefix.writeUInt32LE(table.length, 9);
    // Written into the database, where that release kept it: the log moves it into its own file when opened.
    engine.sqlite
      .prepare('INSERT INTO request_log_batches (rows, last_at, data) VALUES (1, ?, ?)')
      .run(T0 - 5, Buffer.concat([prefix, Buffer.from(figures.buffer), table]));
    const reopened = new RequestLog(engine.sqlite, engine.clock, engine.services.keys);
    expect(reopened.list({ path: '/v1/old' })).toMatchObject([
      {
        at: T0 - 5,
        latencyMs: 2.5,
        status: 404,
        keyId: null,
        accountId: 7,
        method: 'GET',
        host: null,
        path: '/v1/old',
        code: null,
        address: '10.0.0.7',
        headers: {},
      },
    ]);
  });

  it('exports HAR 1.2 that validates against the HAR schema', async () => {
    server = await startLimitsServer();
    const { engine } = server;
    const { key } = createKey(engine, 'free');
    for (let i = 0; i < 3; i++)
      await fetch(server.url('/pets?limit=2&status=available'), { headers: { authorization: `Bearer ${key}` } });
    await fetch(server.url('/pets'), {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: '{"name":"Rex","categoryId":1}',
    });
    await fetch(server.url('/pets'), {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'text/plain' },
      body: 'x',
    });
    const har = toHar(engine.requestLog.list(), '127.0.0.1', '0.1.0');
    expect(har.log.entries).toHaveLength(5);

    const schemas = require('har-schema') as Record<string, object>;
    const ajv = new Ajv({ strict: false, validateFormats: false });
    ajv.addMetaSchema(require('ajv/dist/refs/json-schema-draft-06.json') as object);
    for (const schema of Object.values(schemas)) ajv.addSchema(schema);
    const validate = ajv.getSchema('har.json#');
    expect(validate).toBeDefined();
    expect(validate?.(har), JSON.stringify(validate?.errors)).toBe(true);
    const created = har.log.entries.find((entry) => entry.response.status === 201);
    expect(created?.request.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/v1\/pets$/);
    expect(created?.response.headers.find((header) => header.name === 'location')?.value).toMatch(/\/v1\/pets\/\d+$/);
    expect(har.log.entries[0]?.request.queryString).toEqual([
      { name: 'limit', value: '2' },
      { name: 'status', value: 'available' },
    ]);
    // The key as its display prefix, with one ellipsis, never the key itself.
    expect(created?.request.headers).toContainEqual({ name: 'authorization', value: `Bearer ${key.slice(0, 13)}…` });
    // A HAR that breaks the schema fails, so the check above can fail.
    expect(validate?.({ log: { ...har.log, entries: [{ ...har.log.entries[0], request: undefined }] } })).toBe(false);
  });

  it('`requests list` says when it shows fewer than match, and not otherwise', async () => {
    server = await startLimitsServer();
    const { engine } = server;
    const { key, keyId } = createKey(engine, 'free');
    for (let i = 0; i < 5; i++) await fetch(server.url('/pets'), { headers: { authorization: `Bearer ${key}` } });
    await pollUntil(() => engine.requestLog.list({ keyId }).length === 5, 3_000);
    engine.requestLog.flush();

    const cut = await runCliInProcess(server.dataDir, ['requests', 'list', '--key', String(keyId), '--limit', '3']);
    expect(cut.code, cut.stderr).toBe(0);
    expect(cut.stdout.trim().split('\n')).toHaveLength(4); // the header and three rows
    expect(cut.stderr).toContain(
      'Showing the latest 3; more match (use --limit N, at most 5000, or narrow the filters).',
    );

    const whole = await runCliInProcess(server.dataDir, ['requests', 'list', '--key', String(keyId), '--limit', '5']);
    expect(whole.stdout.trim().split('\n')).toHaveLength(6);
    expect(whole.stderr).not.toContain('Showing the latest');
  });
});
