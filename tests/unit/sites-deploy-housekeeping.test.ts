/**
 * Deploys leave nothing behind and never follow a link: a folder swapped for a symlink between the
 * check and the copy is refused, what a killed deploy staged is removed at the next start (never a
 * live process's), and each project keeps its last N deploys and its live one.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Engine } from '../../src/main/engine/engine';
import type { SitesOptions } from '../../src/main/sites/sites';
import { AppError } from '../../src/shared/errors';
import type { Project } from '../../src/shared/sites';
import { PROJECT_ROOT } from '../helpers/processes';
import { makeTempDir, removeTempDir } from '../helpers/temp-dir';
import { waitFor } from '../helpers/wait-for';

let dataDir: string;
let work: string;
let project: Project;
const engines: Engine[] = [];

beforeEach(() => {
  dataDir = makeTempDir();
  work = makeTempDir('adoption-desk-site-src');
  const engine = open();
  const account = engine.services.accounts.create({ name: 'Happy Paws', planId: 'pro' });
  project = engine.sites.projects.create({ accountId: account.id, name: 'Happy Paws' });
});

afterEach(() => {
  for (const engine of engines.splice(0)) engine.close();
  removeTempDir(dataDir);
  removeTempDir(work);
});

function open(sites: SitesOptions = {}): Engine {
  const engine = new Engine({ dataDir, environment: 'production', sites });
  engines.push(engine);
  return engine;
}

function site(name: string, files: Record<string, string>): string {
  const root = path.join(work, name);
  for (const [file, content] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    fs.writeFileSync(path.join(root, file), content);
  }
  return root;
}

const projectDir = () => path.join(dataDir, 'sites', 'production', String(project.id));

/** Every file under the project's folder, with its content. */
function published(): string[] {
  const contents: string[] = [];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else contents.push(fs.readFileSync(full, 'utf8'));
    }
  };
  walk(projectDir());
  return contents;
}

function publishedBytes(number: number): number {
  let total = 0;
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      if (entry.isDirectory()) walk(path.join(dir, entry.name));
      // The deploy's own list of its files sits beside them, never published.
      else if (entry.name !== '.adoption-desk-files.json') total += fs.lstatSync(path.join(dir, entry.name)).size;
    }
  };
  walk(path.join(projectDir(), String(number)));
  return total;
}

describe('a deploy never follows a link swapped in after the check', () => {
  it('a file replaced by a symlink to an outside file is refused, and the outside file is published nowhere', async () => {
    site('outside', { 'secret.txt': 'SECRET of another user' });
    const source = site('swap', { 'index.html': '<h1>Happy Paws</h1>', 'page.txt': 'inside' });
    const engine = open({
      beforeCopy: async (folder) => {
        fs.rmSync(path.join(folder, 'page.txt'));
        fs.symlinkSync(path.join(work, 'outside', 'secret.txt'), path.join(folder, 'page.txt'));
      },
    });
    const deploy = await engine.sites.projects.deployFolder(project.slug, source);
    expect(deploy).toMatchObject({
      outcome: 'failed',
      reason: expect.stringMatching(/^changed during the deploy: page\.txt in .*swap was replaced/),
      live: false,
    });
    expect(published().join('\n')).not.toContain('SECRET');
    expect(engine.sites.projects.get(project.slug).liveDeploy).toBeNull();
  });

  it('a folder replaced by a symlink to an outside folder is refused', async () => {
    site('outside', { 'app.js': 'SECRET script' });
    const source = site('swap', { 'index.html': '<h1>Happy Paws</h1>', 'assets/app.js': 'inside' });
    const engine = open({
      beforeCopy: async (folder) => {
        fs.renameSync(path.join(folder, 'assets'), path.join(work, 'assets-moved'));
        fs.symlinkSync(path.join(work, 'outside'), path.join(folder, 'assets'));
      },
    });
    const deploy = await engine.sites.projects.deployFolder(project.slug, source);
    expect(deploy).toMatchObject({
      outcome: 'failed',
      reason: expect.stringMatching(/^changed during the deploy: assets\/app\.js/),
    });
    expect(published().join('\n')).not.toContain('SECRET');
  });

  it('the recorded size is what was published, even when a file grew after the check', async () => {
    const source = site('growing', { 'index.html': '<h1>Happy Paws</h1>', 'news.txt': 'first line\n' });
    const engine = open({
      beforeCopy: async (folder) => fs.appendFileSync(path.join(folder, 'news.txt'), 'x'.repeat(5000)),
    });
    const deploy = await engine.sites.projects.deployFolder(project.slug, source);
    expect(deploy).toMatchObject({ outcome: 'succeeded', fileCount: 2 });
    expect(deploy.byteSize).toBe(publishedBytes(deploy.number));
    expect(deploy.byteSize).toBe(19 + 11 + 5000);
  });
});

