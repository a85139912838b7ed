import path from 'node:path';
import type Database from 'better-sqlite3';
import type { Clock } from '../../shared/clock';
import type { Environment } from '../../shared/environments';
import { DEFAULT_SITES_HOST } from '../../shared/sites';
import type { Store } from '../db/connection';
import type { AccountService } from '../services/accounts';
import type { Changes } from '../services/changes';
import type { PlanService } from '../services/plans';
import { DnsVerifier } from './dns-check';
import { parseSitesHost } from './domain-names';
import { DomainService } from './domains';
import { ProjectService } from './projects';
import { SiteDirectory } from './site-directory';

/** `--sites-host` and `--dns-server` of serve and the CLI. */
export interface SitesOptions {
  /** The name pointing at this machine; projects are served at <slug>.<host>. Default localhost. */
  host?: string;
  /** Resolvers as HOST or HOST:PORT; empty or absent: the system's. */
  dnsServers?: readonly string[];
}

export interface SitesDependencies {
  db: Store;
  sqlite: Database.Database;
  clock: Clock;
  changes: Changes;
  accounts: AccountService;
  plans: PlanService;
  dataDir: string;
  environment: Environment;
}

/** Published sites and custom domains of one environment (CONTRACT §6). */
export class Sites {
  readonly host: string;
  readonly projects: ProjectService;
  readonly domains: DomainService;
  /** Which Host gets which site: what the API server asks on every request. */
  readonly directory: SiteDirectory;

  constructor(dependencies: SitesDependencies, options: SitesOptions = {}) {
    this.host = parseSitesHost(options.host ?? DEFAULT_SITES_HOST);
    const { db, sqlite, clock, changes, accounts, plans } = dependencies;
    const sitesDir = path.join(dependencies.dataDir, 'sites', dependencies.environment);
    this.projects = new ProjectService({ db, sqlite, clock, changes, accounts, sitesDir, sitesHost: this.host });
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
    });
    this.directory = new SiteDirectory(sqlite, this.host, (projectId, number) => this.projects.deployDir(projectId, number), changes);
  }
}
