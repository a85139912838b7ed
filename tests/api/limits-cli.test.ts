/**
 * The admin CLI, over its own engine (as a separate process would be), against the data dir of a running server: plan edits,
 * usage reports and resets, ban listing and lifting reach the server within about a second.
 *
 * The CLI reads the system clock, so the server's ManualClock starts at the real time here; the
 * minute window may roll over in real time during a test, which the assertions allow for exactly.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/shared/clock';
import {
  call,
  callMany,
  createKey,
  MINUTE,
  pollUntil,
  readDatabase,
  runCli,
  startLimitsServer,
  type LimitsServer,
} from '../helpers/limits-server';

/** After the CLI exits, the server must apply its write within this (contract: about a second). */
const PICKUP_MS = 2_000;
const POLL_MS = 100;

let server: LimitsServer;
beforeEach(async () => {
  server = await startLimitsServer({ clock: new ManualClock(Date.now()) });
});
afterEach(async () => {
  await server.cleanup();
});

const petsUrl = () => server.url('/pets');

async function cli(...args: string[]) {
  const result = await runCli(server.dataDir, args);
  expect(result.code, `cli ${args.join(' ')}: ${result.stderr}`).toBe(0);
  return result;
}

/** Waits until the running server has flushed `accepted` requests of the account's minute window. */
async function flushed(accountId: number, accepted: number): Promise<void> {
  const now = server.clock.now();
  const start = now - (now % MINUTE);
  await pollUntil(
    () =>
      readDatabase(
        server.dataDir,
        (db) =>
          db
            .prepare("SELECT accepted FROM usage_windows WHERE subject = ? AND kind = 'minute' AND start = ?")
            .get(`account:${accountId}`, start) as { accepted: number } | undefined,
      )?.accepted === accepted,
    3_000,
  );
}

describe('plans and accounts changed by the CLI while the server runs', () => {
  it('`plans set free --per-minute 5` applies to the running server', async () => {
    const { key } = createKey(server.engine, 'free');
    expect((await call(petsUrl(), { key })).limits.limit).toBe(60);
    const { stdout } = await cli('plans', 'set', 'free', '--per-minute', '5');
    expect(stdout).toMatch(/free\s+Free\s+5\s+1000\s+10\s+15/);
    const answer = await pollUntil(
      async () => {
        const a = await call(petsUrl(), { key });
        return a.limits.limit === 5 ? a : undefined;
      },
      PICKUP_MS,
      POLL_MS,
    );
    expect(answer.limits.policy.get('minute')!.q).toBe(5);
    // Keyless callers follow the Free figures too.
    expect((await call(petsUrl())).limits.limit).toBe(5);
  });

  it('`accounts set-plan` moves an account to Enterprise figures on its next request', async () => {
    const { key, accountId } = createKey(server.engine, 'free');
    await call(petsUrl(), { key });
    await cli(
      'accounts',
      'set-plan',
      String(accountId),
      '--plan',
      'enterprise',
      '--per-minute',
      '700',
      '--per-day',
      '900',
    );
    const answer = await pollUntil(
      async () => {
        const a = await call(petsUrl(), { key });
        return a.limits.limit === 700 ? a : undefined;
      },
      PICKUP_MS,
      POLL_MS,
    );
    expect(answer.limits.policy.get('day')!.q).toBe(900);
  });
});

