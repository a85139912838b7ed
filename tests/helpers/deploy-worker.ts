// One process that deploys a folder to a project again and again, with its own engine on the data
// dir, like a second server or a CLI: `node --import tsx deploy-worker.ts DATA_DIR PROJECT FOLDER COUNT GATE`.
// It starts once the file GATE exists, so the processes begin together, and prints its deploys as JSON.
import fs from 'node:fs';
import { Engine } from '../../src/main/engine/engine';

const [dataDir, project, folder, count, gate] = process.argv.slice(2) as [string, string, string, string, string];
// Every deploy of the run is kept, so the test can look at each.
const engine = new Engine({ dataDir, environment: 'production', sites: { keepDeploys: 100 } });
process.stdout.write('ready\n');
const deadline = Date.now() + 30_000;
while (!fs.existsSync(gate)) {
  if (Date.now() > deadline) throw new Error(`the gate ${gate} never opened`);
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 5);
}
async function main(): Promise<void> {
  const deploys = [];
  try {
    for (let i = 0; i < Number(count); i++) deploys.push(await engine.sites.projects.deployFolder(project, folder));
  } finally {
    engine.close();
  }
  process.stdout.write(`${JSON.stringify(deploys)}\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(`${String((error as Error).stack ?? error)}\n`);
  process.exit(1);
});
