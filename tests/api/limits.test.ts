/** Plan limits over real HTTP (docs/contract.md, "Plan limits"): headers, counting, 429s, bans, keyless callers, windows. */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  addKey,
  call,
  callMany,
  createKey,
  DAY,
  expectConsistentHeaders,
  MINUTE,
  startLimitsServer,
  T0,
  unixSeconds,
  type Answer,
  type LimitsServer,
} from '../helpers/limits-server';

let server: LimitsServer;
beforeEach(async () => {
  server = await startLimitsServer();
});
afterEach(async () => {
  await server.cleanup();
});

const petsUrl = () => server.url('/pets');
const statuses = (answers: Answer[]) => answers.map((a) => a.status);
const codes = (answers: Answer[]) => answers.map((a) => a.code);
const minuteEndOf = (now: number) => now - (now % MINUTE) + MINUTE;
const dayEndOf = (now: number) => now - (now % DAY) + DAY;

/** Retry-After is whole seconds until the window resets, and lands on X-RateLimit-Reset. */
function expectRetryAfterUntil(answer: Answer, resetAt: number, now: number): void {
  expect(answer.limits.retryAfter).toBe(Math.max(1, Math.ceil((resetAt - now) / 1000)));
  expect(answer.limits.reset).toBe(resetAt / 1000);
  if (now % 1000 !== 0) expect(unixSeconds(now) + answer.limits.retryAfter!).toBe(answer.limits.reset);
}

describe('rate-limit headers on every /v1 response', () => {
  it('carries all five headers, consistent with each other, on 200 (GET, HEAD), 201, 204, 400, 404, 405, 413, 415 and openapi.json', async () => {
    const { key } = createKey(server.engine, 'free');
    const json = { 'content-type': 'application/json' };
    const cases: { what: string; path: string; init?: RequestInit; status: number }[] = [
      { what: 'list', path: '/pets', status: 200 },
      { what: 'head', path: '/pets', init: { method: 'HEAD' }, status: 200 },
      { what: 'api root', path: '', status: 404 },
      {
        what: 'create',
        path: '/pets',
        init: { method: 'POST', headers: json, body: JSON.stringify({ name: 'Rex', categoryId: 1 }) },
        status: 201,
      },
      { what: 'bad query', path: '/pets?limit=abc', status: 400 },
      { what: 'unknown path', path: '/nope', status: 404 },
      { what: 'unknown pet', path: '/pets/999999', status: 404 },
      { what: 'wrong method', path: '/pets', init: { method: 'DELETE' }, status: 405 },
      { what: 'preflight', path: '/pets', init: { method: 'OPTIONS' }, status: 204 },
      {
        what: 'too large',
        path: '/pets',
        init: { method: 'POST', headers: json, body: JSON.stringify({ name: 'x'.repeat(1024 * 1024), categoryId: 1 }) },
        status: 413,
      },
      {
        what: 'text body',
        path: '/pets',
        init: { method: 'POST', headers: { 'content-type': 'text/plain' }, body: 'Rex' },
        status: 415,
      },
      { what: 'openapi', path: '/openapi.json', status: 200 },
    ];
    let used = 0;
    for (const { what, path, init, status } of cases) {
      const answer = await call(server.url(path), { ...init, key });
      expect(answer.status, what).toBe(status);
      used += 1; // any answer but a 429 uses one unit of both windows
      expect(answer.limits.policy.get('minute')!.q, what).toBe(60);
      expect(answer.limits.policy.get('day')!.q, what).toBe(1000);
      expect(answer.limits.windows.get('minute')!.r, what).toBe(60 - used);
      expect(answer.limits.windows.get('day')!.r, what).toBe(1000 - used);
      expectConsistentHeaders(answer.limits, T0);
    }
    // 10:00:30.250 → the minute window binds and resets at 10:01:00 (t = 30 s); the day at midnight.
    const last = await call(petsUrl(), { key });
    expect(last.limits).toMatchObject({
      limit: 60,
      remaining: 60 - used - 1,
      reset: Date.UTC(2026, 5, 1, 10, 1) / 1000,
    });
    expect(last.limits.windows.get('minute')!.t).toBe(30);
    expect(last.limits.windows.get('day')!.t).toBe(Math.ceil((Date.UTC(2026, 5, 2) - T0) / 1000));
  });

  it('carries them on 401 (per address), 410 and 429 too', async () => {
    const unauthorized = await call(petsUrl());
    expect(unauthorized.status).toBe(401);
    expect(unauthorized.limits).toMatchObject({ limit: 60, remaining: 59 });
    expectConsistentHeaders(unauthorized.limits, T0);

    const { key } = createKey(server.engine, 'enterprise', { perMinute: 1, perDay: 100 });
    const pet = server.engine.services.pets.create({ name: 'Old', categoryId: 1 });
    server.clock.set(Date.UTC(2030, 11, 6, 8, 0, 0, 500)); // after GET /pets/{id}'s sunset
    const gone = await call(server.url(`/pets/${pet.id}`), { key });
    expect(gone.status).toBe(410);
    expect(gone.limits).toMatchObject({ limit: 1, remaining: 0 });
    expectConsistentHeaders(gone.limits, server.clock.now());

    const limited = await call(petsUrl(), { key });
    expect(limited.status).toBe(429);
    expectConsistentHeaders(limited.limits, server.clock.now());
  });
});

