import fs from 'node:fs';
import path from 'node:path';
import { and, asc, eq, isNotNull, isNull, lte, ne, or } from 'drizzle-orm';
import type { Clock } from '../../../shared/clock';
import type { Environment } from '../../../shared/environments';
import { AppError } from '../../../shared/errors';
import {
  REVERIFY_AFTER_MS,
  type CertificateIssuerKind,
  type CertificateListing,
  type DomainCertificate,
  type VerificationStatus,
} from '../../../shared/sites';
import type { Store } from '../../db/connection';
import { domains, projects } from '../../db/schema';
import type { Changes } from '../../db/changes';
import type { CertificateIssuer } from './issuer';
import type { LocalCa } from './local-ca';
import { readPrivateFile, writePrivateFile } from './private-files';
import { afterFailure, capReleasedAt, renewalAt } from './retry-schedule';

type DomainRow = typeof domains.$inferSelect;

/** What SNI hands to TLS for one name. */
export interface ServedCertificate {
  cert: string;
  key: string;
}

export interface CertificateStore {
  db: Store;
  /** Real time, never the lab clock: a certificate valid from lab time is "not yet valid" to every client. */
  clock: Clock;
  changes: Changes;
  environment: Environment;
  /** <data dir>/certificates: owner-only. */
  certificatesDir: string;
  issuer: CertificateIssuer;
  localCa: LocalCa;
}

/** How long a stopping server waits for an attempt in flight. */
const STOP_WAIT_MS = 1_500;
/** Attempts one run makes at most, so a backlog never holds a run for long. */
const ATTEMPTS_PER_RUN = 10;
const CLEARED = {
  certificateState: 'none' as const,
  certificateIssuer: null,
  certificateReason: null,
  certificateRequestedAt: null,
  certificateIssuedAt: null,
  certificateNotBefore: null,
  certificateNotAfter: null,
  certificateChain: null,
  certificateNextAttemptAt: null,
  certificateFailures: [] as number[],
} satisfies Partial<DomainRow>;

/** The domain row's certificate as every face shows it. */
/** The engine's English before the issuer's words when a renewal fails and the current certificate is still served. */
const RENEWAL_FAILED = 'Renewal failed: ';

export function certificateOf(row: DomainRow, now: number): DomainCertificate {
  const since = Math.max(row.verifiedAt ?? 0, row.certificateRequestedAt ?? 0);
  return {
    state: row.certificateState,
    issuer: row.certificateIssuer,
    requestedAt: row.certificateRequestedAt,
    issuedAt: row.certificateIssuedAt,
    notBefore: row.certificateNotBefore,
    notAfter: row.certificateNotAfter,
    reason: row.certificateReason,
    issuerWords: row.certificateReason?.replace(RENEWAL_FAILED, '') ?? null,
    nextAttemptAt: row.certificateNextAttemptAt,
    needsReverify:
      row.removedAt === null &&
      row.status === 'verified' &&
      row.certificateState !== 'issued' &&
      since > 0 &&
      now - since > REVERIFY_AFTER_MS,
  };
}

/**
 * Certificates of verified domains (docs/contract.md, "Published sites and custom domains"): requested when a domain verifies, issued by the
 * configured issuer, retried with backoff, renewed 30 days before expiry, deleted with the domain.
 * Only a serving process issues (it answers the ACME challenges); the CLI reads and re-requests.
 * Private keys live in owner-only files under <data dir>/certificates/<environment>/, never in a row.
 */
export class CertificateService {
  private running: Promise<number> | undefined;
  private stopped = false;
  private servedNames: Set<string> | undefined;

  constructor(private readonly store: CertificateStore) {
    store.changes.on((topic) => {
      if (topic === 'sites') this.servedNames = undefined;
    });
  }

  get issuerKind(): CertificateIssuerKind {
    return this.store.issuer.kind;
  }

  /** The local CA's certificate (public), PEM: what a user adds to their trust store. */
  caCertificate(): Promise<string> {
    return this.store.localCa.certificatePem();
  }

