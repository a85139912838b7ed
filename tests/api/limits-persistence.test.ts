/** Usage, strikes and bans live in SQLite: flushed every second and on stop, read back on start. */
import fs from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/shared/clock';
import {
  call,
  callMany,
  createKey,
  MINUTE,
  pollUntil,
  readDatabase,
  startLimitsServer,
  T0,
  tempDir,
  type LimitsServer,
} from '../helpers/limits-server';

const dirs: string[] = [];
const servers: LimitsServer[] = [];

afterEach(async () => {
  for (const server of servers.splice(0)) await server.stop();
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true, maxRetries: 5, retryDelay: 50 });
});

/** A server on `dataDir` with `clock`; stopped after the test if the test did not. */
async function start(dataDir: string, clock: ManualClock): Promise<LimitsServer> {
  const server = await startLimitsServer({ dataDir, clock });
  servers.push(server);
  return server;
}

function fresh(): { dataDir: string; clock: ManualClock } {
  const dataDir = tempDir();
  dirs.push(dataDir);
  return { dataDir, clock: new ManualClock(T0) };
}

interface UsageRow {
  subject: string;
  kind: string;
  start: number;
  accepted: number;
  rejected: number;
}

const usageRows = (dataDir: string, subject: string) =>
  readDatabase(
    dataDir,
    (db) =>
      db
        .prepare(
          'SELECT subject, kind, start, accepted, rejected FROM usage_windows WHERE subject = ? ORDER BY kind DESC',
        )
        .all(subject) as UsageRow[],
  );

describe('usage survives a restart', () => {
  it('continues X-RateLimit-Remaining exactly after a graceful stop and start on the same data dir', async () => {
    const { dataDir, clock } = fresh();
    const first = await start(dataDir, clock);
    const { key, accountId } = createKey(first.engine, 'free');
    const before = await callMany(first.url('/pets'), 7, key);
    expect(before.at(-1)!.limits.remaining).toBe(53);
    await first.stop();

    expect(usageRows(dataDir, `account:${accountId}`)).toEqual([
      { subject: `account:${accountId}`, kind: 'minute', start: Date.UTC(2026, 5, 1, 10, 0), accepted: 7, rejected: 0 },
      { subject: `account:${accountId}`, kind: 'day', start: Date.UTC(2026, 5, 1), accepted: 7, rejected: 0 },
    ]);

    const second = await start(dataDir, clock);
    const after = await call(second.url('/pets'), { key });
    expect(after).toMatchObject({ status: 200, limits: { remaining: 52 } });
    expect(after.limits.windows.get('day')!.r).toBe(992);

    // A later minute starts afresh while the day goes on.
    clock.advance(MINUTE);
    const nextMinute = await call(second.url('/pets'), { key });
    expect(nextMinute.limits.windows.get('minute')!.r).toBe(59);
    expect(nextMinute.limits.windows.get('day')!.r).toBe(991);
  });

  it('writes counters to SQLite within about a second while serving, without a stop', async () => {
    const { dataDir, clock } = fresh();
    const server = await start(dataDir, clock);
    const { key, accountId } = createKey(server.engine, 'enterprise', { perMinute: 5, perDay: 100 });
    await callMany(server.url('/pets'), 8, key); // 5 accepted, 3 rejected
    const rows = await pollUntil(() => {
      const found = usageRows(dataDir, `account:${accountId}`);
      return found.length === 2 && found.every((row) => row.accepted === 5 && row.rejected === 3) ? found : undefined;
    }, 3_000);
    expect(rows.map((row) => row.kind)).toEqual(['minute', 'day']);
  });

  it('keeps an exhausted quota exhausted across a restart', async () => {
    const { dataDir, clock } = fresh();
    const first = await start(dataDir, clock);
    const { key } = createKey(first.engine, 'enterprise', { perMinute: 100, perDay: 4 });
    await callMany(first.url('/pets'), 4, key);
    await first.stop();
    clock.advance(2 * MINUTE);
    const second = await start(dataDir, clock);
    const limited = await call(second.url('/pets'), { key });
    expect(limited).toMatchObject({ status: 429, code: 'rate_limited', limits: { limit: 4, remaining: 0 } });
    expect(limited.message).toContain('per day');
  });
});

describe('bans and strikes survive a restart', () => {
  it('a ban outlives the server, with its remaining time', async () => {
    const { dataDir, clock } = fresh();
    const first = await start(dataDir, clock);
    const { key, keyId, accountId } = createKey(first.engine, 'free');
    expect((await callMany(first.url('/pets'), 72, key)).at(-1)!.code).toBe('api_key_banned');
    await first.stop();

    const rows = readDatabase(dataDir, (db) =>
      db
        .prepare(
          'SELECT key_id AS keyId, account_id AS accountId, started_at AS startedAt, until, lifted_at AS liftedAt FROM bans',
        )
        .all(),
    );
    expect(rows).toEqual([{ keyId, accountId, startedAt: T0, until: T0 + 15 * MINUTE, liftedAt: null }]);

    clock.advance(10 * MINUTE);
    const second = await start(dataDir, clock);
    expect(await call(second.url('/pets'), { key })).toMatchObject({
      status: 429,
      code: 'api_key_banned',
      limits: { retryAfter: 300, remaining: 60 },
    });
    expect(second.engine.services.quota.listActiveBans().map((ban) => ban.keyId)).toEqual([keyId]);
    clock.advance(5 * MINUTE);
    expect((await call(second.url('/pets'), { key })).status).toBe(200);
  });

  it('strikes counted before a graceful stop still count after the start', async () => {
    const { dataDir, clock } = fresh();
    const first = await start(dataDir, clock);
    const { key, keyId } = createKey(first.engine, 'free');
    const before = await callMany(first.url('/pets'), 66, key); // 60 accepted, 6 rejected: strikes 0..5
    expect(before.slice(60).every((answer) => answer.code === 'rate_limited')).toBe(true);
    await first.stop();
    expect(
      readDatabase(dataDir, (db) =>
        db.prepare('SELECT strikes, window_reset_at AS resetAt FROM key_strikes WHERE key_id = ?').get(keyId),
      ),
    ).toEqual({
      strikes: 5,
      resetAt: Date.UTC(2026, 5, 1, 10, 1),
    });

    clock.advance(10_000); // same minute window
    const second = await start(dataDir, clock);
    const after = await callMany(second.url('/pets'), 6, key); // strikes 6..10, then the 11th bans
    expect(after.map((answer) => answer.code)).toEqual([...Array(5).fill('rate_limited'), 'api_key_banned']);
  });

  it('a lifted ban stays lifted after a restart', async () => {
    const { dataDir, clock } = fresh();
    const first = await start(dataDir, clock);
    const { key, keyId } = createKey(first.engine, 'free');
    await callMany(first.url('/pets'), 72, key);
    expect(first.engine.services.quota.liftBan(keyId)).toBe(true);
    await first.stop();
    clock.advance(MINUTE);
    const second = await start(dataDir, clock);
    expect((await call(second.url('/pets'), { key })).status).toBe(200);
    expect(
      readDatabase(dataDir, (db) => db.prepare('SELECT lifted_at AS liftedAt FROM bans WHERE key_id = ?').get(keyId)),
    ).toEqual({ liftedAt: T0 });
  });
});