describe('counting', () => {
  it('an accepted request uses one unit of both windows; a 429 uses none', async () => {
    const { key, accountId } = createKey(server.engine, 'free');
    const accepted = await callMany(petsUrl(), 60, key);
    expect(statuses(accepted)).toEqual(Array(60).fill(200));
    expect(accepted.map((a) => a.limits.remaining)).toEqual(Array.from({ length: 60 }, (_, i) => 59 - i));
    expect(accepted.map((a) => a.limits.windows.get('day')!.r)).toEqual(Array.from({ length: 60 }, (_, i) => 999 - i));

    const rejected = await callMany(petsUrl(), 5, key);
    expect(codes(rejected)).toEqual(Array(5).fill('rate_limited'));
    for (const answer of rejected) expect(answer.limits.windows.get('day')!.r).toBe(940);
    expect(server.engine.services.quota.report(accountId).minute).toMatchObject({ used: 60, rejected: 5 });

    server.clock.advance(MINUTE);
    const next = await call(petsUrl(), { key });
    expect(next.status).toBe(200);
    expect(next.limits.remaining).toBe(59);
    expect(next.limits.windows.get('day')!.r).toBe(939);
  });

  it('all keys of an account share its quota; other accounts are unaffected', async () => {
    const first = createKey(server.engine, 'free');
    const second = addKey(server.engine, first.accountId);
    const other = createKey(server.engine, 'free');
    expect(statuses(await callMany(petsUrl(), 30, first.key))).toEqual(Array(30).fill(200));
    const fromSecond = await callMany(petsUrl(), 30, second.key);
    expect(fromSecond.at(-1)).toMatchObject({ status: 200, limits: { remaining: 0 } });
    expect((await call(petsUrl(), { key: first.key })).code).toBe('rate_limited');
    expect((await call(petsUrl(), { key: second.key })).code).toBe('rate_limited');
    const unrelated = await call(petsUrl(), { key: other.key });
    expect(unrelated).toMatchObject({ status: 200, limits: { remaining: 59 } });
  });

  it('answers 429 rate_limited naming the window and its reset, with a consistent Retry-After', async () => {
    const { key } = createKey(server.engine, 'free');
    await callMany(petsUrl(), 60, key);
    const resetAt = Date.UTC(2026, 5, 1, 10, 1);
    const limited = await call(petsUrl(), { key });
    expect(limited).toMatchObject({ status: 429, code: 'rate_limited' });
    expect(limited.message).toContain('per minute');
    expect(limited.message).toContain(new Date(resetAt).toISOString());
    expect(limited.limits).toMatchObject({ limit: 60, remaining: 0, retryAfter: 30 });
    expectRetryAfterUntil(limited, resetAt, T0);

    for (const now of [
      Date.UTC(2026, 5, 1, 10, 0, 45),
      Date.UTC(2026, 5, 1, 10, 0, 59, 1),
      Date.UTC(2026, 5, 1, 10, 0, 59, 999),
    ]) {
      server.clock.set(now);
      const answer = await call(petsUrl(), { key });
      expect(answer.code).toBe('rate_limited');
      expectRetryAfterUntil(answer, resetAt, now);
    }
  });
});

