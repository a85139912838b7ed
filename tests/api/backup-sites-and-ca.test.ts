/**
 * A restore on a new disk brings back what the shelter and its desks see from outside: the sites
 * answer as they were (the adoption site with its pets, an uploaded site byte for byte), and the
 * shelter server keeps its CA, so the code every desk compared is the same.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBackup } from '../../src/main/backup/create';
import { restoreBackup } from '../../src/main/backup/restore';
import { verifyBackup } from '../../src/main/backup/verify';
import { TeamServer } from '../../src/main/team/team-server';
import { startApiServer, type RunningServer } from '../../src/main/http/listen';
import { siteRequest } from '../helpers/site-http';
import { makeTempDir, removeTempDir } from '../helpers/temp-dir';

let root: string;
let dataDir: string;
let restored: string;
let backup: string;
let server: RunningServer | undefined;
let code: { fingerprint: string; shortCode: string };

beforeAll(async () => {
  root = makeTempDir('backup-sites-ca');
  dataDir = path.join(root, 'data');
  restored = path.join(root, 'new-disk', 'data');
  const upload = path.join(root, 'upload');
  fs.mkdirSync(path.join(upload, 'css'), { recursive: true });
  fs.writeFileSync(path.join(upload, 'index.html'), '<h1>Our own page</h1>');
  fs.writeFileSync(path.join(upload, 'css', 'site.css'), 'body { color: teal }');

  const original = await startApiServer({ dataDir, environment: 'production', port: 0 });
  try {
    const { services } = original.engine;
    const { projects } = original.engine.sites;
    services.pets.create({ name: 'Biscuit', categoryId: 1, status: 'available' });
    const account = services.accounts.create({ name: 'Happy Paws', planId: 'pro' });
    const adoption = projects.create({ accountId: account.id, name: 'Happy Paws' });
    await projects.deployAdoptionPage(adoption.slug);
    const plain = projects.create({ accountId: account.id, name: 'Plain' });
    await projects.deployFolder(plain.slug, upload);
    expect((await siteRequest(original.port, `happy-paws.localhost:${original.port}`, '/')).body).toContain('Biscuit');
    // The sites' CA, made as `certificates ca` or a domain's first certificate makes it.
    await original.engine.sites.certificates.caCertificate();
  } finally {
    await original.stop();
  }
  const { fingerprint, shortCode } = await new TeamServer({ dataDir }).state();
  code = { fingerprint, shortCode };
  backup = (await createBackup(dataDir, path.join(root, 'backups'))).path;
  // A new disk: the old data dir is gone.
  fs.rmSync(dataDir, { recursive: true, force: true });
  restoreBackup(backup, restored, { trustUnknown: true });
}, 120_000);

afterAll(async () => {
  await server?.stop();
  removeTempDir(root);
});

describe('a restore on a new disk', () => {
  it('holds the live deploys and the CA, owner-only, and verifies', () => {
    expect(verifyBackup(backup).problems).toEqual([]);
    const names = (
      JSON.parse(fs.readFileSync(path.join(backup, 'manifest.json'), 'utf8')) as { files: { path: string }[] }
    ).files.map((file) => file.path);
    expect(names).toEqual(
      expect.arrayContaining([
        'certificates/local-ca.pem',
        'certificates/shelter-server-ca.pem',
        'sites/production/2/1/index.html',
        'sites/production/2/1/css/site.css',
      ]),
    );
    expect(names.some((name) => /^sites\/production\/1\/1\/.*index\.html$/.test(name))).toBe(true);
    for (const dir of [backup, restored])
      for (const ca of ['local-ca.pem', 'shelter-server-ca.pem'])
        expect(fs.statSync(path.join(dir, 'certificates', ca)).mode & 0o777).toBe(0o600);
  });

  it('serves the sites as they were once the server starts: the adoption site with its pets, the uploaded one byte for byte', async () => {
    server = await startApiServer({ dataDir: restored, environment: 'production', port: 0 });
    const adoption = await siteRequest(server.port, `happy-paws.localhost:${server.port}`, '/');
    expect(adoption.status).toBe(200);
    expect(adoption.body).toContain('Biscuit');
    const plain = await siteRequest(server.port, `plain.localhost:${server.port}`, '/css/site.css');
    expect([plain.status, plain.body]).toEqual([200, 'body { color: teal }']);
    expect(server.engine.sites.projects.get('happy-paws').liveDeploy).not.toBeNull();
  });

  it('keeps the shelter server’s CA, so the code the desks compared is the same', async () => {
    expect(await new TeamServer({ dataDir: restored }).state()).toMatchObject(code);
  });
});
