import type { CertificateIssuerKind } from '../../../shared/sites';

/** What an issuer hands back; the key goes to a private file, the rest to the domain's row. */
export interface IssuedCertificate {
  /** Leaf first, then the intermediates, PEM. */
  chainPem: string;
  keyPem: string;
  notBefore: number;
  notAfter: number;
  /** Who issued it, in words (the CA's name). */
  issuer: string;
}

export interface CertificateIssuer {
  readonly kind: CertificateIssuerKind;
  /** Throws an Error whose message is the reason to show (for ACME: the CA's own words). */
  issue(domain: string): Promise<IssuedCertificate>;
}