describe('temporary ban of a key', () => {
  it('bans after more than 10 requests following a 429, for 15 minutes, per key', async () => {
    const banned = createKey(server.engine, 'free');
    const sibling = addKey(server.engine, banned.accountId);
    const answers = await callMany(petsUrl(), 72, banned.key);
    expect(statuses(answers.slice(0, 60))).toEqual(Array(60).fill(200));
    expect(codes(answers.slice(60, 71))).toEqual(Array(11).fill('rate_limited'));
    const ban = answers[71]!;
    expect(ban).toMatchObject({ status: 429, code: 'api_key_banned', limits: { retryAfter: 900 } });
    expect(server.engine.services.quota.listActiveBans()).toEqual([
      expect.objectContaining({
        keyId: banned.keyId,
        accountId: banned.accountId,
        startedAt: T0,
        until: T0 + 15 * MINUTE,
      }),
    ]);

    // The other key of the account is not banned; it only shares the exhausted quota.
    expect((await call(petsUrl(), { key: sibling.key })).code).toBe('rate_limited');

    server.clock.advance(5 * MINUTE + 500);
    const later = await call(petsUrl(), { key: banned.key });
    expect(later).toMatchObject({ status: 429, code: 'api_key_banned', limits: { retryAfter: 600 } });
    expect(later.limits.remaining).toBe(60); // a banned request uses no quota
    // A ban is no window: Retry-After counts the ban down while X-RateLimit-Reset stays the quota's
    // (the minute that began at 10:05), as docs/contract.md says.
    expect(later.limits.reset).toBe(Date.UTC(2026, 5, 1, 10, 6, 0) / 1000);
    expect((await call(petsUrl(), { key: sibling.key })).status).toBe(200);

    server.clock.set(T0 + 15 * MINUTE - 1);
    expect(await call(petsUrl(), { key: banned.key })).toMatchObject({
      code: 'api_key_banned',
      limits: { retryAfter: 1 },
    });
    server.clock.set(T0 + 15 * MINUTE);
    expect((await call(petsUrl(), { key: banned.key })).status).toBe(200);
  });

  it('forgets strikes when the window resets', async () => {
    const { key } = createKey(server.engine, 'free');
    const firstMinute = await callMany(petsUrl(), 71, key);
    expect(codes(firstMinute.slice(60))).toEqual(Array(11).fill('rate_limited'));
    server.clock.advance(MINUTE);
    const secondMinute = await callMany(petsUrl(), 71, key);
    expect(statuses(secondMinute.slice(0, 60))).toEqual(Array(60).fill(200));
    expect(codes(secondMinute.slice(60))).toEqual(Array(11).fill('rate_limited'));
  });

  it("uses the plan's threshold and ban length, changed on the next request", async () => {
    const { key } = createKey(server.engine, 'free');
    await callMany(petsUrl(), 60, key);
    expect(codes(await callMany(petsUrl(), 5, key))).toEqual(Array(5).fill('rate_limited')); // strikes 0..4
    server.engine.services.plans.update('free', { banThreshold: 2, banMinutes: 1 });
    expect(await call(petsUrl(), { key })).toMatchObject({ code: 'api_key_banned', limits: { retryAfter: 60 } });
    server.clock.advance(MINUTE);
    expect((await call(petsUrl(), { key })).status).toBe(200);
  });

  it('bans after threshold + 1 further requests with a lowered threshold', async () => {
    server.engine.services.plans.update('free', { banThreshold: 2, banMinutes: 1 });
    const { key } = createKey(server.engine, 'free');
    const answers = await callMany(petsUrl(), 64, key);
    expect(codes(answers.slice(60))).toEqual(['rate_limited', 'rate_limited', 'rate_limited', 'api_key_banned']);
    expect(answers[63]!.limits.retryAfter).toBe(60);
  });

  it('after a ban has run out, the next round of strikes still bans at the threshold, even if staff look at the ban list', async () => {
    const { key } = createKey(server.engine, 'free');
    expect((await callMany(petsUrl(), 72, key)).at(-1)!.code).toBe('api_key_banned');
    server.clock.set(T0 + 15 * MINUTE); // the ban has run out; a fresh minute
    const round = await callMany(petsUrl(), 65, key); // 60 served, a 429, then 4 more (strikes 1..4)
    expect(statuses(round.slice(0, 60))).toEqual(Array(60).fill(200));
    expect(codes(round.slice(60))).toEqual(Array(5).fill('rate_limited'));
    // Staff open the ban list (the GUI and `bans list` call this); it must not forgive the key.
    expect(server.engine.services.quota.listActiveBans()).toEqual([]);
    const rest = await callMany(petsUrl(), 7, key); // strikes 5..10, then the 11th further request
    expect(codes(rest)).toEqual([...Array(6).fill('rate_limited'), 'api_key_banned']);
  });

  it('staff can lift a ban: the key is served again once its window allows', async () => {
    const { key, keyId } = createKey(server.engine, 'free');
    expect((await callMany(petsUrl(), 72, key)).at(-1)!.code).toBe('api_key_banned');
    const { quota } = server.engine.services;
    expect(quota.liftBan(keyId)).toBe(true);
    expect(() => quota.liftBan(keyId)).toThrow(/is not banned/);
    expect(quota.listActiveBans()).toEqual([]);
    expect((await call(petsUrl(), { key })).code).toBe('rate_limited'); // still the exhausted minute
    server.clock.advance(MINUTE);
    expect(await call(petsUrl(), { key })).toMatchObject({ status: 200, limits: { remaining: 59 } });
  });
});

