import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApiServer, type RunningServer } from '../../src/main/http/listen';
import { CERTIFICATE_RETRY_DELAYS_MS } from '../../src/main/sites/certificates/retry-schedule';
import { ManualClock } from '../../src/shared/clock';
import { startTestDns, type TestDns } from '../helpers/dns-server';
import { PEBBLE_BIN, pebbleInstalled, pebblePorts, startPebble, type Pebble } from '../helpers/pebble';
import { siteRequest } from '../helpers/site-http';
import { makeTempDir, removeTempDir } from '../helpers/temp-dir';
import { curl } from '../helpers/tls-probe';
import { waitFor } from '../helpers/wait-for';

const MINUTE = 60_000;
const MISSING = `pebble is not installed at ${PEBBLE_BIN} (apt-get install -y pebble)`;

if (!pebbleInstalled()) {
  if (process.env.CI === 'true') {
    // CI installs Pebble (.ci/run): there, its absence is a failure, never a skip.
    it('ACME against Pebble: Pebble is installed', () => expect.fail(MISSING));
  } else {
    console.warn(`certificates-acme: skipped, ${MISSING}`);
    describe.skip(`ACME against Pebble — skipped: ${MISSING}`, () => it('needs pebble', () => undefined));
  }
} else {
  let dataDir: string;
  let dns: TestDns;
  let pebble: Pebble;
  let server: RunningServer;
  let clock: ManualClock;

  const certificate = (name: string) => server.engine.sites.domains.get(name).certificate;

  beforeAll(async () => {
    dataDir = makeTempDir();
    dns = await startTestDns({
      'www.acme.test': { CNAME: 'happy-paws.localhost' },
      'happy-paws.localhost': { A: '127.0.0.1' },
      // Its target has no address yet: the CA's validation cannot reach it.
      'broken.acme.test': { CNAME: 'rescue.localhost' },
      'rescue.localhost': {},
    });
    const ports = await pebblePorts();
    const pebbleDir = path.join(dataDir, 'pebble');
    clock = new ManualClock(Date.now());
    server = await startApiServer({
      dataDir,
      environment: 'production',
      port: 0,
      clock,
      sites: {
        dnsServers: [dns.server],
        httpsPort: 0,
        acme: {
          directoryUrl: ports.directoryUrl,
          email: 'ops@shelter.test',
          termsAgreed: true,
          caFile: path.join(pebbleDir, 'directory-ca.pem'),
        },
      },
    });
    pebble = await startPebble(pebbleDir, ports, dns.server, server.port);
    const { accounts } = server.engine.services;
    const { projects } = server.engine.sites;
    const account = accounts.create({ name: 'Happy Paws', planId: 'pro' });
    for (const name of ['Happy Paws', 'Rescue']) {
      const project = projects.create({ accountId: account.id, name });
      const folder = path.join(dataDir, `site-${project.slug}`);
      fs.mkdirSync(folder);
      fs.writeFileSync(path.join(folder, 'index.html'), `<h1>${name} over ACME</h1>`);
      await projects.deployFolder(project.slug, folder);
    }
  }, 30_000);

  afterAll(async () => {
    await server?.stop();
    await pebble?.stop();
    await dns?.close();
    removeTempDir(dataDir);
  });

  describe('ACME against Pebble', () => {
    it('completes a real order by HTTP-01 once the domain verifies; the served certificate chains to Pebble’s root', async () => {
      server.engine.sites.domains.add('happy-paws', 'www.acme.test');
      expect((await server.engine.sites.domains.verify('www.acme.test')).status).toBe('verified');
      await waitFor(
        () => certificate('www.acme.test').state === 'issued' || certificate('www.acme.test').state === 'failed',
        30_000,
        100,
      );
      const issued = certificate('www.acme.test');
      expect(issued.reason).toBeNull();
      expect(issued).toMatchObject({ state: 'issued' });
      expect(issued.issuer).toMatch(/^Pebble Intermediate CA/);

      const rootFile = path.join(dataDir, 'pebble-root.pem');
      fs.writeFileSync(rootFile, await pebble.issuingRoot());
      const port = server.httpsPort ?? 0;
      const answer = await curl([
        '--resolve',
        `www.acme.test:${port}:127.0.0.1`,
        '--cacert',
        rootFile,
        `https://www.acme.test:${port}/`,
      ]);
      expect(answer.stderr).toBe('');
      expect(answer).toMatchObject({ code: 0, stdout: '<h1>Happy Paws over ACME</h1>' });
      // The challenge answers are gone once the order is done; the name now redirects to HTTPS.
      expect(server.engine.sites.acmeChallenges?.size).toBe(0);
      expect((await siteRequest(server.port, 'www.acme.test', '/')).status).toBe(308);
    });

    it('leaves a failed validation `failed` with Pebble’s own reason and a retry in 5 minutes; re-verify issues once the DNS is right', async () => {
      server.engine.sites.domains.add('rescue', 'broken.acme.test');
      expect((await server.engine.sites.domains.verify('broken.acme.test')).status).toBe('verified');
      await waitFor(() => certificate('broken.acme.test').state === 'failed', 30_000, 100);
      const failed = certificate('broken.acme.test');
      // Pebble's own words: 'Get "http://broken.acme.test:PORT/.well-known/acme-challenge/TOKEN": could not resolve URL …'.
      expect(failed.reason).toMatch(
        /^Get "http:\/\/broken\.acme\.test:\d+\/\.well-known\/acme-challenge\/[\w-]+": could not resolve URL/,
      );
      expect(failed.nextAttemptAt).toBe(clock.now() + CERTIFICATE_RETRY_DELAYS_MS[0]);
      // Nothing retries before then.
      expect(await server.engine.sites.certificates.runDue()).toBe(0);

      clock.advance(31 * MINUTE);
      expect(certificate('broken.acme.test').needsReverify).toBe(true);
      dns.zone['rescue.localhost'] = { A: '127.0.0.1' };
      expect((await server.engine.sites.domains.verify('broken.acme.test')).status).toBe('verified');
      expect(server.engine.sites.certificates.requestAgain('broken.acme.test')).toMatchObject({
        state: 'pending',
        needsReverify: false,
        nextAttemptAt: clock.now(),
      });
      await waitFor(() => certificate('broken.acme.test').state === 'issued', 30_000, 100);
      expect(certificate('broken.acme.test')).toMatchObject({ reason: null, needsReverify: false });
    });
  });
}
