// One browser-mode zip upload in a process of its own, so its peak memory can be read:
// `node --import tsx zip-upload-worker.ts DATA_DIR ZIP_FILE`. Prints one JSON line: the deploy, or
// the refusal's code and message, and the process's peak RSS in bytes.
import fs from 'node:fs';
import path from 'node:path';
import { deployUpload } from '../../src/main/admin/site-upload';
import { Engine } from '../../src/main/engine/engine';
import { isAppError } from '../../src/shared/errors';

const [dataDir, zipFile] = process.argv.slice(2) as [string, string];

async function main(): Promise<void> {
  const engine = new Engine({ dataDir, environment: 'production' });
  try {
    const account = engine.services.accounts.create({ name: 'Happy Paws', planId: 'pro' });
    const project = engine.sites.projects.create({ accountId: account.id, name: 'Zipped' });
    // The admin channel gets the zip as base64 inside JSON: the same form here.
    const upload = {
      kind: 'zip' as const,
      name: path.basename(zipFile),
      data: fs.readFileSync(zipFile).toString('base64'),
    };
    let answer: unknown;
    try {
      answer = { deploy: await deployUpload(engine.sites.projects, project.id, upload) };
    } catch (error) {
      answer = isAppError(error)
        ? { code: error.code, message: error.message }
        : { crash: String((error as Error).stack ?? error) };
    }
    process.stdout.write(
      `${JSON.stringify({ ...(answer as object), peakRssBytes: process.resourceUsage().maxRSS * 1024 })}\n`,
    );
  } finally {
    engine.close();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${String((error as Error).stack ?? error)}\n`);
  process.exit(1);
});
