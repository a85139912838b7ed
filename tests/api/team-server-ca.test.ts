/**
 * The shelter server has a CA of its own: it signs the shelter server's certificate and nothing
 * else, so a site's certificate, even one for the shelter server's own name, does not pass with
 * what the desks pinned. The certificate names only the addresses the listener answers on.
 */
import { X509Certificate } from 'node:crypto';
import path from 'node:path';
import tls from 'node:tls';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Engine } from '../../src/main/engine/engine';
import { TeamServer } from '../../src/main/team/team-server';
import { LocalCa } from '../../src/main/sites/certificates/local-ca';
import type { TeamListener } from '../../src/main/team/listener';
import { shelterServerCa } from '../../src/main/team/server-certificate';
import { systemClock } from '../../src/shared/clock';
import { runCliInProcess } from '../helpers/cli-in-process';
import { makeTempDir, removeTempDir } from '../helpers/temp-dir';

let dataDir: string;
let team: TeamServer | undefined;

const pems = (text: string) => text.match(/-----BEGIN CERTIFICATE-----[^-]+-----END CERTIFICATE-----/g) ?? [];

/** The certificate a TeamServer bound to `host` hands its listener, through a listener that serves it over real TLS on loopback. */
async function servedCertificate(host: string | undefined): Promise<{ leaf: X509Certificate; served: TeamListener }> {
  team = new TeamServer({ dataDir, host });
  let served: TeamListener | undefined;
  let server: tls.Server | undefined;
  team.serve(async (listener) => {
    served = listener;
    server = tls.createServer({ key: listener.keyPem, cert: listener.chainPem });
    await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
    return {
      port: (server.address() as { port: number }).port,
      renew: () => undefined,
      stop: () => new Promise<void>((resolve) => server!.close(() => resolve())),
    };
  });
  await team.apply({ enabled: true, port: 0 });
  return { leaf: new X509Certificate(pems(served!.chainPem)[0]!), served: served! };
}

/** A TLS handshake to the loopback port trusting only `ca`, for the name `servername`: whether it is accepted. */
function accepted(port: number, ca: string, servername: string): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = tls.connect(
      { host: '127.0.0.1', port, ca, servername, checkServerIdentity: () => undefined },
      () => {
        socket.end();
        resolve(true);
      },
    );
    socket.on('error', () => resolve(false));
  });
}

beforeEach(() => {
  dataDir = makeTempDir('team-server-ca');
});

afterEach(async () => {
  await team?.stop();
  team = undefined;
  removeTempDir(dataDir);
});

describe('the shelter server’s own CA', () => {
  it('signs the shelter server’s certificate, and is not the sites’ CA that signs a domain’s', async () => {
    const { leaf } = await servedCertificate('127.0.0.1');
    const shelterCa = new X509Certificate(await shelterServerCa(dataDir).certificatePem());
    expect(leaf.checkIssued(shelterCa)).toBe(true);
    expect(shelterCa.subject).toMatch(/^CN=Adoption Desk shelter server CA [0-9a-f]{8}/);

    const engine = new Engine({ dataDir, environment: 'production' });
    try {
      const sitesCaPem = await engine.sites.certificates.caCertificate();
      expect(sitesCaPem).not.toBe(await shelterServerCa(dataDir).certificatePem());
      // A site's certificate for the shelter server's own name, from the sites' CA: not what the desks pinned.
      const forged = await new LocalCa(path.join(dataDir, 'certificates'), systemClock).issue({
        dns: ['localhost'],
        ips: ['127.0.0.1'],
      });
      const impostor = tls.createServer({ key: forged.keyPem, cert: forged.chainPem });
      await new Promise<void>((resolve) => impostor.listen(0, '127.0.0.1', resolve));
      try {
        const port = (impostor.address() as { port: number }).port;
        expect(await accepted(port, await shelterServerCa(dataDir).certificatePem(), 'localhost')).toBe(false);
        expect(await accepted(port, sitesCaPem, 'localhost')).toBe(true);
      } finally {
        await new Promise<void>((resolve) => impostor.close(() => resolve()));
      }
    } finally {
      engine.close();
    }
  });

  it('is first in what certificates ca gives, so the code the desks compare is its fingerprint', async () => {
    const { leaf } = await servedCertificate(undefined);
    const exported = await runCliInProcess(dataDir, ['certificates', 'ca']);
    expect(exported.code, exported.stderr).toBe(0);
    const [first, second] = pems(exported.stdout);
    expect(leaf.checkIssued(new X509Certificate(first!))).toBe(true);
    expect(new X509Certificate(second!).subject).toMatch(/^CN=Adoption Desk local CA/);
    expect((await team!.state()).fingerprint).toBe(new X509Certificate(first!).fingerprint256);
  });
});

describe('the addresses the shelter server’s certificate names', () => {
  it('names only the address given with --team-host', async () => {
    const { leaf, served } = await servedCertificate('127.0.0.1');
    expect(leaf.subjectAltName).toBe('IP Address:127.0.0.1');
    expect(served.names()).toEqual({ dns: [], ips: ['127.0.0.1'] });
  });

  it('names no IPv6 address when bound to every IPv4 one (0.0.0.0)', async () => {
    const { leaf } = await servedCertificate(undefined);
    const names = leaf.subjectAltName ?? '';
    expect(names).toContain('DNS:localhost');
    expect(names).toContain('IP Address:127.0.0.1');
    for (const ip of names.split(', ').filter((name) => name.startsWith('IP Address:')))
      expect(ip).toMatch(/^IP Address:\d+\.\d+\.\d+\.\d+$/);
  });
});
