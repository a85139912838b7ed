/**
 * Writes from another process (the CLI) on the same file are picked up by the engine itself: a
 * face reads through services, sites, lab or clock and sees them within 250 ms, calling nothing;
 * latest() sees them at once.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { Engine } from '../../src/main/engine/engine';
import { makeTempDir, removeTempDir } from '../helpers/temp-dir';

const PICKUP_MS = 250;
const opened: Engine[] = [];
const dirs: string[] = [];

afterEach(() => {
  for (const engine of opened.splice(0)) engine.close();
  for (const dir of dirs.splice(0)) removeTempDir(dir);
});

/** Two engines on one data dir, as a serving process and the CLI have. */
function twoProcesses(): { server: Engine; cli: Engine } {
  const dataDir = makeTempDir('adoption-desk-external');
  dirs.push(dataDir);
  const server = new Engine({ dataDir, environment: 'production' });
  const cli = new Engine({ dataDir, environment: 'production' });
  opened.push(server, cli);
  return { server, cli };
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('writes from another process', () => {
  it('reach reads through services within 250 ms, with nothing called by the face', async () => {
    const { server, cli } = twoProcesses();
    // The server has just asked: the next ask waits for its timer.
    expect(server.services.keys.list()).toEqual([]);
    const { key, record } = cli.services.keys.createOnNewAccount({ account: { planId: 'free' } });
    await pause(PICKUP_MS + 50);
    expect(server.services.keys.authenticate(key)?.keyId).toBe(record.id);

    cli.services.keys.revoke(record.id);
    await pause(PICKUP_MS + 50);
    expect(server.services.keys.authenticate(key)).toBeNull();
  });

  it('reach the lab clock through engine.clock', async () => {
    const { server, cli } = twoProcesses();
    expect(server.clock.isOn).toBe(false);
    cli.lab.advance(3_600_000);
    await pause(PICKUP_MS + 50);
    expect(server.clock.isOn).toBe(true);
    expect(server.clock.offset).toBe(3_600_000);
  });

  it('reach latest() at once, inside the 250 ms', () => {
    const { server, cli } = twoProcesses();
    const { key, record } = cli.services.keys.createOnNewAccount({ account: { planId: 'free' } });
    expect(server.services.keys.authenticate(key)?.keyId).toBe(record.id);
    cli.services.keys.revoke(record.id);
    expect(server.latest().services.keys.authenticate(key)).toBeNull();
  });
});
