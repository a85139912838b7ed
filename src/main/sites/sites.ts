import path from 'node:path';
import type Database from 'better-sqlite3';
import type { Clock } from '../../shared/clock';
import type { Environment } from '../../shared/environments';
import { AppError } from '../../shared/errors';
import { DEFAULT_SITES_HOST, siteAddress, type Domain } from '../../shared/sites';
import type { Store } from '../db/connection';
import { runningServerPorts, serverLockFile } from '../db/instance-lock';
import type { AccountService } from '../accounts/accounts';
import type { Changes } from '../db/changes';
import type { PlanService } from '../accounts/plans';
import { AcmeChallenges, AcmeIssuer, type AcmeOptions } from './certificates/acme-issuer';
import { CertificateService, notVerified } from './certificates/certificates';
import { LocalCa } from './certificates/local-ca';
import { DnsVerifier } from './dns-check';
import { parseSitesHost } from './domain-names';
import { DomainService } from './domains';
import { ProjectService } from './projects';
import { SiteDirectory } from './site-directory';
import { SiteFollower } from './site-follower';
import type { EngineLog } from '../log';
import type { SiteContentSource } from './generated-site';

/** `--sites-host` and `--dns-server` of serve and the CLI. */
export interface SitesOptions {
  /** The name pointing at this machine; projects are served at <slug>.<host>. Default localhost. */
  host?: string;
  /** Resolvers as HOST or HOST:PORT; empty or absent: the system's. */
  dnsServers?: readonly string[];
  /** Certificates from an ACME CA instead of the local CA (the default). */
  acme?: AcmeOptions;
  /** `--https-port`: serve the sites over HTTPS too (0 picks a free port); absent: HTTP only. */
  httpsPort?: number;
  /** `--keep-deploys`: deploys kept per project (the live one always); older ones are deleted. Default 10. */
  keepDeploys?: number;
  /** Test seam, see ProjectStore. */
  beforeCopy?: (folder: string, staging: string) => Promise<void>;
}

export const DEFAULT_KEPT_DEPLOYS = 10;

export interface SitesDependencies {
  db: Store;
  sqlite: Database.Database;
  clock: Clock;
  changes: Changes;
  accounts: AccountService;
  plans: PlanService;
  dataDir: string;
  environment: Environment;
  log: EngineLog;
  /** The adoption site as the records make it now: publishing/ makes it, sites/ only hosts it. */
  siteContent: SiteContentSource;
}

/** Published sites and custom domains of one environment (docs/contract.md, "Published sites and custom domains"). */
export class Sites {
  readonly host: string;
  readonly projects: ProjectService;
  readonly domains: DomainService;
  /** Which Host gets which site: what the API server asks on every request. */
  readonly directory: SiteDirectory;
  readonly certificates: CertificateService;
  /** HTTP-01 answers of ACME orders in flight; undefined with the local CA. */
  readonly acmeChallenges: AcmeChallenges | undefined;
  readonly httpsPort: number | undefined;
  /** Republishes the adoption site when the records change (a serving engine runs it). */
  readonly follower: SiteFollower;

  private readonly dataDir: string;
  private readonly primaryDomain: Database.Statement<[number], { name: string; certificateState: string }>;
  private readonly environment: Environment;

  constructor(dependencies: SitesDependencies, options: SitesOptions = {}) {
    this.dataDir = dependencies.dataDir;
    this.environment = dependencies.environment;
    this.host = parseSitesHost(options.host ?? DEFAULT_SITES_HOST);
    const { db, sqlite, clock, changes, accounts, plans, log } = dependencies;
    const sitesDir = path.join(dependencies.dataDir, 'sites', dependencies.environment);
    this.primaryDomain = sqlite.prepare(
      `SELECT name, certificate_state AS certificateState FROM domains WHERE project_id = ? AND role = 'primary' AND status = 'verified' AND removed_at IS NULL`,
    );
    this.follower = new SiteFollower({
      sqlite,
      clock,
      addressOf: (projectId, slug) => this.liveAddress(projectId, slug),
      contentOf: (projectId) => this.projects.adoptionSiteContent(projectId),
      republish: (projectId) => this.projects.deployAdoptionPage(projectId),
    });
    const keepDeploys = options.keepDeploys ?? DEFAULT_KEPT_DEPLOYS;
    if (!Number.isSafeInteger(keepDeploys) || keepDeploys < 1)
      throw new AppError(
        'validation_failed',
        `--keep-deploys must be a whole number of at least 1, not ${keepDeploys}.`,
      );
    this.projects = new ProjectService({
      db,
      sqlite,
      clock,
      changes,
      accounts,
      log,
      sitesDir,
      sitesHost: this.host,
      keepDeploys,
      beforeCopy: options.beforeCopy,
      siteContent: dependencies.siteContent,
      liveAddress: (projectId, slug) => this.liveAddress(projectId, slug),
      describe: (projectId, slug) => {
        const { name, certified } = this.publicHost(projectId, slug);
        return { publicHost: name, publicHostCertified: certified, following: this.follower.following(projectId) };
      },
      adoptionSitePublished: (projectId, content) => this.follower.published(projectId, content),
    });
    this.projects.tidy();
    const certificatesDir = path.join(dependencies.dataDir, 'certificates');
    const localCa = new LocalCa(certificatesDir, clock);
    this.acmeChallenges = options.acme ? new AcmeChallenges() : undefined;
    const issuer =
      options.acme && this.acmeChallenges
        ? new AcmeIssuer(options.acme, certificatesDir, this.acmeChallenges)
        : localCa;
    this.certificates = new CertificateService({
      db,
      clock,
      changes,
      environment: dependencies.environment,
      certificatesDir,
      issuer,
      localCa,
    });
    this.httpsPort = options.httpsPort;
    this.domains = new DomainService({
      db,
      sqlite,
      clock,
      changes,
      accounts,
      plans,
      projects: this.projects,
      verifier: new DnsVerifier(options.dnsServers ?? []),
      sitesHost: this.host,
      certificates: this.certificates,
    });
    this.directory = new SiteDirectory(
      sqlite,
      this.host,
      (projectId, number) => this.projects.deployDir(projectId, number),
      changes,
    );
  }

  /**
   * Where visitors reach a project now: its verified primary domain when it has one (HTTPS once
   * its certificate is issued and the server listens for HTTPS), else <slug>.<sites host>; with the
   * running server's port, or none when no server runs (no trailing slash).
   */
  liveAddress(projectId: number, slug: string): string {
    const { name, certified } = this.publicHost(projectId, slug);
    const ports = runningServerPorts(serverLockFile(this.dataDir, this.environment));
    const address = ports ? siteAddress(name, ports, certified) : `http://${name}/`;
    return address.replace(/\/$/, '');
  }

  /** The name visitors use: the verified primary domain, else `<slug>.<sites host>`. */
  private publicHost(projectId: number, slug: string): { name: string; certified: boolean } {
    const primary = this.primaryDomain.get(projectId);
    return primary
      ? { name: primary.name, certified: primary.certificateState === 'issued' }
      : { name: `${slug}.${this.host}`, certified: false };
  }

  /** The re-verify action (a domain flagged by the 30-minute rule): DNS checked again, then its certificate requested anew. */
  async reverify(name: string): Promise<Domain> {
    const domain = await this.domains.verify(name);
    if (domain.status !== 'verified') throw notVerified(domain.name, domain.status, domain.message);
    return { ...domain, certificate: this.certificates.requestAgain(domain.name) };
  }
}
