import fs from 'node:fs';
import path from 'node:path';
import type { Engine } from '../../src/main/engine/engine';
import type { PlanId } from '../../src/shared/plans';

/**
 * A project of a new account, deployed once from a folder holding one index.html: what the site and
 * certificate tests start from. The folder is made under `dataDir`.
 */
export async function deployedProject(
  engine: Engine,
  dataDir: string,
  options: { name?: string; planId?: PlanId; html?: string } = {},
) {
  const name = options.name ?? 'Happy Paws';
  const account = engine.services.accounts.create({ name, planId: options.planId ?? 'pro' });
  const project = engine.sites.projects.create({ accountId: account.id, name });
  const folder = path.join(dataDir, `site-${project.slug}`);
  fs.mkdirSync(folder, { recursive: true });
  fs.writeFileSync(path.join(folder, 'index.html'), options.html ?? `<h1>${name}</h1>`);
  await engine.sites.projects.deployFolder(project.slug, folder);
  return { account, project };
}
