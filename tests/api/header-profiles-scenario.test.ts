/**
 * The lab's own honouring client (the honour-retry-after scenario) under every header profile: it
 * reads a refusal by its code (github's 403), Retry-After in both forms, and the reset headers when
 * there is no Retry-After, so it waits exactly once, for the minute window, and is never banned.
 */
import { afterEach, expect, it } from 'vitest';
import { newProgress, runScenario } from '../../src/main/lab/scenarios';
import { HEADER_PROFILES } from '../../src/shared/header-profiles';
import { ScenarioSchema } from '../../src/shared/lab';
import { createKey, startLimitsServer, type LimitsServer } from '../helpers/limits-server';

let server: LimitsServer | undefined;
afterEach(async () => {
  await server?.cleanup();
  server = undefined;
});

for (const profile of HEADER_PROFILES) {
  it(`honour-retry-after under ${profile}: one refusal, then the next window`, async () => {
    server = await startLimitsServer();
    const { engine } = server;
    engine.lab.turnOn();
    engine.headerProfile.set(profile);
    const { key } = createKey(engine, 'free');
    const scenario = ScenarioSchema.parse({ kind: 'honour-retry-after', key, count: 65 });
    const progress = newProgress(1, scenario, 0);
    const target = { baseUrl: server.running.baseUrl, advanceLabClock: (ms: number) => engine.lab.advanceIfOn(ms) };
    await runScenario(target, scenario, progress, new AbortController().signal, { maxRequests: 1_000, maxMs: 60_000 });
    expect(progress).toMatchObject({ state: 'finished', sent: 65, counts: { '200': 64, rate_limited: 1 } });
    // To the minute window's reset (T0 is 30.25 s into its minute), not a 1 s guess.
    expect(progress.labAdvancedMs).toBeGreaterThanOrEqual(29_750);
  });
}
