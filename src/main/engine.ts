import path from 'node:path';
import { systemClock, type Clock } from '../shared/clock';
import type { Environment } from '../shared/environments';
import { openConnection, type Connection } from './db/connection';
import { ensurePrivateDir } from './files/owner-only';
import { AccountService } from './services/accounts';
import { CategoryService } from './services/categories';
import { Changes, type ChangeTopic } from './services/changes';
import { KeyService } from './services/keys';
import { LabClock, LabClockService } from './services/lab-clock';
import { PetService } from './services/pets';
import { PlanService } from './services/plans';
import { QuotaService } from './services/quota';
import { RequestLog, type RequestLogOptions } from './lab/request-log/request-log';
import { Sites, type SitesOptions } from './sites/sites';

export interface EngineOptions {
  dataDir: string;
  environment: Environment;
  clock?: Clock;
  migrationsFolder?: string;
  sites?: SitesOptions;
  /** How long the request log keeps rows, and how many at most. */
  requestLog?: RequestLogOptions;
}

export interface Services {
  categories: CategoryService;
  pets: PetService;
  plans: PlanService;
  accounts: AccountService;
  keys: KeyService;
  quota: QuotaService;
}

const ALL_TOPICS: ChangeTopic[] = ['pets', 'categories', 'accounts', 'keys', 'plans', 'usage', 'sites', 'lab'];
/** How often, at most, to ask SQLite whether another process (the CLI) wrote. */
const EXTERNAL_CHECK_INTERVAL_MS = 250;
const USAGE_FLUSH_INTERVAL_MS = 1_000;

/** One environment's database and the services over it: the core every face shares. */
export class Engine {
  readonly services: Services;
  /** Published sites and custom domains. */
  readonly sites: Sites;
  readonly changes = new Changes();
  /** Real time, or the lab clock's when staff turned it on; every service reads this one. */
  readonly clock: LabClock;
  readonly lab: LabClockService;
  /** Every API answer, for the quota lab. */
  readonly requestLog: RequestLog;
  readonly environment: Environment;
  readonly dataDir: string;
  private readonly connection: Connection;
  private dataVersion: number;
  private lastExternalCheck = 0;
  private flushTimer: NodeJS.Timeout | undefined;

  constructor(options: EngineOptions) {
    this.clock = new LabClock(options.clock ?? systemClock);
    this.environment = options.environment;
    this.dataDir = path.resolve(options.dataDir);
    ensurePrivateDir(this.dataDir);
    this.connection = openConnection(databaseFile(this.dataDir, this.environment), options.migrationsFolder);
    const { db } = this.connection;
    this.lab = new LabClockService(this.connection.sqlite, this.clock, this.changes);
    this.requestLog = new RequestLog(this.connection.sqlite, this.clock, options.requestLog);
    const categories = new CategoryService(db, this.changes);
    const plans = new PlanService(db, this.changes);
    const accounts = new AccountService(db, this.clock, plans, this.changes);
    this.services = {
      categories,
      pets: new PetService(db, this.connection.sqlite, this.clock, categories, this.changes),
      plans,
      accounts,
      keys: new KeyService(db, this.clock, this.environment, accounts, this.changes),
      quota: new QuotaService(this.connection.sqlite, this.clock, accounts, plans, this.changes),
    };
    const { sqlite } = this.connection;
    this.sites = new Sites({ db, sqlite, clock: this.clock, changes: this.changes, accounts, plans, dataDir: this.dataDir, environment: this.environment }, options.sites);
    this.dataVersion = this.readDataVersion();
  }

  get sqlite(): Connection['sqlite'] {
    return this.connection.sqlite;
  }

  /**
   * Picks up writes made by another process on the same file (keys created by the CLI, say);
   * cheap enough to call on every request, since it asks SQLite at most every 250 ms.
   */
  syncExternalChanges(force = false): void {
    const now = performance.now();
    if (!force && now - this.lastExternalCheck < EXTERNAL_CHECK_INTERVAL_MS) return;
    this.lastExternalCheck = now;
    const version = this.readDataVersion();
    if (version === this.dataVersion) return;
    this.dataVersion = version;
    this.lab.load();
    for (const topic of ALL_TOPICS) this.changes.emit(topic);
  }

  /** For a serving process: write usage counters every second (a crash loses at most that second). */
  startFlushing(): void {
    this.flushTimer ??= setInterval(() => {
      this.syncExternalChanges(true);
      this.services.quota.flush();
    }, USAGE_FLUSH_INTERVAL_MS);
    this.flushTimer.unref();
    this.requestLog.start();
  }

  close(): void {
    clearInterval(this.flushTimer);
    this.flushTimer = undefined;
    if (!this.connection.sqlite.open) return;
    this.requestLog.stop();
    this.syncExternalChanges(true);
    this.services.quota.flush();
    this.connection.sqlite.close();
  }

  private readDataVersion(): number {
    return this.connection.sqlite.pragma('data_version', { simple: true }) as number;
  }
}

export function databaseFile(dataDir: string, environment: Environment): string {
  return path.join(dataDir, `${environment}.sqlite`);
}