describe('requests without a valid key', () => {
  it('are limited per address with the Free figures, 429 before 401, never banned, and use no account quota', async () => {
    const { key } = createKey(server.engine, 'free');
    const refused = ['', 'Bearer adk_live_unknown', 'Basic abc', 'Bearer '];
    const anonymous: Answer[] = [];
    for (let i = 0; i < 60; i += 1) {
      const authorization = refused[i % refused.length]!;
      anonymous.push(await call(petsUrl(), { headers: authorization ? { authorization } : {} }));
    }
    expect(statuses(anonymous)).toEqual(Array(60).fill(401));
    expect(anonymous.map((a) => a.limits.remaining)).toEqual(Array.from({ length: 60 }, (_, i) => 59 - i));
    const over = await callMany(petsUrl(), 20, undefined);
    expect(codes(over)).toEqual(Array(20).fill('rate_limited'));
    expect(over[0]!.limits).toMatchObject({ limit: 60, remaining: 0, retryAfter: 30 });
    const badKey = await call(petsUrl(), { key: 'adk_live_guess' });
    expect(badKey).toMatchObject({ status: 429, code: 'rate_limited' });

    const valid = await call(petsUrl(), { key });
    expect(valid).toMatchObject({ status: 200, limits: { limit: 60, remaining: 59 } });
  });

  it("follow the Free plan's figures when they change", async () => {
    server.engine.services.plans.update('free', { perMinute: 3 });
    const answers = await callMany(petsUrl(), 4, undefined);
    expect(statuses(answers)).toEqual([401, 401, 401, 429]);
    expect(answers[0]!.limits.limit).toBe(3);
  });
});

