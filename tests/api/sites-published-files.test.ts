/**
 * A live deploy serves the files it was published with, and nothing written into its folder since
 * (a backup chosen into it, a file dropped there by hand): real deploys by the engine, served by
 * Host on the real API server.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAdminHarness, type AdminHarness } from '../helpers/admin-host';
import { siteRequest } from '../helpers/site-http';

const environment = 'production';
let harness: AdminHarness;

beforeAll(async () => {
  harness = await startAdminHarness('test-token-published-0123456789abcdefghij');
}, 60_000);

afterAll(() => harness.stop());

describe('a live deploy', () => {
  it('answers 404 (its own 404.html) for a file written into its folder after the deploy, and still serves its own files', async () => {
    const engine = harness.host.engine(environment);
    const accountId = engine.services.accounts.create({ name: 'Happy Paws', planId: 'free' }).id;
    const project = engine.sites.projects.create({ accountId, name: 'Published files' });
    const source = path.join(harness.dataDir, 'site-source');
    fs.mkdirSync(path.join(source, 'css'), { recursive: true });
    fs.writeFileSync(path.join(source, 'index.html'), '<h1>Our animals</h1>');
    fs.writeFileSync(path.join(source, 'css', 'site.css'), 'h1{}');
    fs.writeFileSync(path.join(source, '404.html'), '<h1>Not here</h1>');
    const deploy = await engine.sites.projects.deployFolder(project.id, source);
    expect(deploy.outcome).toBe('succeeded');
    const port = Number(new URL(harness.host.baseUrl(environment) ?? '').port);
    const serve = (target: string) => siteRequest(port, `${project.slug}.localhost`, target);
    expect((await serve('/')).body).toBe('<h1>Our animals</h1>');

    const folder = engine.sites.projects.deployDir(project.id, deploy.number);
    fs.writeFileSync(path.join(folder, 'production.sqlite'), 'SQLite format 3\0 the whole database');
    fs.mkdirSync(path.join(folder, 'backup'));
    fs.writeFileSync(path.join(folder, 'backup', 'manifest.json'), '{"private":true}');
    fs.writeFileSync(path.join(folder, 'css', 'later.css'), 'body{}');
    for (const target of [
      '/production.sqlite',
      '/backup/manifest.json',
      '/css/later.css',
      '/.adoption-desk-files.json',
    ]) {
      const answer = await serve(target);
      expect(answer.status, target).toBe(404);
      expect(answer.body, target).toBe('<h1>Not here</h1>');
    }
    expect((await serve('/css/site.css')).status).toBe(200);
    expect((await serve('/index.html')).body).toBe('<h1>Our animals</h1>');
  });
});
