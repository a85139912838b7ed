import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApiServer, type RunningServer } from '../../src/main/http/listen';
import { ManualClock } from '../../src/shared/clock';
import type { Project } from '../../src/shared/sites';
import { startTestDns, type TestDns } from '../helpers/dns-server';
import { PROJECT_ROOT } from '../helpers/processes';
import { rawRequest, siteRequest, type SiteResponse } from '../helpers/site-http';
import { makeTempDir, removeTempDir } from '../helpers/temp-dir';
import { runCliInProcess } from '../helpers/cli-in-process';

const T0 = Date.UTC(2026, 5, 1, 12, 0, 0);
const SECRET = 'the-secret-beside-the-deploys';

let dataDir: string;
let dns: TestDns;
let server: RunningServer;
let site: Project;
let plain: Project;

function folder(name: string, files: Record<string, string>): string {
  const root = path.join(dataDir, 'sources', name);
  for (const [file, content] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    fs.writeFileSync(path.join(root, file), content);
  }
  return root;
}

const get = (host: string, target = '/', options: { method?: string; headers?: Record<string, string> } = {}) =>
  siteRequest(server.port, host, target, options);

function expectNoRateLimitHeaders(response: SiteResponse): void {
  for (const name of Object.keys(response.headers)) expect(name).not.toMatch(/ratelimit/);
}

beforeAll(async () => {
  dataDir = makeTempDir();
  dns = await startTestDns();
  server = await startApiServer({
    dataDir,
    environment: 'production',
    port: 0,
    clock: new ManualClock(T0),
    sites: { dnsServers: [dns.server] },
  });
  const { accounts } = server.engine.services;
  const { projects } = server.engine.sites;
  const account = accounts.create({ name: 'Happy Paws', planId: 'pro' });
  site = projects.create({ accountId: account.id, name: 'Happy Paws' });
  await projects.deployFolder(
    site.slug,
    folder('v1', {
      'index.html': '<h1>Welcome v1</h1>',
      'css/site.css': 'body { color: teal }',
      'docs/index.html': '<h1>Docs</h1>',
      'empty/readme.txt': 'a folder without index.html',
      '404.html': '<h1>Our own 404</h1>',
      '.hidden': 'dotfile',
      'logo.svg': '<svg xmlns="http://www.w3.org/2000/svg"/>',
    }),
  );
  // Beside the deploys, inside the data dir: what a path escape would reach.
  fs.writeFileSync(path.join(dataDir, 'sites', 'production', String(site.id), 'secret.txt'), SECRET);
  fs.writeFileSync(path.join(dataDir, 'sites', 'production', 'secret.txt'), SECRET);
  plain = projects.create({ accountId: account.id, name: 'Plain' });
  await projects.deployFolder(plain.slug, folder('plain', { 'index.html': 'plain' }));
});

afterAll(async () => {
  await server.stop();
  await dns.close();
  removeTempDir(dataDir);
});