describe('the day window', () => {
  it('binds before the minute window when it has fewer left, until UTC midnight', async () => {
    const { key } = createKey(server.engine, 'enterprise', { perMinute: 100, perDay: 5 });
    const midnight = Date.UTC(2026, 5, 2);
    const answers = await callMany(petsUrl(), 6, key);
    expect(statuses(answers)).toEqual([200, 200, 200, 200, 200, 429]);
    expect(answers.slice(0, 5).map((a) => a.limits.remaining)).toEqual([4, 3, 2, 1, 0]);
    for (const answer of answers) expect(answer.limits).toMatchObject({ limit: 5, reset: midnight / 1000 });
    const limited = answers[5]!;
    expect(limited.code).toBe('rate_limited');
    expect(limited.message).toContain('per day');
    expect(limited.message).toContain(new Date(midnight).toISOString());
    expectRetryAfterUntil(limited, midnight, T0);
    expect(limited.limits.retryAfter).toBe(50_370);

    server.clock.advance(MINUTE); // a new minute does not help
    expect((await call(petsUrl(), { key })).code).toBe('rate_limited');
    server.clock.set(midnight - 1);
    expectRetryAfterUntil(await call(petsUrl(), { key }), midnight, midnight - 1);
    server.clock.set(midnight);
    expect(await call(petsUrl(), { key })).toMatchObject({ status: 200, limits: { limit: 5, remaining: 4 } });
  });

  it('when both windows are at 0, the later reset binds so Retry-After matches X-RateLimit-Reset', async () => {
    const { key } = createKey(server.engine, 'enterprise', { perMinute: 3, perDay: 3 });
    const answers = await callMany(petsUrl(), 4, key);
    // While requests are left, a tie goes to the minute window (it resets first).
    expect(answers[0]!.limits).toMatchObject({ limit: 3, remaining: 2, reset: minuteEndOf(T0) / 1000 });
    expect(answers[2]!.limits).toMatchObject({ remaining: 0, reset: dayEndOf(T0) / 1000 });
    const limited = answers[3]!;
    expect(limited.message).toContain('per day');
    expectRetryAfterUntil(limited, dayEndOf(T0), T0);
  });
});

describe('window boundaries', () => {
  it('resets the minute counter at hh:mm:00.000, not a millisecond earlier', async () => {
    server.clock.set(Date.UTC(2026, 5, 1, 10, 0, 59, 999));
    const { key } = createKey(server.engine, 'free');
    await callMany(petsUrl(), 60, key);
    const limited = await call(petsUrl(), { key });
    expect(limited).toMatchObject({ code: 'rate_limited', limits: { retryAfter: 1 } });
    server.clock.set(Date.UTC(2026, 5, 1, 10, 1));
    const fresh = await call(petsUrl(), { key });
    expect(fresh).toMatchObject({ status: 200, limits: { remaining: 59, reset: Date.UTC(2026, 5, 1, 10, 2) / 1000 } });
    expect(fresh.limits.windows.get('day')!.r).toBe(939);
  });

  it('resets the day counter at 00:00:00.000 UTC', async () => {
    server.clock.set(Date.UTC(2026, 5, 1, 23, 59, 59, 999));
    const { key } = createKey(server.engine, 'enterprise', { perMinute: 1000, perDay: 10 });
    expect(statuses(await callMany(petsUrl(), 11, key)).at(-1)).toBe(429);
    server.clock.set(Date.UTC(2026, 5, 2));
    const fresh = await call(petsUrl(), { key });
    expect(fresh).toMatchObject({
      status: 200,
      limits: { limit: 10, remaining: 9, reset: Date.UTC(2026, 5, 3) / 1000 },
    });
    expect(fresh.limits.windows.get('minute')!.r).toBe(999);
  });
});

describe('plan changes take effect on the next request', () => {
  it('moving an account to another plan keeps its usage', async () => {
    const { key, accountId } = createKey(server.engine, 'free');
    await callMany(petsUrl(), 10, key);
    server.engine.services.accounts.setPlan(accountId, { planId: 'pro' });
    expect((await call(petsUrl(), { key })).limits).toMatchObject({ limit: 300, remaining: 289 });
    server.engine.services.accounts.setPlan(accountId, { planId: 'enterprise', perMinute: 12, perDay: 50 });
    expect((await call(petsUrl(), { key })).limits).toMatchObject({ limit: 12, remaining: 0 });
    const limited = await call(petsUrl(), { key });
    expect(limited.code).toBe('rate_limited');
    expect(limited.message).toContain('12 requests per minute');
  });

  it("editing a plan's figures applies to its accounts", async () => {
    const { key } = createKey(server.engine, 'free');
    await callMany(petsUrl(), 3, key);
    server.engine.services.plans.update('free', { perMinute: 5, perDay: 400 });
    const answers = await callMany(petsUrl(), 3, key);
    expect(statuses(answers)).toEqual([200, 200, 429]);
    expect(answers[0]!.limits).toMatchObject({ limit: 5, remaining: 1 });
    expect(answers[0]!.limits.policy.get('day')!.q).toBe(400);
  });
});