describe('staging folders of dead deploys', () => {
  it('a deploy killed midway leaves its staging folder only until the next start; a live process’s is kept', async () => {
    const source = site('site', { 'index.html': '<h1>Happy Paws</h1>' });
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', 'tests/helpers/stalled-deploy-worker.ts', dataDir, project.slug, source],
      { cwd: PROJECT_ROOT, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let stdout = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    const exited = new Promise((resolve) => child.on('exit', resolve));
    try {
      await waitFor(() => stdout.includes('\n'), 30_000);
      const staging = /^copying (.+)\n/.exec(stdout)?.[1] ?? '';
      expect(path.basename(staging)).toMatch(new RegExp(`^\\.staging-${child.pid}-`));
      // Another process starting meanwhile (a CLI beside the server) leaves a live deploy alone.
      open().close();
      expect(fs.existsSync(staging)).toBe(true);
    } finally {
      child.kill('SIGKILL');
      await exited;
    }
    const before = fs.readdirSync(projectDir()).filter((name) => name.startsWith('.staging-'));
    expect(before).toHaveLength(1);
    const engine = open();
    expect(fs.readdirSync(projectDir())).toEqual([]);
    expect(engine.sites.projects.deploys(project.slug)).toEqual([]);
  }, 60_000);

  it('at start, old unnamed staging folders and numbered folders no deploy refers to are removed; newer ones are left', async () => {
    const engine = open();
    await engine.sites.projects.deployAdoptionPage(project.slug);
    await engine.sites.projects.deployFolder(project.slug, path.join(work, 'missing'));
    await engine.sites.projects.deployAdoptionPage(project.slug);
    engine.close();
    const make = (name: string, ageMs = 0) => {
      fs.mkdirSync(path.join(projectDir(), name));
      fs.writeFileSync(path.join(projectDir(), name, 'index.html'), name);
      const when = new Date(Date.now() - ageMs);
      fs.utimesSync(path.join(projectDir(), name), when, when);
    };
    make('.staging-AbC123', 2 * 60 * 60 * 1000);
    make('.staging-XyZ789');
    make('2');
    make('4');
    open();
    expect(fs.readdirSync(projectDir()).sort()).toEqual(['.staging-XyZ789', '1', '3', '4']);
  });
});

describe('keeping the last N deploys', () => {
  it('older deploys lose their rows and files after each deploy', async () => {
    const engine = open({ keepDeploys: 3 });
    for (let i = 0; i < 5; i++) await engine.sites.projects.deployAdoptionPage(project.slug);
    expect(engine.sites.projects.deploys(project.slug).map((deploy) => deploy.number)).toEqual([5, 4, 3]);
    expect(fs.readdirSync(projectDir()).sort()).toEqual(['3', '4', '5']);
    expect(() => engine.sites.projects.rollback(project.slug, 2)).toThrow(AppError);
  });

  it('never the live one, even rolled back far behind', async () => {
    const engine = open({ keepDeploys: 2 });
    for (let i = 0; i < 3; i++) await engine.sites.projects.deployAdoptionPage(project.slug);
    engine.sites.projects.rollback(project.slug, 2);
    for (let i = 0; i < 3; i++) await engine.sites.projects.deployFolder(project.slug, path.join(work, 'missing'));
    expect(engine.sites.projects.deploys(project.slug).map((deploy) => [deploy.number, deploy.live])).toEqual([
      [6, false],
      [5, false],
      [2, true],
    ]);
    expect(fs.readdirSync(projectDir()).sort()).toEqual(['2']);
    const route = engine.sites.directory.lookup(`${project.slug}.localhost`);
    expect(route).toMatchObject({ kind: 'site' });
    expect(fs.existsSync(path.join((route as { root: string }).root, 'index.html'))).toBe(true);
  });

  it('a lower limit prunes at the next start; the default keeps 10', async () => {
    let engine = open();
    for (let i = 0; i < 12; i++) await engine.sites.projects.deployAdoptionPage(project.slug);
    expect(engine.sites.projects.deploys(project.slug)).toHaveLength(10);
    engine.close();
    engine = open({ keepDeploys: 1 });
    expect(engine.sites.projects.deploys(project.slug).map((deploy) => deploy.number)).toEqual([12]);
    expect(fs.readdirSync(projectDir())).toEqual(['12']);
  });

  it('refuses a limit below 1', () => {
    expect(() => open({ keepDeploys: 0 })).toThrow(/--keep-deploys must be a whole number of at least 1/);
  });
});
