/**
 * Scripted traffic: scenarios stop at their bounds (count, time, cancellation), target only this
 * machine, and show both sides of the compliance report; the honouring client moves the lab clock.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { keyCompliance } from '../../src/main/lab/compliance-report';
import { failsGate, type ComplianceReport } from '../../src/shared/compliance';
import { newProgress, runScenario, scenarioUrl, type ScenarioTarget } from '../../src/main/lab/scenarios';
import { ScenarioSchema, type Scenario } from '../../src/shared/lab';
import { createKey, pollUntil, startLimitsServer, type LimitsServer } from '../helpers/limits-server';
import { runCliInProcess } from '../helpers/cli-in-process';

let server: LimitsServer | undefined;
afterEach(async () => {
  await server?.cleanup();
  server = undefined;
});

function target(): ScenarioTarget {
  const engine = server!.engine;
  return {
    baseUrl: server!.running.baseUrl,
    advanceLabClock: (ms) => engine.lab.advanceIfOn(ms),
  };
}

async function run(scenario: Scenario, options: { maxRequests?: number; maxMs?: number; signal?: AbortSignal } = {}) {
  const parsed = ScenarioSchema.parse(scenario);
  const progress = newProgress(1, parsed, 0);
  await runScenario(target(), parsed, progress, options.signal ?? new AbortController().signal, {
    maxRequests: options.maxRequests ?? 1_000,
    maxMs: options.maxMs ?? 60_000,
  });
  return progress;
}

const logged = (keyId: number) => server!.engine.requestLog.list({ keyId, limit: 5_000 }).length;

describe('scenarios stop at their bounds', () => {
  it('burst sends exactly its count; the count bound cuts a longer one', async () => {
    server = await startLimitsServer();
    const { key, keyId } = createKey(server.engine, 'pro');
    const burst = await run({ kind: 'burst', key, count: 5 });
    expect(burst).toMatchObject({ state: 'finished', sent: 5, planned: 5, counts: { '200': 5 } });
    const capped = await run({ kind: 'burst', key, count: 1_000 }, { maxRequests: 7 });
    expect(capped).toMatchObject({ state: 'finished', sent: 7, planned: 7 });
    expect(logged(keyId)).toBe(12);
  });

  it('steady keeps its rate for its time; the time bound and cancellation stop it early', async () => {
    server = await startLimitsServer();
    const { key } = createKey(server.engine, 'pro');
    expect(await run({ kind: 'steady', key, rate: 20, seconds: 1 })).toMatchObject({ state: 'finished', sent: 20 });

    const bounded = await run({ kind: 'steady', key, rate: 10, seconds: 10 }, { maxMs: 350 });
    expect(bounded.state).toBe('stopped');
    expect(bounded.note).toMatch(/time bound/);
    expect(bounded.sent).toBeGreaterThan(0);
    expect(bounded.sent).toBeLessThanOrEqual(5);

    const controller = new AbortController();
    const running = run({ kind: 'steady', key, rate: 10, seconds: 10 }, { signal: controller.signal });
    await pollUntil(() => server!.engine.requestLog.list({ limit: 100 }).length >= 22 || undefined, 5_000);
    controller.abort();
    const cancelled = await running;
    expect(cancelled.state).toBe('cancelled');
    expect(cancelled.sent).toBeLessThan(20);
  });

  it('refuses targets off this machine, and scenarios without their figures', () => {
    expect(() => scenarioUrl('http://example.com:4010/v1')).toThrow(/this machine/);
    expect(() => scenarioUrl('http://10.0.0.5:4010/v1')).toThrow(/this machine/);
    expect(scenarioUrl('http://127.0.0.1:4010/v1')).toBe('http://127.0.0.1:4010/v1/pets?limit=1');
    expect(ScenarioSchema.safeParse({ kind: 'steady', key: 'k', rate: 50, seconds: 30 }).success).toBe(false);
    expect(ScenarioSchema.safeParse({ kind: 'burst', key: 'k' }).success).toBe(false);
    expect(ScenarioSchema.safeParse({ kind: 'burst', key: 'k', count: 1_001 }).success).toBe(false);
  });
});

const verdictsOf = (report: ComplianceReport) =>
  Object.fromEntries(report.rules.map((rule) => [rule.rule, rule.verdict]));

describe('the report sees both kinds of client', () => {
  it('ignoring Retry-After fails every rule; honouring it (moving the lab clock) passes them', async () => {
    server = await startLimitsServer();
    const { engine } = server;
    engine.lab.turnOn();
    const rude = createKey(engine, 'free');
    const ignored = await run({ kind: 'ignore-retry-after', key: rude.key, count: 75 });
    expect(ignored.counts).toMatchObject({ '200': 60, rate_limited: 11, api_key_banned: 4 });
    expect(verdictsOf(keyCompliance(engine, rude.keyId))).toMatchObject({
      'retry-after': 'fail',
      backoff: 'fail',
      'gives-up': 'fail',
      ban: 'fail',
    });

    const polite = createKey(engine, 'free');
    const before = engine.clock.now();
    const honoured = await run({ kind: 'honour-retry-after', key: polite.key, count: 75 });
    expect(honoured).toMatchObject({ state: 'finished', sent: 75, counts: { '200': 74, rate_limited: 1 } });
    expect(honoured.labAdvancedMs).toBeGreaterThanOrEqual(1_000);
    expect(engine.clock.now() - before).toBeGreaterThanOrEqual(honoured.labAdvancedMs);
    const report = keyCompliance(engine, polite.keyId);
    // It honours Retry-After, but reads no X-RateLimit-Remaining: 0, so it meets a 429 (advice, not a failure).
    expect(verdictsOf(report)).toEqual({
      'retry-after': 'pass',
      'ratelimit-window': 'fail',
      backoff: 'pass',
      'backoff-cap': 'pass',
      'gives-up': 'pass',
      jitter: 'not_tested',
      'in-flight': 'not_tested',
      malformed: 'not_tested',
      idempotency: 'not_tested',
      ban: 'pass',
    });
    expect(failsGate(report)).toBe(false);
    expect(report.totals).toMatchObject({ requests: 75, wasted: 0 });
  });

  it('`scenario run` in the CLI drives the running server', async () => {
    server = await startLimitsServer();
    const { key, keyId } = createKey(server.engine, 'pro');
    const result = await runCliInProcess(server.dataDir, [
      '--json',
      'scenario',
      'run',
      'burst',
      '--key',
      key,
      '--count',
      '3',
    ]);
    expect(result.code, result.stderr).toBe(0);
    expect(JSON.parse(result.stdout), result.stderr).toMatchObject({
      state: 'finished',
      sent: 3,
      counts: { '200': 3 },
    });
    expect(logged(keyId), result.stderr).toBe(3);
    const refused = await runCliInProcess(server.dataDir, [
      'scenario',
      'run',
      'steady',
      '--key',
      key,
      '--rate',
      '60',
      '--seconds',
      '1',
    ]);
    expect(refused.code, refused.stderr).toBe(1);
    expect(refused.stderr).toMatch(/rate: must be 1 to 50/);
  });
});
