/**
 * A serving engine in a process of its own, sending its outbox: `node --import tsx
 * tests/helpers/outbox-worker.ts DATA_DIR CA_FILE`. Prints "ready" once its jobs run; the test kills it.
 */
import fs from 'node:fs';
import { Engine } from '../../src/main/engine/engine';

const [dataDir, caFile] = process.argv.slice(2);
if (!dataDir || !caFile) throw new Error('usage: outbox-worker.ts DATA_DIR CA_FILE');
const engine = new Engine({
  dataDir,
  environment: 'production',
  mail: { tls: { ca: fs.readFileSync(caFile, 'utf8') }, timeouts: { connectMs: 5_000, answerMs: 30_000 } },
});
engine.startBackgroundJobs();
process.stdout.write('ready\n');
process.on('SIGTERM', () => {
  engine.close();
  process.exit(0);
});
