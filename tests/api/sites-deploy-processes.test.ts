import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Engine } from '../../src/main/engine/engine';
import type { Deploy, Project } from '../../src/shared/sites';
import { PROJECT_ROOT, runCli, type ProcessResult } from '../helpers/processes';
import { makeTempDir, removeTempDir } from '../helpers/temp-dir';
import { waitFor } from '../helpers/wait-for';

const DEPLOYS_PER_PROCESS = 8;

let dataDir: string;
let project: Project;

beforeEach(() => {
  dataDir = makeTempDir();
  const engine = new Engine({ dataDir, environment: 'production' });
  try {
    const account = engine.services.accounts.create({ name: 'Happy Paws', planId: 'pro' });
    project = engine.sites.projects.create({ accountId: account.id, name: 'Busy' });
  } finally {
    engine.close();
  }
});

afterEach(() => removeTempDir(dataDir));

/** A folder whose every file says which process deployed it. */
function folder(name: string): string {
  const root = path.join(dataDir, 'sources', name);
  fs.mkdirSync(path.join(root, 'assets'), { recursive: true });
  fs.writeFileSync(path.join(root, 'index.html'), `from ${name}`);
  for (let i = 0; i < 50; i++) fs.writeFileSync(path.join(root, 'assets', `${i}.txt`), `${name} ${i}`.repeat(100));
  return root;
}

function startWorker(source: string, gate: string): { ready: () => boolean; done: Promise<ProcessResult> } {
  const child = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      'tests/helpers/deploy-worker.ts',
      dataDir,
      project.slug,
      source,
      String(DEPLOYS_PER_PROCESS),
      gate,
    ],
    {
      cwd: PROJECT_ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  const done = new Promise<ProcessResult>((resolve) =>
    child.on('close', (code, signal) => resolve({ code, signal, stdout, stderr })),
  );
  return { ready: () => stdout.startsWith('ready\n'), done };
}

describe('deploys of one project from several processes at once', () => {
  it('get distinct numbers, are all recorded whole, and exactly one (the last) is live', async () => {
    const gate = path.join(dataDir, 'go');
    const sources = { a: folder('a'), b: folder('b'), cli: folder('cli') };
    const workers = [startWorker(sources.a, gate), startWorker(sources.b, gate)];
    await waitFor(() => workers.every((worker) => worker.ready()), 30_000);
    fs.writeFileSync(gate, '');
    // And a CLI deploy in the middle of them, as a user would run it.
    const [a, b, cli] = await Promise.all([
      ...workers.map((worker) => worker.done),
      runCli(['--data-dir', dataDir, '--keep-deploys', '100', 'deploy', project.slug, sources.cli, '--json'], 60_000),
    ]);
    for (const result of [a, b, cli]) expect(result!.code, result!.stderr).toBe(0);

    const fromProcesses: Deploy[] = [
      ...JSON.parse(a!.stdout.split('\n')[1]!),
      ...JSON.parse(b!.stdout.split('\n')[1]!),
      JSON.parse(cli!.stdout),
    ];
    const total = 2 * DEPLOYS_PER_PROCESS + 1;
    expect(fromProcesses.every((deploy) => deploy.outcome === 'succeeded')).toBe(true);
    expect(fromProcesses.map((deploy) => deploy.number).sort((x, y) => x - y)).toEqual(
      Array.from({ length: total }, (_, i) => i + 1),
    );

    const engine = new Engine({ dataDir, environment: 'production', sites: { keepDeploys: 100 } });
    try {
      const recorded = engine.sites.projects.deploys(project.slug);
      expect(recorded).toHaveLength(total);
      expect(recorded.filter((deploy) => deploy.live).map((deploy) => deploy.number)).toEqual([total]);
      expect(engine.sites.projects.get(project.slug).liveDeploy).toBe(total);
      for (const deploy of recorded) {
        // Each numbered folder holds the whole of the folder its row names, and nothing of another's.
        const name = path.basename(deploy.folder ?? '');
        const dir = engine.sites.projects.deployDir(project.id, deploy.number);
        expect(fs.readFileSync(path.join(dir, 'index.html'), 'utf8'), `deploy ${deploy.number}`).toBe(`from ${name}`);
        expect(fs.readdirSync(path.join(dir, 'assets'))).toHaveLength(50);
        expect(fs.readFileSync(path.join(dir, 'assets', '49.txt'), 'utf8')).toBe(`${name} 49`.repeat(100));
      }
      // No staging folder or unnumbered leftover beside the deploys.
      const projectDir = path.dirname(engine.sites.projects.deployDir(project.id, 1));
      expect(fs.readdirSync(projectDir).sort((x, y) => Number(x) - Number(y))).toEqual(
        recorded.map((deploy) => String(deploy.number)).reverse(),
      );
    } finally {
      engine.close();
    }
  }, 120_000);
});
