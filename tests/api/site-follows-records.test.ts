import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApiServer, type RunningServer } from '../../src/main/http/listen';
import { writeAdoptionSite } from '../../src/main/publishing/adoption-site/site';
import type { Project } from '../../src/shared/sites';
import { startTestDns, type TestDns } from '../helpers/dns-server';
import { siteRequest } from '../helpers/site-http';
import { makeTempDir, removeTempDir } from '../helpers/temp-dir';
import { waitFor } from '../helpers/wait-for';
import { runCliInProcess } from '../helpers/cli-in-process';

let dataDir: string;
let dns: TestDns;
let server: RunningServer;
let project: Project;
let wandaId: number;

const host = () => `happy-paws.localhost:${server.port}`;
const index = async () => (await siteRequest(server.port, host(), '/')).body;
const deployCount = () => server.engine.sites.projects.deploys(project.slug).length;
const cli = (...args: string[]) => runCliInProcess(dataDir, args);

beforeAll(async () => {
  dataDir = makeTempDir();
  dns = await startTestDns();
  server = await startApiServer({ dataDir, environment: 'production', port: 0, sites: { dnsServers: [dns.server] } });
  const account = server.engine.services.accounts.create({ name: 'Happy Paws', planId: 'pro' });
  project = server.engine.sites.projects.create({ accountId: account.id, name: 'Happy Paws' });
  await server.engine.sites.projects.deployAdoptionPage(project.slug);
});

afterAll(async () => {
  await server.stop();
  await dns.close();
  removeTempDir(dataDir);
});

describe('the adoption site follows the records by itself', () => {
  it('a new pet reaches the live site within seconds, with no one publishing', async () => {
    const before = deployCount();
    wandaId = server.engine.services.pets.create({ name: 'Wanda', categoryId: 1 }).id;
    await waitFor(async () => (await index()).includes('Wanda'), 20_000, 100);
    expect(deployCount()).toBe(before + 1);
    const followed = server.engine.sites.projects.get(project.slug).following;
    expect(followed.active).toBe(true);
    expect(followed.checkedAt).not.toBeNull();
    expect(followed.republishedAt).not.toBeNull();
  }, 30_000);

  it('a burst of changes makes one or two deploys, not one a change', async () => {
    const before = deployCount();
    const names = Array.from({ length: 12 }, (_, index) => `Burst ${index + 1}`);
    for (const name of names) server.engine.services.pets.create({ name, categoryId: 2 });
    await waitFor(
      async () => {
        const body = await index();
        return names.every((name) => body.includes(name));
      },
      30_000,
      100,
    );
    expect(deployCount() - before).toBeGreaterThanOrEqual(1);
    expect(deployCount() - before).toBeLessThanOrEqual(2);
  }, 40_000);

  it('a change the public never sees (a key, a private field) makes no deploy', async () => {
    // Whatever the background job may still have in hand is followed first.
    await server.engine.sites.follower.followAll();
    const before = deployCount();
    const account = server.engine.services.accounts.list()[0]!;
    server.engine.services.keys.create({ accountId: account.id, label: 'not on the site' });
    server.engine.services.petProfiles.set(wandaId, { microchipNumber: '985141000123456' });
    await server.engine.sites.follower.followAll();
    expect(deployCount()).toBe(before);
  });

  it('a change made by the CLI in another process reaches the site too', async () => {
    const added = await cli('pets', 'add', '--name', 'Cliff', '--category', '1');
    expect(added.code, added.stderr).toBe(0);
    await waitFor(async () => (await index()).includes('Cliff'), 20_000, 100);
    const listed = await cli('projects', 'list');
    expect(listed.stdout).toMatch(/yes, checked \d{4}-\d\d-\d\dT.*republished/);
  }, 40_000);

  it('a folder of staff’s own stays live: it does not follow the records', async () => {
    const folder = path.join(dataDir, 'own-site');
    fs.mkdirSync(folder, { recursive: true });
    fs.writeFileSync(path.join(folder, 'index.html'), '<h1>Our own site</h1>');
    await server.engine.sites.projects.deployFolder(project.slug, folder);
    const before = deployCount();
    server.engine.services.pets.create({ name: 'Not followed', categoryId: 1 });
    await server.engine.sites.follower.followAll();
    expect(deployCount()).toBe(before);
    expect(server.engine.sites.projects.get(project.slug).following.active).toBe(false);
    expect(await index()).toContain('Our own site');
  });
});

