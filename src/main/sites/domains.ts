import type Database from 'better-sqlite3';
import { and, asc, eq, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { Clock } from '../../shared/clock';
import { AppError } from '../../shared/errors';
import { PAID_PLANS } from '../../shared/plans';
import { DEFAULT_REDIRECT_STATUS, type DnsRecord, type Domain, type RedirectStatus } from '../../shared/sites';
import type { Store } from '../db/connection';
import { domains } from '../db/schema';
import type { AccountService } from '../accounts/accounts';
import type { Changes } from '../db/changes';
import type { PlanService } from '../accounts/plans';
import type { CertificateService } from './certificates/certificates';
import type { DnsCheck, DnsVerifier } from './dns-check';
import { normaliseDomainReference, parseDomainName } from './domain-names';
import type { ProjectService } from './projects';
import { domainView, primaryRowOf, recordFor, type DomainRow } from './domain-view';
import { nextCheckAt } from './recheck-schedule';

export interface DomainStore {
  db: Store;
  sqlite: Database.Database;
  /** Real time, never the lab clock: a re-check scheduled in lab time would outlive `clock reset`. */
  clock: Clock;
  changes: Changes;
  accounts: AccountService;
  plans: PlanService;
  projects: ProjectService;
  verifier: DnsVerifier;
  sitesHost: string;
  /** The certificate of a domain: shown with it, and deleted when it is removed. */
  certificates: CertificateService;
}

export interface AddDomainOptions {
  /** Must name the project's primary: redirects always point at it. */
  redirectTo?: string;
  redirectStatus?: RedirectStatus;
}

/** Checks one automatic tick runs at most, so a long backlog never holds a tick for long. */
const CHECKS_PER_TICK = 20;

/** Custom domains: the gates to add one, the record to create, verification, primary and redirects. */
export class DomainService {
  private running: Promise<Domain[]> | undefined;
  private stopped = false;

  constructor(private readonly store: DomainStore) {}

  add(projectReference: string | number, input: string, options: AddDomainOptions = {}): Domain {
    const { db, sqlite, clock, accounts, plans, sitesHost } = this.store;
    const project = this.store.projects.get(projectReference);
    const domain = parseDomainName(input, sitesHost);
    const account = accounts.get(project.accountId);
    const noDeploy = `project ${project.slug} has no successful deploy yet`;
    const deployRequired = project.liveDeploy === null;
    if (!PAID_PLANS.includes(account.planId)) {
      throw new AppError(
        'plan_required',
        `A custom domain needs the Pro plan or above (Pro, Business or Enterprise); account ${account.id} (${account.name}) is on ${plans.get(account.planId).name}.${deployRequired ? ` Also, ${noDeploy}.` : ''}`,
        {
          details: {
            accountId: account.id,
            accountName: account.name,
            planId: account.planId,
            needed: 'pro',
            project: project.slug,
            deployRequired,
          },
        },
      );
    }
    if (deployRequired)
      throw new AppError('deploy_required', `A custom domain needs a published site: ${noDeploy}.`, {
        details: { project: project.slug },
      });
    const row = sqlite
      .transaction(() => {
        const taken = this.attachedRow(domain.name);
        if (taken) {
          const owner = this.store.projects.get(taken.projectId).slug;
          const sameProject = owner === project.slug;
          throw new AppError(
            'conflict',
            `${domain.name} is already attached to ${sameProject ? 'this project' : `project ${owner}`}; remove it there first.`,
            {
              details: { reason: 'domain_attached', domain: domain.name, project: owner, sameProject },
            },
          );
        }
        const primary = primaryRowOf(this.store.db, project.id);
        const role = this.roleFor(project.slug, primary, options);
        const now = clock.now();
        const target = this.target(project.slug);
        const record = recordFor(domain.name, domain.kind, target);
        return db
          .insert(domains)
          .values({
            projectId: project.id,
            name: domain.name,
            kind: domain.kind,
            role,
            redirectStatus: role === 'redirect' ? (options.redirectStatus ?? DEFAULT_REDIRECT_STATUS) : null,
            status: 'pending',
            expected: [`${record.type} ${target}`],
            found: [],
            checkReason: 'not_checked',
            nextCheckAt: nextCheckAt(now, 0),
            createdAt: now,
          })
          .returning()
          .get();
      })
      .immediate();
    this.store.changes.emit('sites');
    return this.view(row);
  }

  /** Attached domains, of one project or all, primaries first. */
  list(projectReference?: string | number): Domain[] {
    const projectId = projectReference === undefined ? undefined : this.store.projects.get(projectReference).id;
    return this.store.db
      .select()
      .from(domains)
      .where(and(isNull(domains.removedAt), projectId === undefined ? undefined : eq(domains.projectId, projectId)))
      .orderBy(asc(domains.projectId), sql`${domains.role} = 'redirect'`, asc(domains.name))
      .all()
      .map((row) => this.view(row));
  }

  get(name: string): Domain {
    return this.view(this.requireAttached(name));
  }

  /** The record to create at the DNS provider. */
  record(name: string): DnsRecord {
    const row = this.requireAttached(name);
    return recordFor(row.name, row.kind, this.target(this.store.projects.get(row.projectId).slug));
  }

  /** Runs the DNS check now (the Verify button); a pending result restarts the backoff at 1 minute. */
  async verify(name: string): Promise<Domain> {
    const row = this.requireAttached(name);
    const check = await this.store.verifier.check(
      row.name,
      row.kind,
      this.target(this.store.projects.get(row.projectId).slug),
    );
    const updated = this.apply(row, check, 'manual');
    if (!updated) throw new AppError('not_found', `${row.name} was removed while it was being verified.`);
    return updated;
  }

  /**
   * The scheduler's tick: checks the domains whose next automatic check is due by the engine's
   * clock. The server calls it periodically; tests move the clock and call it.
   */
  runDueChecks(): Promise<Domain[]> {
    this.running ??= this.checkDue().finally(() => {
      this.running = undefined;
    });
    return this.running;
  }

  /** Redirect → primary; the old primary becomes a redirect with the status the promoted one had. */
  promote(name: string): Domain {
    const { db, sqlite } = this.store;
    const row = this.requireAttached(name);
    if (row.role === 'primary') return this.view(row);
    sqlite
      .transaction(() => {
        db.update(domains)
          .set({ role: 'redirect', redirectStatus: row.redirectStatus ?? DEFAULT_REDIRECT_STATUS })
          .where(and(eq(domains.projectId, row.projectId), eq(domains.role, 'primary'), isNull(domains.removedAt)))
          .run();
        db.update(domains).set({ role: 'primary', redirectStatus: null }).where(eq(domains.id, row.id)).run();
      })
      .immediate();
    this.store.changes.emit('sites');
    return this.get(row.name);
  }

  /** The status a redirect answers with (the redirects editor); a primary has none. */
  setRedirectStatus(name: string, status: RedirectStatus): Domain {
    const row = this.requireAttached(name);
    if (row.role !== 'redirect') {
      throw new AppError(
        'validation_failed',
        `${row.name} is the primary domain: it serves the site, so it has no redirect status. Promote another domain first to make ${row.name} a redirect.`,
      );
    }
    this.store.db.update(domains).set({ redirectStatus: status }).where(eq(domains.id, row.id)).run();
    this.store.changes.emit('sites');
    return this.get(row.name);
  }

  /** Stops serving the name from the very next request on. */
  remove(name: string): Domain {
    const row = this.requireAttached(name);
    if (row.role === 'primary') {
      const redirects = this.store.db
        .select({ name: domains.name })
        .from(domains)
        .where(and(eq(domains.projectId, row.projectId), eq(domains.role, 'redirect'), isNull(domains.removedAt)))
        .all();
      if (redirects.length > 0) {
        const names = redirects.map((redirect) => redirect.name);
        throw new AppError(
          'conflict',
          `${row.name} is the primary domain that ${names.join(', ')} redirect${names.length === 1 ? 's' : ''} to; promote one of them first, or remove them.`,
          {
            details: { reason: 'primary_has_redirects', domain: row.name, redirects: names },
          },
        );
      }
    }
    const view = this.view(row);
    this.store.db
      .update(domains)
      .set({ removedAt: this.store.clock.now(), nextCheckAt: null })
      .where(eq(domains.id, row.id))
      .run();
    this.store.certificates.discard(row.id);
    this.store.changes.emit('sites');
    return view;
  }

  /** For a server that stops: no more checks start, those in flight end without writing. */
  async stop(): Promise<void> {
    this.stopped = true;
    this.store.verifier.cancel();
    await this.running;
  }

  private async checkDue(): Promise<Domain[]> {
    const due = this.store.db
      .select()
      .from(domains)
      .where(
        and(
          isNull(domains.removedAt),
          inArray(domains.status, ['pending', 'error']),
          lte(domains.nextCheckAt, this.store.clock.now()),
        ),
      )
      .orderBy(asc(domains.nextCheckAt))
      .limit(CHECKS_PER_TICK)
      .all();
    const checked: Domain[] = [];
    for (const row of due) {
      if (this.stopped) break;
      const check = await this.store.verifier.check(
        row.name,
        row.kind,
        this.target(this.store.projects.get(row.projectId).slug),
      );
      const updated = this.apply(row, check, 'automatic');
      if (updated) checked.push(updated);
    }
    return checked;
  }

  /**
   * Writes a check's outcome, unless the domain was removed meanwhile. A resolver error never
   * takes down a domain that was verified: it keeps serving, and its findings tell what failed.
   */
  private apply(row: DomainRow, check: DnsCheck, trigger: 'manual' | 'automatic'): Domain | undefined {
    if (this.stopped) return undefined;
    const now = this.store.clock.now();
    const automaticChecks = trigger === 'manual' ? 0 : row.automaticChecks + 1;
    // A failed lookup on a verified domain keeps what its last good check found; only the failure is added.
    const keepsVerified = check.status === 'error' && row.status === 'verified';
    const status = keepsVerified ? 'verified' : check.status;
    const retried = status === 'pending' || status === 'error';
    const result = this.store.db
      .update(domains)
      .set({
        status,
        expected: keepsVerified ? row.expected : check.expected,
        found: keepsVerified ? row.found : check.found,
        checkReason: check.reason,
        checkQuery: check.query,
        checkedAt: now,
        automaticChecks,
        nextCheckAt: retried ? nextCheckAt(now, automaticChecks) : null,
        verifiedAt: status === 'verified' ? (row.verifiedAt ?? now) : null,
      })
      .where(and(eq(domains.id, row.id), isNull(domains.removedAt)))
      .returning()
      .get();
    if (!result) return undefined;
    if (status !== row.status) this.store.changes.emit('sites');
    return this.view(result);
  }

  private roleFor(slug: string, primary: DomainRow | undefined, options: AddDomainOptions): 'primary' | 'redirect' {
    if (!primary) {
      if (options.redirectTo !== undefined) {
        throw new AppError(
          'validation_failed',
          `Project ${slug} has no primary domain yet, so nothing to redirect to: the first domain added becomes the primary; add it without a redirect target.`,
          {
            details: { field: 'redirectTo' },
          },
        );
      }
      if (options.redirectStatus !== undefined) {
        throw new AppError(
          'validation_failed',
          'The first domain of a project is its primary, and only a redirect has a status.',
          { details: { field: 'redirectStatus' } },
        );
      }
      return 'primary';
    }
    if (options.redirectTo !== undefined && normaliseDomainReference(options.redirectTo) !== primary.name) {
      throw new AppError(
        'validation_failed',
        `${options.redirectTo} is not the primary domain of ${slug}; redirects point at the primary, ${primary.name}.`,
        { details: { field: 'redirectTo' } },
      );
    }
    return 'redirect';
  }

  private target(slug: string): string {
    return `${slug}.${this.store.sitesHost}`;
  }

  private attachedRow(name: string): DomainRow | undefined {
    return this.store.db
      .select()
      .from(domains)
      .where(and(eq(domains.name, name), isNull(domains.removedAt)))
      .get();
  }

  private requireAttached(input: string): DomainRow {
    const name = normaliseDomainReference(input);
    const row = this.attachedRow(name);
    if (!row)
      throw new AppError('not_found', `No project has the domain ${name}.`, { details: { missing: 'domain', name } });
    return row;
  }

  private view(row: DomainRow): Domain {
    return domainView(this.store.db, row, this.store.sitesHost, this.store.clock.now());
  }
}
