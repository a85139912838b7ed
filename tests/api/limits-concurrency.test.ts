/** Exact counting when many requests arrive at once: never one more, never one fewer. */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { addKey, call, createKey, startLimitsServer, type Answer, type LimitsServer } from '../helpers/limits-server';

let server: LimitsServer;
beforeEach(async () => {
  server = await startLimitsServer();
});
afterEach(async () => {
  await server.cleanup();
});

const tally = (answers: Answer[]) => {
  const counts: Record<string, number> = {};
  for (const answer of answers) {
    const label = answer.status === 200 ? '200' : `${answer.status} ${answer.code}`;
    counts[label] = (counts[label] ?? 0) + 1;
  }
  return counts;
};

describe('counting under concurrency', () => {
  it('200 parallel requests against a limit of 50: exactly 50 served, 150 refused', async () => {
    const { key, accountId } = createKey(server.engine, 'enterprise', { perMinute: 50, perDay: 1_000_000 });
    const answers = await Promise.all(Array.from({ length: 200 }, () => call(server.url('/pets'), { key })));

    const served = answers.filter((answer) => answer.status === 200);
    expect(served).toHaveLength(50);
    expect(answers.filter((answer) => answer.status === 429)).toHaveLength(150);
    // Each accepted request saw its own remaining figure: 49, 48, ..., 0, each exactly once.
    expect(served.map((answer) => answer.limits.remaining).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 50 }, (_, i) => i),
    );
    // After the first 429, 10 more are tolerated (strikes 1..10); the 12th refusal bans the key.
    expect(tally(answers)).toEqual({ '200': 50, '429 rate_limited': 11, '429 api_key_banned': 139 });

    const report = server.engine.services.quota.report(accountId);
    expect(report.minute).toMatchObject({ used: 50, limit: 50, rejected: 150 });
    expect(report.day).toMatchObject({ used: 50, rejected: 150 });
    expect(report.activeBans).toHaveLength(1);
  });

  it('keys of one account racing each other share one exact count', async () => {
    server.engine.services.plans.update('enterprise', { banThreshold: 1000 });
    const first = createKey(server.engine, 'enterprise', { perMinute: 1_000, perDay: 75 });
    const keys = [first, addKey(server.engine, first.accountId), addKey(server.engine, first.accountId)];
    const answers = await Promise.all(
      Array.from({ length: 150 }, (_, i) => call(server.url('/pets'), { key: keys[i % keys.length]!.key })),
    );
    expect(tally(answers)).toEqual({ '200': 75, '429 rate_limited': 75 });
    expect(server.engine.services.quota.report(first.accountId).day).toMatchObject({
      used: 75,
      limit: 75,
      rejected: 75,
    });
    const next = await call(server.url('/pets'), { key: first.key });
    expect(next).toMatchObject({ status: 429, limits: { limit: 75, remaining: 0 } });
  });

  it('parallel creations are counted before they queue: exactly the limit get their 201', async () => {
    const { key } = createKey(server.engine, 'enterprise', { perMinute: 10, perDay: 1_000 });
    const create = (i: number) =>
      call(server.url('/pets'), {
        key,
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ name: `Pet ${i}`, categoryId: 1 }),
      });
    const answers = await Promise.all(Array.from({ length: 25 }, (_, i) => create(i)));
    expect(answers.filter((answer) => answer.status === 201)).toHaveLength(10);
    expect(answers.filter((answer) => answer.status === 429)).toHaveLength(15);
    expect(server.engine.services.pets.browse({ limit: 100, offset: 0 }).total).toBe(10);
  });

  it('parallel keyless requests from one address: exactly the Free figure get their 401', async () => {
    const answers = await Promise.all(Array.from({ length: 100 }, () => call(server.url('/pets'))));
    expect(tally(answers)).toEqual({ '401 unauthorized': 60, '429 rate_limited': 40 });
  });
});
