import { createHash, X509Certificate } from 'node:crypto';
import { isIP, isIPv4 } from 'node:net';
import path from 'node:path';
import { systemClock } from '../../shared/clock';
import { RENEW_BEFORE_MS } from '../../shared/sites';
import { fingerprintText, shortCodeOf } from '../../shared/team';
import { LocalCa, type LeafNames } from '../sites/certificates/local-ca';
import { readPrivateFile, writePrivateFile } from '../sites/certificates/private-files';
import { sameNames } from './machine-names';

/** The shelter server's certificate as its HTTPS listener loads it. */
export interface TeamCertificate {
  keyPem: string;
  /** The leaf, then the local CA. */
  chainPem: string;
  names: LeafNames;
  notAfter: number;
}

/** What staff compare on every desk: the shelter server CA's SHA-256, in full and as the short code. */
export interface CaIdentity {
  fingerprint: string;
  shortCode: string;
}

/**
 * The shelter server's own CA, beside the sites' local CA in the data dir's certificates folder:
 * it signs the shelter server's certificate and nothing else, so no certificate made for a site's
 * domain (whatever name staff verify) chains to what the desks pinned. Certificates follow the real
 * clock, never the quota lab's.
 */
export const SHELTER_SERVER_CA = { file: 'shelter-server-ca.pem', name: 'Adoption Desk shelter server CA' } as const;

export function shelterServerCa(dataDir: string): LocalCa {
  return new LocalCa(path.join(dataDir, 'certificates'), systemClock, SHELTER_SERVER_CA);
}

/** What `certificates ca` gives to add to a trust store: the shelter server's CA first (the one a store that takes one keeps), then the sites'. */
export async function trustedCaCertificates(dataDir: string, sitesCaPem: string): Promise<string> {
  return `${await shelterServerCa(dataDir).certificatePem()}${sitesCaPem}`;
}

/**
 * The names and addresses the shelter server answers on, bound to `host`: every IPv4 address for
 * 0.0.0.0 (with the machine's names), every address for `::`, and only `host` itself when one was
 * given (`--team-host`): a certificate naming an address the listener does not answer on would
 * vouch for whoever holds it next.
 */
export function answeredNames(host: string, machine: LeafNames): LeafNames {
  if (host === '::') return machine;
  if (host === '0.0.0.0') return { dns: machine.dns, ips: machine.ips.filter((ip) => isIPv4(ip)) };
  const name = host.toLowerCase().replace(/^\[|\]$/g, '');
  return isIP(name) ? { dns: [], ips: [name] } : { dns: [name], ips: [] };
}

/** The file beside the local CA: the key, the chain and the names it was issued for (owner-only, JSON). */
export function teamCertificateFile(certificatesDir: string): string {
  return path.join(certificatesDir, 'team-server.json');
}

/** The CA's fingerprint (`AB:CD:…`, as openssl prints it) and the short code made from it. */
export async function caIdentity(ca: LocalCa): Promise<CaIdentity> {
  const raw = new X509Certificate(await ca.certificatePem()).raw;
  const fingerprint = fingerprintText(createHash('sha256').update(raw).digest('hex'));
  return { fingerprint, shortCode: shortCodeOf(fingerprint) };
}

/**
 * The certificate kept in the data dir, or a new one from the local CA when there is none, when the
 * machine's names or addresses changed, when it nears its end (the sites' renewal margin) or when
 * the CA is not the one that issued it. `now` is the real clock: certificates never follow the lab's.
 */
export async function teamServerCertificate(
  ca: LocalCa,
  certificatesDir: string,
  names: LeafNames,
  now: number,
): Promise<TeamCertificate> {
  const file = teamCertificateFile(certificatesDir);
  const kept = parseKept(readPrivateFile(file));
  const caPem = await ca.certificatePem();
  if (kept && sameNames(kept.names, names) && now < kept.notAfter - RENEW_BEFORE_MS && kept.chainPem.endsWith(caPem))
    return kept;
  const issued = await ca.issue(names);
  const certificate: TeamCertificate = {
    keyPem: issued.keyPem,
    chainPem: issued.chainPem,
    names: { dns: [...names.dns], ips: [...names.ips] },
    notAfter: issued.notAfter,
  };
  writePrivateFile(file, `${JSON.stringify(certificate, null, 2)}\n`);
  return certificate;
}

/** A kept file that cannot be read as one is simply replaced by a new certificate. */
function parseKept(text: string | undefined): TeamCertificate | undefined {
  if (text === undefined) return undefined;
  try {
    const value = JSON.parse(text) as Partial<TeamCertificate>;
    const { keyPem, chainPem, names, notAfter } = value;
    if (
      typeof keyPem !== 'string' ||
      typeof chainPem !== 'string' ||
      typeof notAfter !== 'number' ||
      !Array.isArray(names?.dns) ||
      !Array.isArray(names?.ips)
    )
      return undefined;
    return { keyPem, chainPem, names, notAfter };
  } catch {
    return undefined;
  }
}