describe('the primary domain is the address everywhere', () => {
  it('once a domain verifies, the project, `projects list` and `deploy` name it with the server’s port; HTTPS is not claimed without an HTTPS port', async () => {
    await server.engine.sites.projects.deployAdoptionPage(project.slug);
    dns.zone['www.happy-paws.test'] = { CNAME: 'happy-paws.localhost' };
    server.engine.sites.domains.add(project.slug, 'www.happy-paws.test');
    expect((await server.engine.sites.domains.verify('www.happy-paws.test')).status).toBe('verified');
    const shown = server.engine.sites.projects.get(project.slug);
    expect(shown.publicHost).toBe('www.happy-paws.test');

    const address = `http://www.happy-paws.test:${server.port}/`;
    const listed = await cli('projects', 'list', '--json');
    expect(JSON.parse(listed.stdout)).toMatchObject([
      { slug: 'happy-paws', publicHost: 'www.happy-paws.test', servedAt: address },
    ]);
    const deployed = await cli('deploy', 'happy-paws', '--adoption-page');
    expect(deployed.code, deployed.stderr).toBe(0);
    expect(deployed.stderr).toContain(`it is served at ${address}.`);
    // The site's own links say the same.
    const sitemap = await siteRequest(server.port, `www.happy-paws.test:${server.port}`, '/sitemap.xml');
    expect(sitemap.body).toContain(address);

    // The local CA issues its certificate; this server has no HTTPS port, so nothing says HTTPS is ready.
    await waitFor(
      () => server.engine.sites.domains.get('www.happy-paws.test').certificate.state === 'issued',
      20_000,
      100,
    );
    const domains = await cli('domains', 'list');
    expect(domains.stdout).toContain('issued, HTTPS not served');
    expect(server.engine.sites.projects.get(project.slug).publicHostCertified).toBe(true);
    const again = await cli('projects', 'list', '--json');
    expect(JSON.parse(again.stdout)[0].servedAt).toBe(address);
  }, 60_000);
});

describe('a pet that left care other than by adoption', () => {
  it('keeps a page that says only that it is no longer here, while an adopted pet’s page says it found a home', async () => {
    const { services } = server.engine;
    const adopter = services.people.add({ name: 'Łucja Nowak' }).person;
    const adopted = services.movements.intake({ pet: { name: 'Homeward', categoryId: 1 }, type: 'stray' }, 'cli');
    services.movements.adopt({ petId: adopted.petId, personId: adopter.id, fee: 50, feeMethod: 'cash' }, 'cli');
    const died = services.movements.intake({ pet: { name: 'Sadly Gone', categoryId: 1 }, type: 'stray' }, 'cli');
    services.movements.outcome({ petId: died.petId, type: 'died_in_care' }, 'cli');
    const content = server.engine.publishing.adoptionSiteContent(
      server.engine.sites.liveAddress(project.id, project.slug),
      Date.now(),
      project.name,
    );
    // The page a printed QR code opens stays, and says no more than that the animal is gone from here.
    expect(content.pets.find((pet) => pet.name === 'Homeward')?.availability).toBe('adopted');
    expect(content.pets.find((pet) => pet.name === 'Sadly Gone')).toMatchObject({ availability: 'gone', photos: [] });
    const staging = path.join(dataDir, 'left-care-site');
    fs.mkdirSync(staging);
    expect((await writeAdoptionSite(staging, content, 50 * 1024 * 1024)).ok).toBe(true);
    const page = fs.readFileSync(path.join(staging, 'pets', `${died.petId}-sadly-gone.html`), 'utf8');
    expect(page).toContain('Sadly Gone is no longer at Happy Paws');
    expect(page).not.toMatch(/died|found a home|adopted|<img|<dl/i);
    expect(fs.readFileSync(path.join(staging, 'index.html'), 'utf8')).not.toContain('Sadly Gone');
    const notFound = fs.readFileSync(path.join(staging, '404.html'), 'utf8');
    expect(notFound).toContain('There is no page at this address.');
    expect(notFound).not.toMatch(/found a home/i);
  });
});
