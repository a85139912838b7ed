// One of two threads, each with its own engine (its own SQLite connection) on one data dir, saving
// the same pet's profile from the same version at the same moment, round after round.
import { parentPort, workerData } from 'node:worker_threads';
import { tsImport } from 'tsx/esm/api';
import { twoThreadBarrier } from './thread-barrier.mjs';

const { dataDir, petId, firstVersion, rounds, barrier, breed } = workerData;
const arriveAndWait = twoThreadBarrier(barrier);
const { Engine } = await tsImport('../../src/main/engine/engine.ts', import.meta.url);
const engine = new Engine({ dataDir, environment: 'production' });

const results = [];
try {
  for (let round = 0; round < rounds; round++) {
    arriveAndWait(round);
    try {
      // Exactly one save a round wins, so round r starts from version firstVersion + r.
      engine.services.petProfiles.save(petId, { breedPrimary: `${breed} ${round}` }, firstVersion + round);
      results.push('saved');
    } catch (error) {
      results.push(String(error?.code ?? error?.message ?? error));
    }
  }
} finally {
  engine.close();
}
parentPort.postMessage(results);
