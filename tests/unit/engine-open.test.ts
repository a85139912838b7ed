import { Worker } from 'node:worker_threads';
import { afterAll, describe, expect, it } from 'vitest';
import { Engine } from '../../src/main/engine/engine';
import { makeTempDir, removeTempDir } from '../helpers/temp-dir';

const ROUNDS = 100;
const dataDirs = Array.from({ length: ROUNDS }, () => makeTempDir('adoption-desk-open'));

afterAll(() => {
  for (const dir of dataDirs) removeTempDir(dir);
});

type Outcome = { ok: true; ms: number } | { ok: false; error: string };

function openInThread(second: boolean, delays: number[], barrier: SharedArrayBuffer): Promise<Outcome[]> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('../helpers/open-engine-worker.mjs', import.meta.url), {
      workerData: { dataDirs, delays, barrier, second },
    });
    worker.once('message', resolve);
    worker.once('error', reject);
  });
}

describe('opening a new data dir', () => {
  // The server and the CLI (or the desktop app) may start on a fresh data dir at the same moment;
  // the second opener must wait for the first one's migrations, not fail half-way.
  it('succeeds for two openers that start a few milliseconds apart', async () => {
    const delays = Array.from({ length: ROUNDS }, (_, round) => (round % 40) * 0.25);
    const barrier = new SharedArrayBuffer(4);
    const [first, second] = await Promise.all([
      openInThread(false, delays, barrier),
      openInThread(true, delays, barrier),
    ]);
    const failures = [...(first ?? []), ...(second ?? [])].flatMap((outcome, index) =>
      outcome.ok ? [] : [`round ${index % ROUNDS}: ${outcome.error}`],
    );
    expect(failures).toEqual([]);
    for (const dataDir of dataDirs.slice(0, 3)) {
      const engine = new Engine({ dataDir, environment: 'production' });
      expect(engine.services.categories.list()).toHaveLength(4);
      engine.close();
    }
  });
});
