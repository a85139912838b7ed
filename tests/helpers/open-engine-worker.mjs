// One of two threads that open the engine on the same fresh data dirs, round after round, the
// second `delays[round]` ms after the first: like a server and a CLI starting on a new data dir.
import { parentPort, workerData } from 'node:worker_threads';
import { tsImport } from 'tsx/esm/api';
import { twoThreadBarrier } from './thread-barrier.mjs';

const { dataDirs, delays, barrier, second } = workerData;
const arriveAndWait = twoThreadBarrier(barrier);
const { Engine } = await tsImport('../../src/main/engine/engine.ts', import.meta.url);

const results = [];
for (let round = 0; round < dataDirs.length; round++) {
  arriveAndWait(round);
  if (second) for (const until = performance.now() + delays[round]; performance.now() < until;);
  const started = performance.now();
  try {
    new Engine({ dataDir: dataDirs[round], environment: 'production' }).close();
    results.push({ ok: true, ms: performance.now() - started });
  } catch (error) {
    results.push({ ok: false, error: String(error?.cause?.message ?? error?.message ?? error) });
  }
}
parentPort.postMessage(results);
