import { createHash, X509Certificate } from 'node:crypto';
import tls from 'node:tls';
import { AppError, type ServerCertificateInvalid } from '../../shared/errors';
import { fingerprintText, shortCodeOf } from '../../shared/team';

/** The certificates a server sent, leaf first: PEM text or DER bytes, as each caller holds them. */
export type ServedChain = readonly (string | Uint8Array)[];

export interface CheckedChain {
  /** The CA that signed the leaf (the root of the shelter server's chain), PEM. */
  caPem: string;
  /** SHA-256 of the CA's DER, as openssl prints it. */
  fingerprint: string;
  shortCode: string;
}

/** SHA-256 of a certificate's DER, as fingerprintText writes it. */
export function fingerprintOf(certificate: X509Certificate): string {
  return fingerprintText(createHash('sha256').update(certificate.raw).digest('hex'));
}

/**
 * Checks what the shelter server sent without trusting any store: the CA is the leaf's issuer among
 * the certificates sent (a CA, whose key signed the leaf), the leaf is made for `host` (RFC 6125, as
 * Node checks it) and both are within their dates at `now`.
 */
export function checkServedChain(chain: ServedChain, host: string, now: number): CheckedChain {
  const certificates = chain.map(
    (entry) => new X509Certificate(typeof entry === 'string' ? entry : Buffer.from(entry)),
  );
  const [leaf, ...others] = certificates;
  const refuse = (problem: ServerCertificateInvalid['problem'], message: string) =>
    new AppError('server_certificate_invalid', message, { details: { host, problem } });
  if (!leaf) throw refuse('no_ca', 'The server sent no certificate.');
  const named = others.filter((candidate) => candidate.ca && leaf.checkIssued(candidate));
  if (named.length === 0)
    throw refuse('no_ca', "The server's certificate came without the certificate authority that issued it.");
  const ca = named.find((candidate) => leaf.verify(candidate.publicKey));
  if (!ca)
    throw refuse(
      'not_signed_by_ca',
      "The server's certificate is not signed by the certificate authority it came with.",
    );
  const identity = tls.checkServerIdentity(host, leaf.toLegacyObject());
  if (identity) throw refuse('name_mismatch', `The server's certificate is not made for ${host}.`);
  for (const certificate of [leaf, ca]) {
    if (now < Date.parse(certificate.validFrom))
      throw refuse(
        'not_yet_valid',
        `The server's certificate is valid from ${new Date(certificate.validFrom).toISOString()} only.`,
      );
    if (now > Date.parse(certificate.validTo))
      throw refuse('expired', `The server's certificate expired on ${new Date(certificate.validTo).toISOString()}.`);
  }
  const fingerprint = fingerprintOf(ca);
  return { caPem: ca.toString(), fingerprint, shortCode: shortCodeOf(fingerprint) };
}

/**
 * A later connection to the shelter server: accepted only when its chain checks out as on the first
 * day and its CA is the one pinned then. What the desktop shell's certificate check calls.
 */
export function verifyPinned(chain: ServedChain, pinnedFingerprint: string, host: string, now: number): CheckedChain {
  const checked = checkServedChain(chain, host, now);
  if (checked.fingerprint !== pinnedFingerprint) {
    const pinnedCode = shortCodeOf(pinnedFingerprint);
    throw new AppError(
      'server_identity_changed',
      `The server at ${host} shows the code ${checked.shortCode}, not ${pinnedCode} as when this computer first connected.`,
      {
        details: {
          host,
          pinnedFingerprint,
          presentedFingerprint: checked.fingerprint,
          pinnedCode,
          presentedCode: checked.shortCode,
        },
      },
    );
  }
  return checked;
}