describe('usage', () => {
  it('`usage show` prints both windows as a table and as JSON', async () => {
    const { key, accountId } = createKey(server.engine, 'free');
    await callMany(petsUrl(), 7, key);
    await flushed(accountId, 7);
    const now = server.clock.now();
    const serverMinute = now - (now % MINUTE);

    const json = JSON.parse((await cli('--json', 'usage', 'show', String(accountId))).stdout) as {
      accountId: number;
      minute: { used: number; limit: number; resetAt: number };
      day: { used: number; limit: number };
      lastHour: { start: number; accepted: number }[];
    };
    expect(json.accountId).toBe(accountId);
    expect(json.day).toMatchObject({ used: 7, limit: 1000 });
    expect(json.minute.limit).toBe(60);
    // The CLI reads the real clock: same minute as the server → 7 used; already the next → 0.
    expect(json.minute.used).toBe(json.minute.resetAt === serverMinute + MINUTE ? 7 : 0);
    expect(json.lastHour).toHaveLength(60);
    expect(json.lastHour.find((entry) => entry.start === serverMinute)?.accepted).toBe(7);

    const table = (await cli('usage', 'show', String(accountId))).stdout.trim().split('\n');
    expect(table[0]!.split(/\s+/)).toEqual(['window', 'used', 'limit', 'remaining', 'rejected', 'resetsAt']);
    const day = table.find((line) => line.startsWith('day'))!.split(/\s+/);
    expect(day.slice(0, 5)).toEqual(['day', '7', '1000', '993', '0']);
    expect(table.some((line) => /^minute\s+\d+\s+60\s/.test(line))).toBe(true);
  });

  it('`usage reset` while the server runs gives the account its full quota back', async () => {
    const { key, accountId } = createKey(server.engine, 'free');
    expect((await callMany(petsUrl(), 30, key)).at(-1)!.limits.remaining).toBe(30);
    const { stderr } = await cli('usage', 'reset', String(accountId));
    expect(stderr).toContain(`Usage of account ${accountId} is reset.`);
    const answer = await pollUntil(
      async () => {
        const a = await call(petsUrl(), { key });
        return a.limits.remaining === 59 ? a : undefined;
      },
      PICKUP_MS,
      POLL_MS,
    );
    expect(answer.limits.windows.get('day')!.r).toBe(999);
  });
});

describe('bans', () => {
  it('`bans list` shows a ban and `bans lift` ends it on the running server', async () => {
    const { key, keyId, accountId } = createKey(server.engine, 'free');
    expect((await callMany(petsUrl(), 72, key)).at(-1)!.code).toBe('api_key_banned');

    const listed = JSON.parse((await cli('--json', 'bans', 'list')).stdout) as {
      keyId: number;
      accountId: number;
      until: number;
      untilIso: string;
    }[];
    expect(listed).toEqual([
      expect.objectContaining({ keyId, accountId, until: expect.any(Number), untilIso: expect.any(String) }),
    ]);
    const until = listed[0]!.until;
    expect(listed[0]!.untilIso).toBe(new Date(until).toISOString());
    const [header, row] = (await cli('bans', 'list')).stdout.trimEnd().split('\n');
    expect(header!.split(/\s+/)).toEqual(['id', 'keyId', 'accountId', 'startedAt', 'until', 'remaining']);
    // The CLI reads the real clock, the server a ManualClock started at the real time: 15 minutes, or 14 and a bit.
    expect(row!.split(/\s{2,}/).slice(1)).toEqual([
      String(keyId),
      String(accountId),
      expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/),
      new Date(until).toISOString().replace(/\.\d{3}Z$/, 'Z'),
      expect.stringMatching(/^1[45] min$/),
    ]);

    const { stderr } = await cli('bans', 'lift', String(keyId));
    expect(stderr).toContain(`The ban on key ${keyId} is lifted.`);
    const answer = await pollUntil(
      async () => {
        const a = await call(petsUrl(), { key });
        return a.code !== 'api_key_banned' ? a : undefined;
      },
      PICKUP_MS,
      POLL_MS,
    );
    expect(answer.code).toBe('rate_limited'); // no longer banned; the minute is still used up
    server.clock.advance(MINUTE);
    expect((await call(petsUrl(), { key })).status).toBe(200);
    expect(server.engine.services.quota.listActiveBans()).toEqual([]);
  });

  it('an unrelated CLI write does not forgive the strikes of a key whose earlier ban ran out', async () => {
    const { key } = createKey(server.engine, 'free');
    const other = createKey(server.engine, 'free');
    expect((await callMany(petsUrl(), 72, key)).at(-1)!.code).toBe('api_key_banned');
    server.clock.advance(15 * MINUTE); // the ban has run out
    const round = await callMany(petsUrl(), 65, key); // 60 served, a 429, strikes 1..4
    expect(round.slice(60).map((answer) => answer.code)).toEqual(Array(5).fill('rate_limited'));

    // Staff move some other account to Pro from the CLI; wait until the server has seen it (its
    // figures are cached from a first request, so only the server's sync can show 300).
    expect((await call(petsUrl(), { key: other.key })).limits.limit).toBe(60);
    await cli('accounts', 'set-plan', String(other.accountId), '--plan', 'pro');
    await pollUntil(async () => (await call(petsUrl(), { key: other.key })).limits.limit === 300, PICKUP_MS, POLL_MS);

    const rest = await callMany(petsUrl(), 7, key); // strikes 5..10, then the 11th further request
    expect(rest.map((answer) => answer.code)).toEqual([...Array(6).fill('rate_limited'), 'api_key_banned']);
  });
});
