import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApiServer, type RunningServer } from '../../src/main/http/listen';
import { ManualClock } from '../../src/shared/clock';
import { startTestDns, type TestDns } from '../helpers/dns-server';
import { runCliInProcess } from '../helpers/cli-in-process';
import { siteRequest } from '../helpers/site-http';
import { makeTempDir, removeTempDir } from '../helpers/temp-dir';
import { curl, peerCertificate } from '../helpers/tls-probe';
import { waitFor } from '../helpers/wait-for';
import { deployedProject } from '../helpers/site-project';

const DAY = 86_400_000;

let dataDir: string;
let dns: TestDns;
let server: RunningServer;
let clock: ManualClock;
let caFile: string;

const httpsPort = () => server.httpsPort ?? 0;
const state = (name: string) => server.engine.sites.domains.get(name).certificate;
const https = (name: string, target = '/', extra: string[] = []) =>
  curl([
    '--resolve',
    `${name}:${httpsPort()}:127.0.0.1`,
    '--cacert',
    caFile,
    ...extra,
    `https://${name}:${httpsPort()}${target}`,
  ]);

beforeAll(async () => {
  dataDir = makeTempDir();
  dns = await startTestDns({
    'www.shelter.test': { CNAME: 'happy-paws.localhost' },
    'old.shelter.test': { CNAME: 'happy-paws.localhost' },
  });
  // Real time: curl judges the certificates' validity by the real clock.
  clock = new ManualClock(Date.now());
  server = await startApiServer({
    dataDir,
    environment: 'production',
    port: 0,
    clock,
    sites: { dnsServers: [dns.server], httpsPort: 0 },
  });
  const { project } = await deployedProject(server.engine, dataDir, { html: '<h1>Welcome over TLS</h1>' });
  const { domains } = server.engine.sites;
  domains.add(project.slug, 'www.shelter.test');
  domains.add(project.slug, 'old.shelter.test');
  for (const name of ['www.shelter.test', 'old.shelter.test'])
    expect((await domains.verify(name)).status).toBe('verified');
});

afterAll(async () => {
  await server.stop();
  await dns.close();
  removeTempDir(dataDir);
});