  list(): CertificateListing[] {
    const now = this.store.clock.now();
    return this.store.db
      .select({ row: domains, project: projects.slug })
      .from(domains)
      .innerJoin(projects, eq(projects.id, domains.projectId))
      .where(isNull(domains.removedAt))
      .orderBy(asc(domains.name))
      .all()
      .map(({ row, project }) => ({
        domain: row.name,
        project,
        status: row.status,
        verifiedAt: row.verifiedAt,
        ...certificateOf(row, now),
      }));
  }

  /**
   * After a re-verify found the DNS right: a new request from now (the 30-minute clock restarts),
   * attempted at once unless the hourly cap of failed attempts says later.
   */
  requestAgain(name: string): DomainCertificate {
    const now = this.store.clock.now();
    const row = this.store.db
      .select()
      .from(domains)
      .where(and(eq(domains.name, name), isNull(domains.removedAt)))
      .get();
    if (!row)
      throw new AppError('not_found', `No project has the domain ${name}.`, { details: { missing: 'domain', name } });
    // Sites.reverify refuses an unverified domain with its findings; this guards a check that changed since.
    if (row.status !== 'verified') throw notVerified(row.name, row.status, 'its DNS changed since it was checked.');
    if (row.certificateState === 'issued') return certificateOf(row, now);
    const updated = this.store.db
      .update(domains)
      .set({
        certificateState: 'pending',
        certificateRequestedAt: now,
        certificateReason: null,
        certificateNextAttemptAt: capReleasedAt(row.certificateFailures, now),
      })
      .where(eq(domains.id, row.id))
      .returning()
      .get();
    this.store.changes.emit('sites');
    return certificateOf(updated ?? row, now);
  }

  /** A removed domain: its key file and certificate go at once. */
  discard(domainId: number): void {
    const row = this.store.db.select().from(domains).where(eq(domains.id, domainId)).get();
    if (!row) return;
    this.deleteKey(row);
    this.store.db.update(domains).set(CLEARED).where(eq(domains.id, domainId)).run();
    this.store.changes.emit('sites');
  }

  /** The chain and key to serve for a name, if it has a certificate; read per TLS handshake (callers cache). */
  served(name: string): ServedCertificate | undefined {
    const row = this.store.db
      .select()
      .from(domains)
      .where(
        and(
          eq(domains.name, name),
          isNull(domains.removedAt),
          eq(domains.status, 'verified'),
          isNotNull(domains.certificateChain),
        ),
      )
      .get();
    if (!row?.certificateChain) return undefined;
    const key = readPrivateFile(this.keyFile(row));
    return key === undefined ? undefined : { cert: row.certificateChain, key };
  }

  /** Names with a certificate to serve: plain HTTP to them is redirected to HTTPS. */
  hasCertificate(name: string): boolean {
    this.servedNames ??= new Set(
      this.store.db
        .select({ name: domains.name })
        .from(domains)
        .where(and(isNull(domains.removedAt), eq(domains.status, 'verified'), isNotNull(domains.certificateChain)))
        .all()
        .map((line) => line.name),
    );
    return this.servedNames.has(name);
  }

  /**
   * The serving process's tick: removes leftovers of removed domains, then issues for verified
   * domains without a certificate and retries or renews those whose time has come.
   */
  runDue(): Promise<number> {
    this.running ??= this.attemptDue().finally(() => {
      this.running = undefined;
    });
    return this.running;
  }

  /** For a server that stops: no new attempt starts; one in flight (an ACME order can take a while) is waited for briefly, then dropped. */
  async stop(): Promise<void> {
    this.stopped = true;
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([this.running, new Promise((resolve) => (timer = setTimeout(resolve, STOP_WAIT_MS)))]);
    clearTimeout(timer);
  }