describe('serving a project at <slug>.<sites-host>', () => {
  it('serves index.html for / and folders, with content types, validators and no rate-limit headers', async () => {
    const home = await get('happy-paws.localhost:1234');
    expect(home).toMatchObject({ status: 200, body: '<h1>Welcome v1</h1>' });
    expect(home.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(home.headers.etag).toMatch(/^W\/".+"$/);
    expect(Date.parse(home.headers['last-modified'] ?? '')).not.toBeNaN();
    expectNoRateLimitHeaders(home);

    expect((await get('happy-paws.localhost', '/css/site.css')).headers['content-type']).toBe(
      'text/css; charset=utf-8',
    );
    expect((await get('happy-paws.localhost', '/logo.svg')).headers['content-type']).toBe('image/svg+xml');
    expect(await get('happy-paws.localhost', '/docs/')).toMatchObject({ status: 200, body: '<h1>Docs</h1>' });
    const folderWithoutSlash = await get('happy-paws.localhost', '/docs?tab=2');
    expect(folderWithoutSlash.status).toBe(301);
    expect(folderWithoutSlash.headers.location).toBe('/docs/?tab=2');

    const revalidated = await get('happy-paws.localhost', '/', {
      headers: { 'if-none-match': home.headers.etag ?? '' },
    });
    expect(revalidated).toMatchObject({ status: 304, body: '' });
    const head = await get('happy-paws.localhost', '/', { method: 'HEAD' });
    expect(head).toMatchObject({ status: 200, body: '' });
    expect(head.headers['content-length']).toBe(String('<h1>Welcome v1</h1>'.length));
    const post = await get('happy-paws.localhost', '/', { method: 'POST' });
    expect(post.status).toBe(405);
    expect(post.headers.allow).toBe('GET, HEAD');
  });

  it("answers 404 with the site's 404.html, or a plain page; never a directory listing or a dotfile", async () => {
    for (const target of ['/missing', '/empty/', '/.hidden', '/v1/pets']) {
      const response = await get('happy-paws.localhost', target);
      expect(response, target).toMatchObject({ status: 404, body: '<h1>Our own 404</h1>' });
      expectNoRateLimitHeaders(response);
    }
    const plainMissing = await get('plain.localhost', '/missing');
    expect(plainMissing.status).toBe(404);
    expect(plainMissing.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(plainMissing.body).toContain('not found');
  });

  it('answers "no site at this domain" for names of the sites host that serve nothing', async () => {
    const response = await get('nobody.localhost', '/');
    expect(response.status).toBe(404);
    expect(response.body).toContain('no site at this domain');
    expectNoRateLimitHeaders(response);
  });

  it('leaves every other Host to the API, with its headers', async () => {
    const response = await get(`127.0.0.1:${server.port}`, '/v1/pets');
    expect(response.status).toBe(401);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.headers['x-ratelimit-limit']).toBeDefined();
    expect((await get('localhost', '/v1/openapi.json')).status).toBe(200);
  });

  it.each([
    '/../secret.txt',
    '/../../secret.txt',
    '/%2e%2e/secret.txt',
    '/%2E%2E/%2e%2e/secret.txt',
    '/..%2fsecret.txt',
    '/..%2F..%2Fsecret.txt',
    '/docs/..%2f..%2fsecret.txt',
    '/docs/%2e%2e/%2e%2e/secret.txt',
    '/.%2e/secret.txt',
    '/..\\secret.txt',
    '/%5c..%5csecret.txt',
    '/..%5c..%5csecret.txt',
    '/%2e%2e%5csecret.txt',
    '/docs/../../secret.txt',
    '/%252e%252e/secret.txt',
    '/..%00/secret.txt',
    '/../../../../../../etc/passwd',
  ])('never escapes the deploy: %s → 404', async (target) => {
    const response = await rawRequest(server.port, 'happy-paws.localhost', target);
    expect(response.status).toBe(404);
    expect(response.body).not.toContain(SECRET);
    expect(response.body).not.toContain('root:');
  });

  it('keeps a folder redirect on this host, whatever the path looks like', async () => {
    const response = await rawRequest(server.port, 'happy-paws.localhost', '//docs');
    expect(response.status).toBe(301);
    expect(response.headers.location).toBe('/docs/');
  });
});

describe('a request target with bad percent-encoding', () => {
  it.each(['/%zz', '/%ff', '/docs/%e0%a4%a', '/%'])(
    "gets a site's 404 page on a site Host, not the API's Error body: %s",
    async (target) => {
      const own = await rawRequest(server.port, 'happy-paws.localhost', target);
      expect(own).toMatchObject({ status: 404, body: '<h1>Our own 404</h1>' });
      expectNoRateLimitHeaders(own);
      const plainPage = await rawRequest(server.port, 'plain.localhost', target);
      expect(plainPage.status).toBe(404);
      expect(plainPage.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(plainPage.body).toContain('not found');
      const nobody = await rawRequest(server.port, 'nobody.localhost', target);
      expect(nobody.status).toBe(404);
      expect(nobody.body).toContain('no site at this domain');
    },
  );

  it("is served the same on a verified custom domain, and stays the API's 400 on any other Host", async () => {
    const { domains } = server.engine.sites;
    domains.add(plain.slug, 'www.bad-encoding.test');
    dns.zone['www.bad-encoding.test'] = { CNAME: 'plain.localhost' };
    expect((await domains.verify('www.bad-encoding.test')).status).toBe('verified');
    const onDomain = await rawRequest(server.port, 'www.bad-encoding.test', '/%zz');
    expect(onDomain.status).toBe(404);
    expect(onDomain.body).toContain('not found');
    expectNoRateLimitHeaders(onDomain);

    const api = await rawRequest(server.port, `127.0.0.1:${server.port}`, '/v1/pets/%zz');
    expect(api.status).toBe(400);
    expect(api.headers['content-type']).toMatch(/^application\/json/);
    expect(api.headers['x-ratelimit-limit']).toBeDefined();
    expect(JSON.parse(api.body)).toMatchObject({ status: 400 });
  });
});

describe('custom domains by Host', () => {
  it('serves a verified primary, redirects with path and query kept, and removal stops it on the very next request', async () => {
    const { domains } = server.engine.sites;
    domains.add(site.slug, 'www.shelter.test');
    domains.add(site.slug, 'shelter.test');
    domains.add(site.slug, 'old.shelter.test', { redirectStatus: 308 });

    const unverified = await get('www.shelter.test:8080');
    expect(unverified.status).toBe(404);
    expect(unverified.body).toContain('no site at this domain');

    dns.zone = {
      'www.shelter.test': { CNAME: 'happy-paws.localhost' },
      'shelter.test': { A: '127.0.0.1' },
      'old.shelter.test': { CNAME: 'happy-paws.localhost' },
    };
    for (const name of ['www.shelter.test', 'shelter.test', 'old.shelter.test'])
      expect((await domains.verify(name)).status).toBe('verified');

    const served = await get('WWW.shelter.test:8080', '/css/site.css');
    expect(served).toMatchObject({ status: 200, body: 'body { color: teal }' });
    expectNoRateLimitHeaders(served);

    const redirect = await rawRequest(server.port, 'shelter.test', '/pets/a%20b?status=available&limit=5');
    expect(redirect.status).toBe(301);
    expect(redirect.headers.location).toBe('http://www.shelter.test/pets/a%20b?status=available&limit=5');
    expectNoRateLimitHeaders(redirect);
    const permanent = await get('old.shelter.test', '/', { method: 'POST' });
    expect(permanent.status).toBe(308);
    expect(permanent.headers.location).toBe('http://www.shelter.test/');
    // On a port of its own, the redirect keeps it: the primary is served there too.
    const onPort = await get('old.shelter.test:8080', '/a?b=1');
    expect(onPort.headers.location).toBe('http://www.shelter.test:8080/a?b=1');
    // The guide's example (docs/guide/sites.md) shows the answer the server really gives, port and all.
    const guide = fs.readFileSync(path.join(PROJECT_ROOT, 'docs/guide/sites.md'), 'utf8');
    const documented =
      /curl -i --resolve shelter\.test:4010:127\.0\.0\.1 'http:\/\/shelter\.test:4010(\/[^']*)'\n#\s+HTTP\/1\.1 301 Moved Permanently\n#\s+location: (\S+)/.exec(
        guide,
      );
    expect(documented, 'the redirect example of docs/guide/sites.md').not.toBeNull();
    const asDocumented = await get('shelter.test:4010', documented![1]!);
    expect(asDocumented.headers.location).toBe(documented![2]);

    domains.remove('old.shelter.test');
    const gone = await get('old.shelter.test', '/');
    expect(gone.status).toBe(404);
    expect(gone.body).toContain('no site at this domain');

    domains.promote('shelter.test');
    expect((await get('shelter.test', '/')).body).toBe('<h1>Welcome v1</h1>');
    const demoted = await get('www.shelter.test', '/x?y=1');
    expect(demoted.status).toBe(301);
    expect(demoted.headers.location).toBe('http://shelter.test/x?y=1');
  });

  it('a new deploy or a rollback is served on the next request; a failed deploy leaves the live one serving', async () => {
    const { projects } = server.engine.sites;
    expect((await get('plain.localhost')).body).toBe('plain');
    await projects.deployFolder(plain.slug, folder('plain-v2', { 'index.html': 'plain v2' }));
    expect((await get('plain.localhost')).body).toBe('plain v2');
    const failed = await projects.deployFolder(plain.slug, folder('plain-broken', { 'home.html': 'no index' }));
    expect(failed.outcome).toBe('failed');
    expect((await get('plain.localhost')).body).toBe('plain v2');
    const escaping = folder('plain-escaping', { 'index.html': 'escaping' });
    fs.symlinkSync(path.join(dataDir, 'production.sqlite'), path.join(escaping, 'db.sqlite'));
    expect((await projects.deployFolder(plain.slug, escaping)).reason).toMatch(/^a symlink leaving the folder/);
    expect((await get('plain.localhost')).body).toBe('plain v2');
    projects.rollback(plain.slug, 1);
    expect((await get('plain.localhost')).body).toBe('plain');
  });

  it('sees a removal or rollback made by the CLI on the very next request', async () => {
    const { domains } = server.engine.sites;
    const account = server.engine.services.accounts.create({ name: 'Other Shelter', planId: 'business' });
    const other = server.engine.sites.projects.create({ accountId: account.id, name: 'Other' });
    await server.engine.sites.projects.deployFolder(other.slug, folder('other-v1', { 'index.html': 'other v1' }));
    await server.engine.sites.projects.deployFolder(other.slug, folder('other-v2', { 'index.html': 'other v2' }));
    domains.add(other.slug, 'www.other.test');
    dns.zone['www.other.test'] = { CNAME: 'other.localhost' };
    await domains.verify('www.other.test');
    expect((await get('www.other.test')).body).toBe('other v2');

    const cli = (...args: string[]) => runCliInProcess(dataDir, args);
    expect((await cli('deploys', 'rollback', 'other', '1')).code).toBe(0);
    expect((await get('www.other.test')).body).toBe('other v1');
    expect((await cli('domains', 'remove', 'www.other.test')).code).toBe(0);
    const gone = await get('www.other.test');
    expect(gone.status).toBe(404);
    expect(gone.body).toContain('no site at this domain');
  }, 60_000);
});
