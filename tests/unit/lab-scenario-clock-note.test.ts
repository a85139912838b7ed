/**
 * `scenario run` says "waits move the clock" only for a scenario that waits (honour-retry-after):
 * burst, steady and ignore-retry-after run in real time even with the lab clock on.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { scenarioWaits } from '../../src/main/lab/scenarios';
import { SCENARIO_KINDS } from '../../src/shared/lab';
import { createKey, startLimitsServer, type LimitsServer } from '../helpers/limits-server';
import { runCliInProcess } from '../helpers/cli-in-process';

const NOTE = 'lab clock on: waits move the clock';

let server: LimitsServer | undefined;
afterEach(async () => {
  await server?.cleanup();
  server = undefined;
});

describe('the lab clock note of scenario run', () => {
  it('only the honouring client waits', () => {
    expect(SCENARIO_KINDS.filter(scenarioWaits)).toEqual(['honour-retry-after']);
  });

  // Two CLI runs (each starts a process): a real-time one, and the one that waits.
  it('is printed for honour-retry-after, not for steady', async () => {
    server = await startLimitsServer();
    server.engine.lab.turnOn();
    const { key } = createKey(server.engine, 'pro');
    const runs = {
      steady: ['steady', '--rate', '2', '--seconds', '1'],
      'honour-retry-after': ['honour-retry-after', '--count', '2'],
    };
    for (const [kind, args] of Object.entries(runs)) {
      const result = await runCliInProcess(server.dataDir, ['scenario', 'run', ...args, '--key', key]);
      expect(result.code, result.stderr).toBe(0);
      expect(result.stderr, kind).toContain(`Running ${kind} against`);
      if (kind === 'honour-retry-after') expect(result.stderr).toContain(NOTE);
      else expect(result.stderr, kind).not.toContain(NOTE);
    }
  }, 60_000);
});
