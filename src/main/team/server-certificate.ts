import { createHash, X509Certificate } from 'node:crypto';
import path from 'node:path';
import { RENEW_BEFORE_MS } from '../../shared/sites';
import { fingerprintText, shortCodeOf } from '../../shared/team';
import type { LeafNames, LocalCa } from '../sites/certificates/local-ca';
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

/** What staff compare on every desk: the local CA's SHA-256, in full and as the short code. */
export interface CaIdentity {
  fingerprint: string;
  shortCode: string;
}

/** The file beside the local CA: the key, the chain and the names it was issued for (owner-only, JSON). */
export function teamCertificateFile(certificatesDir: string): string {
  return path.join(certificatesDir, 'team-server.json');
}

/** The local CA's fingerprint (`AB:CD:…`, as openssl prints it) and the short code made from it. */
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
export async function teamServerCertificate(ca: LocalCa, certificatesDir: string, names: LeafNames, now: number): Promise<TeamCertificate> {
  const file = teamCertificateFile(certificatesDir);
  const kept = parseKept(readPrivateFile(file));
  const caPem = await ca.certificatePem();
  if (kept && sameNames(kept.names, names) && now < kept.notAfter - RENEW_BEFORE_MS && kept.chainPem.endsWith(caPem)) return kept;
  const issued = await ca.issue(names);
  const certificate: TeamCertificate = { keyPem: issued.keyPem, chainPem: issued.chainPem, names: { dns: [...names.dns], ips: [...names.ips] }, notAfter: issued.notAfter };
  writePrivateFile(file, `${JSON.stringify(certificate, null, 2)}\n`);
  return certificate;
}

/** A kept file that cannot be read as one is simply replaced by a new certificate. */
function parseKept(text: string | undefined): TeamCertificate | undefined {
  if (text === undefined) return undefined;
  try {
    const value = JSON.parse(text) as Partial<TeamCertificate>;
    const { keyPem, chainPem, names, notAfter } = value;
    if (typeof keyPem !== 'string' || typeof chainPem !== 'string' || typeof notAfter !== 'number' || !Array.isArray(names?.dns) || !Array.isArray(names?.ips)) return undefined;
    return { keyPem, chainPem, names, notAfter };
  } catch {
    return undefined;
  }
}
