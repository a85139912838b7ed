/**
 * The scenario runs a long-running process keeps for the GUI: by id and environment, at most two
 * running at once, cancelled by id; a key the environment does not accept starts nothing.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { ScenarioRuns, type ScenarioEnvironment } from '../../src/main/lab/scenario-runs';
import { AppError } from '../../src/shared/errors';
import type { Environment } from '../../src/shared/environments';
import type { Scenario } from '../../src/shared/lab';

const burst: Scenario = { kind: 'burst', key: 'adk_live_whatever', count: 5 };

function environments(accepted: boolean): (environment: Environment) => ScenarioEnvironment {
  return (environment) => ({
    environment,
    services: { keys: { authenticate: () => (accepted ? { keyId: 7, accountId: 3 } : null) } },
    lab: { advanceIfOn: () => false },
  });
}

function refusal(run: () => unknown): AppError {
  try {
    run();
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error('expected a refusal');
}

/** A server that holds every request: runs against it stay running until cancelled. */
let silent: http.Server | undefined;
async function silentServer(): Promise<string> {
  silent = http.createServer(() => undefined);
  await new Promise<void>((resolve) => silent!.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(silent.address() as AddressInfo).port}/v1`;
}
afterEach(async () => {
  silent?.closeAllConnections();
  await new Promise((resolve) => silent?.close(resolve) ?? resolve(undefined));
  silent = undefined;
});

describe('scenario runs', () => {
  it('refuses a key the environment does not accept, and starts nothing', () => {
    const runs = new ScenarioRuns(environments(false));
    const error = refusal(() => runs.start('staging', 'http://127.0.0.1:9/v1', burst));
    expect(error.code).toBe('validation_failed');
    expect(error.message).toContain('staging API key');
    expect(runs.list('staging')).toEqual([]);
  });

  it('keeps runs by environment, allows two at once, and cancels by id', async () => {
    const baseUrl = await silentServer();
    const runs = new ScenarioRuns(environments(true));
    const first = runs.start('production', baseUrl, burst);
    const second = runs.start('staging', baseUrl, burst);
    expect([first.id, second.id]).toEqual([1, 2]);
    expect(first).toMatchObject({ kind: 'burst', keyId: 7, state: 'running' });
    expect(refusal(() => runs.start('production', baseUrl, burst))).toMatchObject({ code: 'conflict' });
    expect(runs.list('production').map((run) => run.id)).toEqual([1]);
    expect(refusal(() => runs.cancel('production', 2))).toMatchObject({
      code: 'not_found',
      message: 'There is no scenario run 2 in production.',
    });

    runs.cancel('production', 1);
    runs.cancel('staging', 2);
    await expect.poll(() => runs.list('production')[0]?.state).toBe('cancelled');
    await expect.poll(() => runs.list('staging')[0]?.state).toBe('cancelled');
    expect(refusal(() => runs.cancel('production', 1))).toMatchObject({
      code: 'conflict',
      message: 'Scenario run 1 has already ended (cancelled).',
    });
    expect(runs.start('production', baseUrl, burst).id).toBe(3);
    runs.cancel('production', 3);
  });
});
