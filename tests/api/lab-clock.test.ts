/**
 * The lab clock: every derived figure (windows, X-RateLimit-*, RateLimit, Retry-After, Date, bans,
 * usage) follows it; the CLI (over its own engine) moves it for a running server; it survives a restart.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/shared/clock';
import {
  call,
  callMany,
  createKey,
  DAY,
  MINUTE,
  pollUntil,
  runCli,
  startLimitsServer,
  T0,
  type LimitsServer,
} from '../helpers/limits-server';

let server: LimitsServer | undefined;
afterEach(async () => {
  await server?.cleanup();
  server = undefined;
});

describe('the lab clock moves every derived figure', () => {
  it('headers, Retry-After, bans and usage follow advance, next-minute, next-day and reset', async () => {
    server = await startLimitsServer();
    const { engine } = server;
    const { key, keyId, accountId } = createKey(engine, 'free');
    const pets = server.url('/pets');
    expect(engine.lab.state()).toMatchObject({ on: false, offsetMs: 0, now: T0 });

    const accepted = await callMany(pets, 60, key);
    expect(accepted.every((answer) => answer.status === 200)).toBe(true);
    const limited = await call(pets, { key });
    expect(limited).toMatchObject({ status: 429, code: 'rate_limited' });
    // T0 is 10:00:30.250: the minute window resets in 29.75 s.
    expect(limited.limits.retryAfter).toBe(30);
    const minuteReset = Math.ceil((T0 - (T0 % MINUTE) + MINUTE) / 1000);
    expect(limited.limits.reset).toBe(minuteReset);

    engine.lab.advance(10_000);
    const later = await fetch(pets, { headers: { authorization: `Bearer ${key}` } });
    expect(later.status).toBe(429);
    expect(later.headers.get('retry-after')).toBe('20');
    expect(later.headers.get('x-ratelimit-reset')).toBe(String(minuteReset));
    expect(later.headers.get('ratelimit')).toMatch(/"minute";r=0;t=20/);
    expect(Date.parse(later.headers.get('date') ?? '')).toBe(Math.floor((T0 + 10_000) / 1000) * 1000);

    engine.lab.nextWindow('minute');
    expect(engine.clock.now()).toBe(T0 - (T0 % MINUTE) + MINUTE);
    const fresh = await call(pets, { key });
    expect(fresh).toMatchObject({ status: 200 });
    expect(fresh.limits.remaining).toBe(59);
    expect(engine.services.quota.report(accountId).minute).toMatchObject({
      used: 1,
      resetAt: T0 - (T0 % MINUTE) + 2 * MINUTE,
    });

    // 59 more, one 429, then more than 10 further requests: the ban, for 15 minutes of lab time.
    await callMany(pets, 59, key);
    const storm = await callMany(pets, 12, key);
    const banned = storm.at(-1);
    expect(banned).toMatchObject({ status: 429, code: 'api_key_banned' });
    expect(banned?.limits.retryAfter).toBe(900);
    engine.lab.advance(10 * MINUTE);
    expect((await call(pets, { key })).limits.retryAfter).toBe(300);
    expect(engine.services.quota.listActiveBans().map((ban) => ban.keyId)).toEqual([keyId]);
    engine.lab.advance(5 * MINUTE);
    expect((await call(pets, { key })).status).toBe(200);
    expect(engine.services.quota.listActiveBans()).toEqual([]);

    engine.lab.nextWindow('day');
    const tomorrow = await call(pets, { key });
    expect(tomorrow.status).toBe(200);
    expect(engine.services.quota.report(accountId).day).toMatchObject({ used: 1, resetAt: T0 - (T0 % DAY) + 2 * DAY });
    // Get banned in the lab's tomorrow: going back to real time forgets it, and tomorrow's usage.
    await callMany(pets, 59, key);
    await callMany(pets, 12, key);
    expect(engine.services.quota.listActiveBans()).toHaveLength(1);

    const state = engine.lab.reset();
    expect(state).toMatchObject({ on: false, offsetMs: 0, now: T0 });
    expect(engine.services.quota.listActiveBans()).toEqual([]);
    const today = engine.services.quota.report(accountId).day;
    expect(today.used).toBe(121);
    const back = await fetch(pets, { headers: { authorization: `Bearer ${key}` } });
    expect(back.status).toBe(429);
    expect(back.headers.get('retry-after')).toBe('30');
    expect(back.headers.get('date')).not.toBe(new Date(T0).toUTCString());
  });

  it('refuses to run more than a year ahead', async () => {
    server = await startLimitsServer();
    expect(() => server?.engine.lab.advance(367 * DAY)).toThrow(/366 days/);
    expect(server.engine.lab.state().on).toBe(false);
  });
});

describe('the CLI moves the clock of a running server', () => {
  it('advance, show and reset reach the server; the clock survives a restart', async () => {
    server = await startLimitsServer({ clock: new ManualClock(Date.now()) });
    const { engine, dataDir } = server;
    const { key } = createKey(engine, 'pro');
    const advanced = await runCli(dataDir, ['--json', 'clock', 'advance', '2h']);
    expect(advanced.code, advanced.stderr).toBe(0);
    expect(JSON.parse(advanced.stdout)).toMatchObject({ on: true, offsetMs: 7_200_000 });

    const lagOf = async () => {
      const response = await fetch(server!.url('/pets'), { headers: { authorization: `Bearer ${key}` } });
      return Date.parse(response.headers.get('date') ?? '') - server!.clock.now();
    };
    await pollUntil(async () => Math.abs((await lagOf()) - 7_200_000) < 2_000, 3_000);

    const shown = await runCli(dataDir, ['clock', 'show']);
    expect(shown.stdout).toMatch(/^Lab clock ON: .* \(\+2h from real time/);
    const bad = await runCli(dataDir, ['clock', 'advance', 'soon']);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toMatch(/not a duration/);

    await server.stop();
    server = await startLimitsServer({ clock: new ManualClock(Date.now()), dataDir });
    expect(server.engine.lab.state()).toMatchObject({ on: true, offsetMs: 7_200_000 });

    const reset = await runCli(dataDir, ['--json', 'clock', 'reset']);
    expect(JSON.parse(reset.stdout)).toMatchObject({ on: false, offsetMs: 0 });
    await pollUntil(() => server!.engine.lab.state().on === false || undefined, 3_000);
    expect(server.engine.clock.now()).toBe(server.clock.now());
  });
});
