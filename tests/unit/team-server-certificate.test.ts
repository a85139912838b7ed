/** The shelter server's certificate: one leaf from the local CA for every name and address, kept until they change or it nears its end. */
import { X509Certificate } from 'node:crypto';
import fs from 'node:fs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LocalCa } from '../../src/main/sites/certificates/local-ca';
import { namesHold } from '../../src/main/team/machine-names';
import { teamCertificateFile, teamServerCertificate } from '../../src/main/team/server-certificate';
import { systemClock } from '../../src/shared/clock';
import { LOCAL_LEAF_LIFETIME_MS, RENEW_BEFORE_MS } from '../../src/shared/sites';
import { makeTempDir, removeTempDir } from '../helpers/temp-dir';

let dir: string;
let ca: LocalCa;
const names = { dns: ['front-desk', 'front-desk.local', 'localhost'], ips: ['127.0.0.1', '::1', '192.168.1.20'] };
const leafOf = (chainPem: string) => new X509Certificate(chainPem.split(/(?<=-----END CERTIFICATE-----)/)[0]!);

beforeEach(() => {
  dir = makeTempDir('team-certificate');
  ca = new LocalCa(dir, systemClock);
});

afterEach(() => removeTempDir(dir));

describe('the shelter server certificate', () => {
  it('names every DNS name and address in one leaf issued by the local CA, in an owner-only file', async () => {
    const certificate = await teamServerCertificate(ca, dir, names, Date.now());
    const leaf = leafOf(certificate.chainPem);
    expect(leaf.subjectAltName).toBe(
      'DNS:front-desk, DNS:front-desk.local, DNS:localhost, IP Address:127.0.0.1, IP Address:0:0:0:0:0:0:0:1, IP Address:192.168.1.20',
    );
    expect(leaf.subject).toBe('CN=front-desk');
    expect(leaf.checkIssued(new X509Certificate(await ca.certificatePem()))).toBe(true);
    expect(fs.statSync(teamCertificateFile(dir)).mode & 0o777).toBe(0o600);
  });

  it('keeps a site’s one-domain leaf as it was', async () => {
    const leaf = leafOf((await ca.issue('adopt.example.org')).chainPem);
    expect(leaf.subjectAltName).toBe('DNS:adopt.example.org');
  });

  it('is kept while the names are the same, and issued again when they change or the end nears', async () => {
    const now = Date.now();
    const first = await teamServerCertificate(ca, dir, names, now);
    expect(
      (await teamServerCertificate(ca, dir, { dns: [...names.dns].reverse(), ips: names.ips }, now)).chainPem,
    ).toBe(first.chainPem);
    const moved = await teamServerCertificate(ca, dir, { ...names, ips: ['127.0.0.1', '::1', '192.168.1.21'] }, now);
    expect(moved.chainPem).not.toBe(first.chainPem);
    expect(leafOf(moved.chainPem).subjectAltName).toContain('IP Address:192.168.1.21');
    // Within the sites' renewal margin of its end (the leaf was issued on the real clock, a moment after `now`).
    const late = now + LOCAL_LEAF_LIFETIME_MS - RENEW_BEFORE_MS + 60_000;
    expect((await teamServerCertificate(ca, dir, moved.names, late)).chainPem).not.toBe(moved.chainPem);
    fs.writeFileSync(teamCertificateFile(dir), 'not json');
    expect((await teamServerCertificate(ca, dir, names, now)).names).toEqual(names);
  });

  it('answers only under its names: a Host is matched without case, IPv6 in brackets', () => {
    expect(namesHold(names, 'Front-Desk.local')).toBe(true);
    expect(namesHold(names, '[::1]')).toBe(true);
    expect(namesHold(names, '192.168.1.20')).toBe(true);
    expect(namesHold(names, 'attacker.example')).toBe(false);
  });
});
