// One of two threads that open the engine on the same fresh data dirs, round after round, the
// second `delays[round]` ms after the first: like a server and a CLI starting on a new data dir.
import { parentPort, workerData } from 'node:worker_threads';
import { tsImport } from 'tsx/esm/api';

const { dataDirs, delays, barrier, second } = workerData;
const gate = new Int32Array(barrier);
const { Engine } = await tsImport('../../src/main/engine/engine.ts', import.meta.url);

function arriveAndWait(round) {
  Atomics.add(gate, 0, 1);
  Atomics.notify(gate, 0);
  const everyone = 2 * (round + 1);
  for (let seen = Atomics.load(gate, 0); seen < everyone; seen = Atomics.load(gate, 0)) Atomics.wait(gate, 0, seen, 50);
}

const results = [];
for (let round = 0; round < dataDirs.length; round++) {
  arriveAndWait(round);
  if (second) for (const until = performance.now() + delays[round]; performance.now() < until; );
  const started = performance.now();
  try {
    new Engine({ dataDir: dataDirs[round], environment: 'production' }).close();
    results.push({ ok: true, ms: performance.now() - started });
  } catch (error) {
    results.push({ ok: false, error: String(error?.cause?.message ?? error?.message ?? error) });
  }
}
parentPort.postMessage(results);
