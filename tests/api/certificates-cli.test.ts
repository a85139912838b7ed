import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Engine } from '../../src/main/engine/engine';
import { startApiServer } from '../../src/main/http/listen';
import { ManualClock } from '../../src/shared/clock';
import type { CertificateListing, Domain } from '../../src/shared/sites';
import { startTestDns, type TestDns } from '../helpers/dns-server';
import { makeTempDir, removeTempDir } from '../helpers/temp-dir';
import { deployedProject } from '../helpers/site-project';
import { runCliInProcess } from '../helpers/cli-in-process';

const MINUTE = 60_000;

let dataDir: string;
let dns: TestDns;
const cli = (...args: string[]) => runCliInProcess(dataDir, ['--dns-server', dns.server, ...args]);

beforeAll(async () => {
  dataDir = makeTempDir();
  dns = await startTestDns({ 'www.shelter.test': { CNAME: 'happy-paws.localhost' } });
  // Verified 31 minutes ago by the CLI's (real) clock, and no server ran to issue since.
  const engine = new Engine({
    dataDir,
    environment: 'production',
    clock: new ManualClock(Date.now() - 31 * MINUTE),
    sites: { dnsServers: [dns.server] },
  });
  try {
    const { project } = await deployedProject(engine, dataDir, { html: 'hi' });
    engine.sites.domains.add(project.slug, 'www.shelter.test');
    engine.sites.domains.add(project.slug, 'shop.shelter.test');
    expect((await engine.sites.domains.verify('www.shelter.test')).status).toBe('verified');
  } finally {
    engine.close();
  }
});

afterAll(async () => {
  await dns.close();
  removeTempDir(dataDir);
});

describe('the 30-minute rule in the CLI', () => {
  it('flags the domain in `domains list` and `certificates list`, tables and JSON', async () => {
    const domains = await cli('--json', 'domains', 'list');
    expect(domains.code).toBe(0);
    const www = (JSON.parse(domains.stdout) as Domain[]).find((domain) => domain.name === 'www.shelter.test');
    expect(www?.certificate).toMatchObject({ state: 'none', needsReverify: true });

    const table = await cli('domains', 'list');
    expect(table.stdout).toContain('none, over 30 min: domains reverify www.shelter.test');

    const listed = await cli('--json', 'certificates', 'list');
    expect(JSON.parse(listed.stdout) as CertificateListing[]).toEqual([
      expect.objectContaining({ domain: 'shop.shelter.test', status: 'pending', state: 'none', needsReverify: false }),
      expect.objectContaining({
        domain: 'www.shelter.test',
        status: 'verified',
        state: 'none',
        needsReverify: true,
        notAfterIso: null,
      }),
    ]);
    const listedTable = await cli('certificates', 'list');
    expect(listedTable.stdout).toMatch(/www\.shelter\.test\s+happy-paws\s+verified\s+none \(re-verify\)/);
    expect(listedTable.stderr).toContain(
      'www.shelter.test was verified over 30 minutes ago and has no certificate yet: run "domains reverify www.shelter.test".',
    );
  });

  it('`domains reverify` checks the DNS again and requests the certificate anew, which clears the flag', async () => {
    const reverified = await cli('--json', 'domains', 'reverify', 'WWW.Shelter.Test');
    expect(reverified.stderr).toBe('');
    expect(reverified.code).toBe(0);
    const domain = JSON.parse(reverified.stdout) as Domain;
    expect(domain).toMatchObject({
      name: 'www.shelter.test',
      status: 'verified',
      certificate: { state: 'pending', needsReverify: false },
    });
    expect(Math.abs((domain.certificate.requestedAt ?? 0) - Date.now())).toBeLessThan(60_000);

    // No server runs for this data dir: the words say so instead of promising an issue.
    const words = await cli('domains', 'reverify', 'www.shelter.test');
    expect(words.stderr).toContain(
      'DNS of www.shelter.test is verified; its certificate is requested again. No production server is running for this data dir: it is issued once one starts (npm run serve).',
    );
    expect(words.stderr).not.toContain('The running server');
  });

  it('`domains reverify` with the server running says that it issues within seconds', async () => {
    const server = await startApiServer({
      dataDir,
      environment: 'production',
      port: 0,
      sites: { dnsServers: [dns.server] },
    });
    try {
      const words = await cli('domains', 'reverify', 'www.shelter.test');
      expect(words.stderr).toMatch(
        /DNS of www\.shelter\.test is verified; its certificate is requested again\. The running server issues it within seconds\.|already has a certificate/,
      );
      expect(words.stderr).not.toContain('No production server is running');
    } finally {
      await server.stop();
    }
  });

  it('refuses to re-verify a domain whose DNS is not right, with the check’s words, exit 1', async () => {
    const refused = await cli('domains', 'reverify', 'shop.shelter.test');
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/^Error: shop\.shelter\.test is not verified \(pending\): /);
  });
});
