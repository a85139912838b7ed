import path from 'node:path';
import type * as X509 from '@peculiar/x509';
import { LOCAL_LEAF_LIFETIME_MS } from '../../../shared/sites';
import type { Clock } from '../../../shared/clock';
import type { CertificateIssuer, IssuedCertificate } from './issuer';
import { createPrivateFileOnce, readPrivateFile } from './private-files';

type X509Library = typeof X509;
let library: Promise<X509Library> | undefined;

/** Loaded on first use: a process that never issues (most CLI commands) never pays for it. */
function loadX509(): Promise<X509Library> {
  // The library's dependency injection (tsyringe) needs the Reflect metadata polyfill loaded first.
  library ??= import('reflect-metadata')
    .then(() => import('@peculiar/x509'))
    .then((x509) => {
      // Node's WebCrypto (the global one): no OpenSSL command line anywhere.
      x509.cryptoProvider.set(globalThis.crypto);
      return x509;
    });
  return library;
}

export const LOCAL_CA_NAME = 'Adoption Desk local CA';
const KEY_ALGORITHM = { name: 'ECDSA', namedCurve: 'P-256' } as const;
const SIGNING_ALGORITHM = { name: 'ECDSA', hash: 'SHA-256' } as const;
const CA_LIFETIME_MS = 10 * 365 * 86_400_000;
/** Certificates start a little in the past, so a client whose clock runs behind still accepts them. */
const CLOCK_SKEW_MS = 60 * 60_000;

/** What one leaf names: DNS names (the first is its subject) and IP addresses, all in its subjectAltName. */
export interface LeafNames {
  dns: readonly string[];
  ips: readonly string[];
}

interface CaMaterial {
  certificate: X509.X509Certificate;
  certificatePem: string;
  signingKey: CryptoKey;
}

/**
 * The app's own certificate authority (the default issuer, offline): made on first use in the data
 * dir (key and certificate in one owner-only file), shared by both environments so a user trusts it
 * once. Its certificate is what `certificates ca` exports.
 */
export class LocalCa implements CertificateIssuer {
  readonly kind = 'local' as const;
  private material: Promise<CaMaterial> | undefined;

  constructor(
    private readonly certificatesDir: string,
    private readonly clock: Clock,
    /** Its file in the certificates folder and its name: the sites' CA by default, the shelter server's has its own (team/server-certificate.ts). */
    private readonly identity: { file: string; name: string } = { file: 'local-ca.pem', name: LOCAL_CA_NAME },
  ) {}

  get file(): string {
    return path.join(this.certificatesDir, this.identity.file);
  }

  /** The CA certificate (public), PEM; made now if there is none yet. */
  async certificatePem(): Promise<string> {
    return (await this.load()).certificatePem;
  }

  /** A leaf for one domain (a site's), or for several names and addresses at once (the shelter server's). */
  async issue(names: string | LeafNames): Promise<IssuedCertificate> {
    const { dns, ips } = typeof names === 'string' ? { dns: [names], ips: [] } : names;
    const subject = dns[0] ?? ips[0];
    if (subject === undefined) throw new Error('a certificate needs at least one name or address');
    const x509 = await loadX509();
    const ca = await this.load();
    const keys = await globalThis.crypto.subtle.generateKey(KEY_ALGORITHM, true, ['sign', 'verify']);
    const now = this.clock.now();
    const notBefore = new Date(now - CLOCK_SKEW_MS);
    const notAfter = new Date(now + LOCAL_LEAF_LIFETIME_MS);
    const leaf = await x509.X509CertificateGenerator.create({
      serialNumber: serialNumber(),
      subject: `CN=${subject}`,
      issuer: ca.certificate.subject,
      notBefore,
      notAfter,
      signingAlgorithm: SIGNING_ALGORITHM,
      publicKey: keys.publicKey,
      signingKey: ca.signingKey,
      extensions: [
        new x509.BasicConstraintsExtension(false, undefined, true),
        new x509.KeyUsagesExtension(x509.KeyUsageFlags.digitalSignature, true),
        new x509.ExtendedKeyUsageExtension([x509.ExtendedKeyUsage.serverAuth]),
        new x509.SubjectAlternativeNameExtension([
          ...dns.map((value) => ({ type: 'dns' as const, value })),
          ...ips.map((value) => ({ type: 'ip' as const, value })),
        ]),
        await x509.AuthorityKeyIdentifierExtension.create(ca.certificate.publicKey),
        await x509.SubjectKeyIdentifierExtension.create(keys.publicKey),
      ],
    });
    return {
      chainPem: `${leaf.toString('pem')}\n${ca.certificatePem}`,
      keyPem: await privateKeyPem(keys.privateKey),
      notBefore: notBefore.getTime(),
      notAfter: notAfter.getTime(),
      issuer: this.identity.name,
    };
  }

  private load(): Promise<CaMaterial> {
    this.material ??= this.readOrCreate().catch((error: unknown) => {
      this.material = undefined;
      throw error;
    });
    return this.material;
  }

  private async readOrCreate(): Promise<CaMaterial> {
    const x509 = await loadX509();
    const text = readPrivateFile(this.file) ?? createPrivateFileOnce(this.file, await this.create());
    const certificatePem = pemBlock(text, 'CERTIFICATE');
    const keyPem = pemBlock(text, 'PRIVATE KEY');
    const signingKey = await globalThis.crypto.subtle.importKey(
      'pkcs8',
      x509.PemConverter.decodeFirst(keyPem),
      KEY_ALGORITHM,
      false,
      ['sign'],
    );
    return { certificate: new x509.X509Certificate(certificatePem), certificatePem, signingKey };
  }

  private async create(): Promise<string> {
    const x509 = await loadX509();
    const keys = await globalThis.crypto.subtle.generateKey(KEY_ALGORITHM, true, ['sign', 'verify']);
    const now = this.clock.now();
    const certificate = await x509.X509CertificateGenerator.createSelfSigned({
      serialNumber: serialNumber(),
      // A name of its own per data dir, so two installs' CAs are told apart in a trust store.
      name: `CN=${this.identity.name} ${serialNumber().slice(0, 8)}, O=Adoption Desk`,
      notBefore: new Date(now - CLOCK_SKEW_MS),
      notAfter: new Date(now + CA_LIFETIME_MS),
      signingAlgorithm: SIGNING_ALGORITHM,
      keys,
      extensions: [
        new x509.BasicConstraintsExtension(true, 0, true),
        new x509.KeyUsagesExtension(x509.KeyUsageFlags.keyCertSign | x509.KeyUsageFlags.cRLSign, true),
        await x509.SubjectKeyIdentifierExtension.create(keys.publicKey),
      ],
    });
    return `${await privateKeyPem(keys.privateKey)}${certificate.toString('pem')}\n`;
  }
}

async function privateKeyPem(key: CryptoKey): Promise<string> {
  const x509 = await loadX509();
  return `${x509.PemConverter.encode(await globalThis.crypto.subtle.exportKey('pkcs8', key), 'PRIVATE KEY')}\n`;
}

/** A positive 128-bit serial, hex (the first bit clear so DER needs no sign byte). */
function serialNumber(): string {
  const bytes = globalThis.crypto.getRandomValues(new Uint8Array(16));
  bytes[0] = (bytes[0] ?? 0) & 0x7f;
  return Buffer.from(bytes).toString('hex');
}

function pemBlock(text: string, label: string): string {
  const match = new RegExp(`-----BEGIN ${label}-----[^-]+-----END ${label}-----`).exec(text);
  if (!match) throw new Error(`the local CA file has no ${label} block`);
  return `${match[0]}\n`;
}
