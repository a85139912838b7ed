// A deploy that stops inside its copy, as if the process were killed there:
// `node --import tsx stalled-deploy-worker.ts DATA_DIR PROJECT FOLDER`. Prints "copying STAGING"
// once its staging folder holds a first file, then waits to be killed.
import fs from 'node:fs';
import path from 'node:path';
import { Engine } from '../../src/main/engine/engine';

const [dataDir, project, folder] = process.argv.slice(2) as [string, string, string];
const engine = new Engine({
  dataDir,
  environment: 'production',
  sites: {
    beforeCopy: async (_folder, staging) => {
      fs.writeFileSync(path.join(staging, 'index.html'), 'half a deploy');
      process.stdout.write(`copying ${staging}\n`);
      await new Promise(() => setInterval(() => undefined, 60_000));
    },
  },
});
void engine.sites.projects.deployFolder(project, folder);
