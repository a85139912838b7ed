import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dispatchAdmin } from '../../src/main/admin/dispatch';
import { createAdminHandlers } from '../../src/main/admin/handlers';
import { AppHost } from '../../src/main/host/app-host';
import { ManualClock } from '../../src/shared/clock';
import type { CertificateListing, Domain } from '../../src/shared/sites';
import { startTestDns, type TestDns } from '../helpers/dns-server';
import { makeTempDir, removeTempDir } from '../helpers/temp-dir';
import { waitFor } from '../helpers/wait-for';
import { deployedProject } from '../helpers/site-project';

let dataDir: string;
let dns: TestDns;
let host: AppHost;
const call = (channel: string, payload: unknown) => dispatchAdmin(createAdminHandlers(host), channel, payload);

beforeAll(async () => {
  dataDir = makeTempDir();
  dns = await startTestDns({ 'www.shelter.test': { CNAME: 'happy-paws.localhost' } });
  host = new AppHost({
    dataDir,
    clock: new ManualClock(Date.now()),
    overrides: { ports: { production: 0, staging: 0 } },
    sites: { dnsServers: [dns.server] },
  });
  await host.start();
  const engine = host.engine('production');
  const { project } = await deployedProject(engine, dataDir, { html: 'hi' });
  engine.sites.domains.add(project.slug, 'www.shelter.test');
});

afterAll(async () => {
  await host.stop();
  await dns.close();
  removeTempDir(dataDir);
});

describe('the certificates’ admin channels', () => {
  it('certificates.ca gives the CA’s certificate and nothing private', async () => {
    const result = await call('certificates.ca', {});
    expect(result.ok).toBe(true);
    const { pem } = (result as { value: { pem: string } }).value;
    expect(pem).toMatch(/^-----BEGIN CERTIFICATE-----\n[\s\S]+-----END CERTIFICATE-----\n$/);
    expect(pem).not.toContain('PRIVATE');
    expect(await call('certificates.ca', { environment: 'production' })).toMatchObject({
      ok: false,
      error: { code: 'validation_failed' },
    });
  });

  it('domains.reverify checks the DNS and requests the certificate; certificates.list shows it issued by the running server', async () => {
    const reverify = await call('domains.reverify', { environment: 'production', name: 'www.shelter.test' });
    expect(reverify.ok).toBe(true);
    expect((reverify as { value: Domain }).value).toMatchObject({
      status: 'verified',
      certificate: { state: 'pending' },
    });
    const issued = async () => {
      const list = (await call('certificates.list', { environment: 'production' })) as {
        ok: true;
        value: CertificateListing[];
      };
      return list.value[0]?.state === 'issued' ? list.value[0] : undefined;
    };
    expect(await waitFor(issued, 10_000)).toMatchObject({
      domain: 'www.shelter.test',
      issuer: 'Adoption Desk local CA',
      needsReverify: false,
    });
    expect(JSON.stringify(await call('certificates.list', { environment: 'production' }))).not.toContain('PRIVATE');

    expect(await call('domains.reverify', { environment: 'production', name: '' })).toMatchObject({
      ok: false,
      error: { code: 'validation_failed' },
    });
    expect(await call('domains.reverify', { environment: 'production', name: 'nowhere.test' })).toMatchObject({
      ok: false,
      error: { code: 'not_found' },
    });
  });
});