  private async attemptDue(): Promise<number> {
    const { db, clock } = this.store;
    const leftovers = db
      .select({ id: domains.id })
      .from(domains)
      .where(and(isNotNull(domains.removedAt), ne(domains.certificateState, 'none')))
      .all();
    for (const { id } of leftovers) this.discard(id);
    const due = db
      .select()
      .from(domains)
      .where(
        and(
          isNull(domains.removedAt),
          eq(domains.status, 'verified'),
          or(eq(domains.certificateState, 'none'), lte(domains.certificateNextAttemptAt, clock.now())),
        ),
      )
      .orderBy(asc(domains.certificateNextAttemptAt))
      .limit(ATTEMPTS_PER_RUN)
      .all();
    let attempts = 0;
    for (const row of due) {
      if (this.stopped) break;
      await this.attempt(row.certificateState === 'none' ? this.markPending(row) : row);
      attempts += 1;
    }
    return attempts;
  }

  private markPending(row: DomainRow): DomainRow {
    const now = this.store.clock.now();
    const updated = this.store.db
      .update(domains)
      .set({
        certificateState: 'pending',
        certificateRequestedAt: now,
        certificateIssuer: null,
        certificateReason: null,
        certificateNextAttemptAt: now,
      })
      .where(eq(domains.id, row.id))
      .returning()
      .get();
    this.store.changes.emit('sites');
    return updated ?? row;
  }

  private async attempt(row: DomainRow): Promise<void> {
    const { db, clock, issuer } = this.store;
    let outcome: Partial<DomainRow>;
    let newKeyFile: string | undefined;
    try {
      const issued = await issuer.issue(row.name);
      const issuedAt = clock.now();
      newKeyFile = this.keyFile({ id: row.id, certificateIssuedAt: issuedAt });
      writePrivateFile(newKeyFile, issued.keyPem);
      outcome = {
        certificateState: 'issued',
        certificateIssuer: issued.issuer,
        certificateReason: null,
        certificateIssuedAt: issuedAt,
        certificateNotBefore: issued.notBefore,
        certificateNotAfter: issued.notAfter,
        certificateChain: issued.chainPem,
        certificateNextAttemptAt: renewalAt(issued.notBefore, issued.notAfter),
        certificateFailures: [],
      };
    } catch (error) {
      const now = clock.now();
      const reason = error instanceof Error ? error.message : String(error);
      const stillValid = row.certificateChain !== null && (row.certificateNotAfter ?? 0) > now;
      const { failures, nextAttemptAt } = afterFailure(row.certificateFailures, now);
      outcome = {
        // A renewal that fails leaves the current certificate served until it expires.
        certificateState: stillValid ? 'issued' : 'failed',
        certificateReason: stillValid ? `${RENEWAL_FAILED}${reason}` : reason,
        certificateFailures: failures,
        certificateNextAttemptAt: nextAttemptAt,
      };
    }
    if (this.stopped) {
      // The database may be closed by now: nothing of this attempt is kept.
      if (newKeyFile) fs.rmSync(newKeyFile, { force: true });
      return;
    }
    const updated = db
      .update(domains)
      .set(outcome)
      .where(and(eq(domains.id, row.id), isNull(domains.removedAt)))
      .returning()
      .get();
    if (!updated) {
      // Removed while the issuer worked: nothing of it may stay behind.
      if (newKeyFile) fs.rmSync(newKeyFile, { force: true });
      return;
    }
    if (newKeyFile && newKeyFile !== this.keyFile(row)) this.deleteKey(row);
    this.store.changes.emit('sites');
  }

  private deleteKey(row: Pick<DomainRow, 'id' | 'certificateIssuedAt'>): void {
    if (row.certificateIssuedAt !== null) fs.rmSync(this.keyFile(row), { force: true });
  }

  /** One file per issued certificate, so a renewal never pairs the old chain with the new key. */
  private keyFile(row: Pick<DomainRow, 'id' | 'certificateIssuedAt'>): string {
    return path.join(
      this.store.certificatesDir,
      this.store.environment,
      `${row.id}-${row.certificateIssuedAt ?? 0}.key.pem`,
    );
  }
}

/** A certificate is only for a verified domain: the refusal says what its DNS check found instead. */
export function notVerified(
  name: string,
  status: Exclude<VerificationStatus, 'verified'>,
  found: string,
): AppError<'conflict'> {
  return new AppError('conflict', `${name} is not verified (${status}): ${found}`, {
    details: { reason: 'domain_not_verified', domain: name, status },
  });
}
