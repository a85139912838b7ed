import path from 'node:path';
import { systemClock, type Clock } from '../../shared/clock';
import type { Environment } from '../../shared/environments';
import { openConnection, type Connection } from '../db/connection';
import { openDataDir } from '../db/data-dir-problems';
import { SILENT_LOG, type EngineLog } from '../log';
import { ensurePrivateDir } from '../files/owner-only';
import { AccountService } from '../accounts/accounts';
import { CategoryService } from '../pets/categories';
import { Changes, type ChangeTopic } from '../db/changes';
import { KeyService } from '../keys/keys';
import { LabClock, LabClockService } from '../lab/clock';
import { PetService } from '../pets/pets';
import { PlanService } from '../accounts/plans';
import { QuotaService } from '../quota/quota';
import { REQUEST_LOG_TICK_MS, RequestLog, type RequestLogOptions } from '../lab/request-log/request-log';
import { Sites, type SitesOptions } from '../sites/sites';
import { Supervisor, type SupervisedJob } from './supervisor';

export interface EngineOptions {
  dataDir: string;
  environment: Environment;
  clock?: Clock;
  migrationsFolder?: string;
  sites?: SitesOptions;
  /** How long the request log keeps rows, and how many at most. */
  requestLog?: RequestLogOptions;
  /** Where failures are told (requests, background jobs, sites); silent when omitted. */
  log?: EngineLog;
  /** How long a statement waits for another process's write lock; see openConnection. */
  busyTimeoutMs?: number;
  /** The longest wait between retries of a failing background job (tests shorten it). */
  maxBackoffMs?: number;
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
/** How long a background job waits for another process's write lock before its run fails (and is retried). */
const JOB_BUSY_TIMEOUT_MS = 20;
/** How often the due DNS re-checks run; the schedule itself follows the engine's clock. */
const DOMAIN_RECHECK_INTERVAL_MS = 15_000;
/** How often to look for certificates to issue, retry or renew (the times follow the engine's clock). */
const CERTIFICATE_INTERVAL_MS = 2_000;

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
  readonly log: EngineLog;
  private readonly connection: Connection;
  private readonly supervisor: Supervisor;
  private dataVersion: number;
  private lastExternalCheck = 0;
  private jobsStarted = false;
  private stopListening: (() => void) | undefined;

  constructor(options: EngineOptions) {
    this.log = options.log ?? SILENT_LOG;
    this.supervisor = new Supervisor(this.log, options.maxBackoffMs);
    this.clock = new LabClock(options.clock ?? systemClock);
    this.environment = options.environment;
    this.dataDir = path.resolve(options.dataDir);
    this.connection = openDataDir(this.dataDir, () => {
      ensurePrivateDir(this.dataDir);
      return openConnection(databaseFile(this.dataDir, this.environment), options.migrationsFolder, options.busyTimeoutMs);
    });
    const { db } = this.connection;
    this.lab = new LabClockService(this.connection.sqlite, this.clock, this.changes);
    const categories = new CategoryService(db, this.changes);
    const plans = new PlanService(db, this.changes);
    const accounts = new AccountService(db, this.clock, plans, this.changes);
    const keys = new KeyService(db, this.clock, this.environment, accounts, this.changes);
    this.services = {
      categories,
      pets: new PetService(db, this.connection.sqlite, this.clock, categories, this.changes),
      plans,
      accounts,
      keys,
      quota: new QuotaService(this.connection.sqlite, this.clock, accounts, plans, keys, this.changes),
    };
    this.requestLog = new RequestLog(this.connection.sqlite, this.clock, keys, options.requestLog);
    const { sqlite } = this.connection;
    this.sites = new Sites({ db, sqlite, clock: this.clock, changes: this.changes, accounts, plans, dataDir: this.dataDir, environment: this.environment, log: this.log }, options.sites);
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

  /**
   * For a serving process: the background jobs, all under the supervisor. Usage counters are written
   * every second (a crash loses at most that second), the request log's batches every 250 ms.
   */
  startBackgroundJobs(): void {
    if (this.jobsStarted) return;
    this.jobsStarted = true;
    const { supervisor } = this;
    supervisor.start({
      name: 'usage flush',
      everyMs: USAGE_FLUSH_INTERVAL_MS,
      run: () =>
        this.withShortBusyWait(() => {
          this.syncExternalChanges(true);
          this.services.keys.flushLastUse();
          this.services.quota.flush();
        }),
    });
    supervisor.start({ name: 'request log', everyMs: REQUEST_LOG_TICK_MS, run: () => this.requestLog.tick() });
    supervisor.start({ name: 'domain re-check', everyMs: DOMAIN_RECHECK_INTERVAL_MS, runAtStart: true, run: () => this.sites.domains.runDueChecks() });
    const certificates: SupervisedJob = supervisor.start({ name: 'certificate tick', everyMs: CERTIFICATE_INTERVAL_MS, runAtStart: true, run: () => this.sites.certificates.runDue() });
    // A domain that verifies here gets its certificate at once, not on the next tick.
    this.stopListening = this.changes.on((topic) => {
      if (topic === 'sites') certificates.trigger();
    });
  }

  /** No new background runs; resolves once the runs in progress have ended. */
  stopBackgroundJobs(): Promise<void> {
    this.stopListening?.();
    this.stopListening = undefined;
    return this.supervisor.stop();
  }

  /** Writes what waits in memory and closes the database; what cannot be written (a full disk) is logged, not thrown. */
  close(): void {
    void this.stopBackgroundJobs();
    if (!this.connection.sqlite.open) return;
    this.finalWrite('request log flush', () => this.requestLog.flush());
    // Never throws: closes the log's own file.
    this.requestLog.stop();
    this.finalWrite('usage flush', () => {
      this.syncExternalChanges(true);
      this.services.keys.flushLastUse();
      this.services.quota.flush();
    });
    this.connection.sqlite.close();
  }

  /**
   * A job waits for another process's write lock only briefly: SQLite's wait blocks the whole event
   * loop, every request with it; a job that fails is retried by the supervisor instead.
   */
  private withShortBusyWait(run: () => void): void {
    const { sqlite } = this.connection;
    const usual = sqlite.pragma('busy_timeout', { simple: true }) as number;
    sqlite.pragma(`busy_timeout = ${JOB_BUSY_TIMEOUT_MS}`);
    try {
      run();
    } finally {
      sqlite.pragma(`busy_timeout = ${usual}`);
    }
  }

  private finalWrite(job: string, write: () => void): void {
    try {
      write();
    } catch (error) {
      this.log.error({ job, err: error }, 'could not write on close; this is lost');
    }
  }

  private readDataVersion(): number {
    return this.connection.sqlite.pragma('data_version', { simple: true }) as number;
  }
}

export function databaseFile(dataDir: string, environment: Environment): string {
  return path.join(dataDir, `${environment}.sqlite`);
}