describe('HTTPS with the local CA', () => {
  it('issues within seconds of verification, without being asked', async () => {
    await waitFor(
      () => state('www.shelter.test').state === 'issued' && state('old.shelter.test').state === 'issued',
      10_000,
    );
    expect(state('www.shelter.test')).toMatchObject({ issuer: 'Adoption Desk local CA', reason: null });
  });

  it('serves the site over HTTPS with the domain’s certificate, trusted through the CA that `certificates ca` exports', async () => {
    const exported = await runCliInProcess(dataDir, ['certificates', 'ca']);
    expect(exported.code).toBe(0);
    expect(exported.stdout).toMatch(/^-----BEGIN CERTIFICATE-----\n[\s\S]+-----END CERTIFICATE-----\n$/);
    expect(exported.stdout).not.toContain('PRIVATE KEY');
    caFile = path.join(dataDir, 'exported-ca.pem');
    fs.writeFileSync(caFile, exported.stdout);

    const answer = await https('www.shelter.test');
    expect(answer.stderr).toBe('');
    expect(answer).toMatchObject({ code: 0, stdout: '<h1>Welcome over TLS</h1>' });
    // Without the CA, the same certificate is not trusted: it is the local CA's, not a public one.
    expect(
      (
        await curl([
          '--resolve',
          `www.shelter.test:${httpsPort()}:127.0.0.1`,
          `https://www.shelter.test:${httpsPort()}/`,
        ])
      ).code,
    ).toBe(60);
  });

  it('gives a name without a certificate none: the handshake fails', async () => {
    for (const name of ['happy-paws.localhost', 'unknown.example']) {
      const answer = await https(name);
      expect(answer.code).toBe(35);
      await expect(peerCertificate(httpsPort(), name)).rejects.toThrow();
    }
  });

  it('redirects plain HTTP to HTTPS (308, same path and query) for a domain with a certificate, but not an ACME challenge', async () => {
    const redirected = await siteRequest(server.port, 'www.shelter.test', '/docs/page?x=1&y=2', { method: 'POST' });
    expect(redirected.status).toBe(308);
    expect(redirected.headers.location).toBe(`https://www.shelter.test:${httpsPort()}/docs/page?x=1&y=2`);
    expect((await siteRequest(server.port, 'www.shelter.test', '/.well-known/acme-challenge/some-token')).status).toBe(
      404,
    );
    // A site without a certificate, and the API, stay on HTTP.
    expect((await siteRequest(server.port, 'happy-paws.localhost', '/')).status).toBe(200);
    expect((await siteRequest(server.port, `127.0.0.1:${server.port}`, '/v1/openapi.json')).status).toBe(200);
  });

  it('stops serving a certificate removed by the CLI (its own connection to the database) from the next handshake, and deletes its key', async () => {
    await peerCertificate(httpsPort(), 'old.shelter.test');
    const removed = await runCliInProcess(dataDir, ['domains', 'remove', 'old.shelter.test']);
    expect(removed.code).toBe(0);
    await waitFor(async () => (await https('old.shelter.test')).code === 35, 5_000);
    const keyFiles = fs.readdirSync(path.join(dataDir, 'certificates', 'production'));
    expect(keyFiles).toHaveLength(1);
    expect((await https('www.shelter.test')).code).toBe(0);
  });
  it('serves a renewed certificate from the next handshake, without a restart', async () => {
    const before = await peerCertificate(httpsPort(), 'www.shelter.test');
    clock.advance(60 * DAY);
    expect(await server.engine.sites.certificates.runDue()).toBe(1);
    const after = await peerCertificate(httpsPort(), 'www.shelter.test');
    expect(after.serialNumber).not.toBe(before.serialNumber);
    expect(Date.parse(after.valid_to)).toBeGreaterThan(Date.parse(before.valid_to) + 59 * DAY);
  });
});

describe('ACME HTTP-01 answers on the HTTP port', () => {
  it('serves a challenge in flight for its own domain’s Host only', async () => {
    const acmeDir = makeTempDir();
    const acmeServer = await startApiServer({
      dataDir: acmeDir,
      environment: 'production',
      port: 0,
      clock: new ManualClock(Date.now()),
      sites: { acme: { directoryUrl: 'https://127.0.0.1:9/dir', email: 'ops@shelter.test', termsAgreed: true } },
    });
    try {
      const challenges = acmeServer.engine.sites.acmeChallenges;
      if (!challenges) throw new Error('no ACME challenges with an ACME issuer');
      challenges.add('tok-en_1', 'www.shelter.test', 'tok-en_1.thumbprint');
      const answer = await siteRequest(acmeServer.port, 'www.shelter.test:80', '/.well-known/acme-challenge/tok-en_1');
      expect(answer).toMatchObject({ status: 200, body: 'tok-en_1.thumbprint' });
      expect(answer.headers['content-type']).toBe('text/plain; charset=utf-8');
      expect(
        (await siteRequest(acmeServer.port, 'other.shelter.test', '/.well-known/acme-challenge/tok-en_1')).body,
      ).not.toContain('thumbprint');
      expect(
        (await siteRequest(acmeServer.port, 'www.shelter.test', '/.well-known/acme-challenge/unknown')).body,
      ).not.toContain('thumbprint');
      challenges.delete('tok-en_1');
      expect(
        (await siteRequest(acmeServer.port, 'www.shelter.test', '/.well-known/acme-challenge/tok-en_1')).body,
      ).not.toContain('thumbprint');
    } finally {
      await acmeServer.stop();
      removeTempDir(acmeDir);
    }
  });
});
