import { createHash, X509Certificate } from 'node:crypto';
import fs from 'node:fs';
import https from 'node:https';
import path from 'node:path';
import tls from 'node:tls';
import type * as Acme from 'acme-client';
import type { CertificateIssuer, IssuedCertificate } from './issuer';
import { createPrivateFileOnce, readPrivateFile } from './private-files';

/** `--acme-directory`, `--acme-email`, `--acme-agree-tos` (and `--acme-ca-file` for a test CA such as Pebble). */
export interface AcmeOptions {
  directoryUrl: string;
  email: string;
  /** The CA's terms of service, agreed by the user: ACME refuses an account without it. */
  termsAgreed: true;
  /** A PEM file of extra roots to trust for the directory's own HTTPS (Pebble's test certificate). */
  caFile?: string;
}

/**
 * The HTTP-01 answers in flight: the sites server serves them at /.well-known/acme-challenge/<token>
 * on the HTTP port, for the domain's own Host only.
 */
export class AcmeChallenges {
  private readonly answers = new Map<string, { domain: string; keyAuthorization: string }>();

  get size(): number {
    return this.answers.size;
  }

  answer(token: string, host: string): string | undefined {
    const entry = this.answers.get(token);
    return entry?.domain === host ? entry.keyAuthorization : undefined;
  }

  add(token: string, domain: string, keyAuthorization: string): void {
    this.answers.set(token, { domain, keyAuthorization });
  }

  delete(token: string): void {
    this.answers.delete(token);
  }
}

/**
 * Certificates from an ACME CA (Let's Encrypt; Pebble in tests) by HTTP-01. One order per call; the
 * certificate service decides when to call (retries with backoff, the per-hour cap), never this.
 */
export class AcmeIssuer implements CertificateIssuer {
  readonly kind = 'acme' as const;
  private client: Acme.Client | undefined;

  constructor(
    private readonly options: AcmeOptions,
    private readonly certificatesDir: string,
    readonly challenges: AcmeChallenges,
  ) {}

  async issue(domain: string): Promise<IssuedCertificate> {
    try {
      return await this.order(domain);
    } catch (error) {
      throw await this.explained(error);
    }
  }

  /**
   * acme-client loses the cause when a request gets no answer at all (it then reads the missing
   * response: "Cannot read properties of undefined"): find out why the CA could not be reached.
   */
  private async explained(error: unknown): Promise<unknown> {
    if (!(error instanceof TypeError)) return error;
    try {
      await fetch(this.options.directoryUrl, { signal: AbortSignal.timeout(5_000) });
    } catch (cause) {
      const why = cause instanceof Error && cause.cause instanceof Error ? cause.cause.message : String(cause);
      return new Error(`Could not reach the ACME directory ${this.options.directoryUrl}: ${why}`);
    }
    return error;
  }

  private async order(domain: string): Promise<IssuedCertificate> {
    const acme = await import('acme-client');
    const client = await this.accountClient(acme);
    const keyPem = (await acme.crypto.createPrivateEcdsaKey('P-256')).toString();
    const [, csr] = await acme.crypto.createCsr({ commonName: domain, altNames: [domain] }, keyPem);
    const chainPem = await client.auto({
      csr,
      email: this.options.email,
      termsOfServiceAgreed: this.options.termsAgreed,
      challengePriority: ['http-01'],
      // acme-client's own pre-check asks the system resolver, which may not see the domain yet; the CA checks anyway.
      skipChallengeVerification: true,
      challengeCreateFn: async (_authz, challenge, keyAuthorization) =>
        this.challenges.add(challenge.token, domain, keyAuthorization),
      challengeRemoveFn: async (_authz, challenge) => this.challenges.delete(challenge.token),
    });
    const leaf = new X509Certificate(chainPem);
    return {
      chainPem,
      keyPem,
      notBefore: Date.parse(leaf.validFrom),
      notAfter: Date.parse(leaf.validTo),
      issuer: commonName(leaf.issuer),
    };
  }

  private async accountClient(acme: typeof Acme): Promise<Acme.Client> {
    if (this.client) return this.client;
    if (this.options.caFile !== undefined) {
      // acme-client talks through its own axios instance; only it gets the extra root.
      acme.axios.defaults.httpsAgent = new https.Agent({
        ca: [...tls.rootCertificates, fs.readFileSync(this.options.caFile, 'utf8')],
      });
    }
    // acme-client retries a refused connection or a 5xx 5 times, 5 to 25 s apart (75 s in all) before it
    // gives up; our own schedule retries later anyway, so a wrong directory URL fails within seconds.
    // A Retry-After from the CA is still honoured for the attempts made.
    Object.assign((acme.axios.defaults as { acmeSettings?: object }).acmeSettings ?? {}, {
      retryMaxAttempts: 2,
      retryDefaultDelay: 2,
    });
    const directoryHash = createHash('sha256').update(this.options.directoryUrl).digest('hex').slice(0, 16);
    const file = path.join(this.certificatesDir, 'acme', `${directoryHash}.account.pem`);
    const accountKey =
      readPrivateFile(file) ??
      createPrivateFileOnce(file, (await acme.crypto.createPrivateEcdsaKey('P-256')).toString());
    this.client = new acme.Client({
      directoryUrl: this.options.directoryUrl,
      accountKey,
      backoffAttempts: 10,
      backoffMin: 500,
      backoffMax: 10_000,
    });
    return this.client;
  }
}

function commonName(distinguishedName: string): string {
  return /CN=([^\n,]+)/.exec(distinguishedName)?.[1]?.trim() ?? distinguishedName;
}
