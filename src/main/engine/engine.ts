import path from 'node:path';
import { systemClock, type Clock } from '../../shared/clock';
import type { Environment } from '../../shared/environments';
import { openConnection, type Connection } from '../db/connection';
import { openDataDir } from '../db/data-dir-problems';
import { SILENT_LOG, type EngineLog } from '../log';
import { ensurePrivateDir } from '../files/owner-only';
import { CHANGE_TOPICS, type ChangeTopic } from '../../shared/change-topics';
import { Changes } from '../db/changes';
import { LabClock, LabClockService } from '../lab/clock';
import { HeaderProfileSetting } from '../lab/header-profile';
import { dropLabFuture } from '../quota/lab-future';
import { REQUEST_LOG_TICK_MS, RequestLog, type RequestLogOptions } from '../lab/request-log/request-log';
import { Sites, type SitesOptions } from '../sites/sites';
import { Publishing } from '../publishing/publishing';
import { Supervisor, type SupervisedJob } from './supervisor';
import { createServices, type Services } from './services';
import { OutboxSender } from '../mail/outbox-sender';
import type { SmtpOptions } from '../mail/smtp';

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
  /** How the outbox reaches the SMTP provider: timeouts, and the CA tests trust. */
  mail?: SmtpOptions;
}

/** How long another process's write (the CLI's) may go unseen by reads through services, sites, lab or clock. */
const EXTERNAL_CHECK_INTERVAL_MS = 250;
/**
 * How often a serving engine asks SQLite for other processes' writes without waiting for a read: a
 * CLI that moved the lab clock waits for the server to apply it (lab/clock-applied.ts), and one
 * `PRAGMA data_version` costs microseconds.
 */
const EXTERNAL_WATCH_INTERVAL_MS = 50;
const USAGE_FLUSH_INTERVAL_MS = 1_000;
/** How long a background job waits for another process's write lock before its run fails (and is retried). */
const JOB_BUSY_TIMEOUT_MS = 20;
/** How often the due DNS re-checks run; the schedule itself is in real time (never the lab clock). */
const DOMAIN_RECHECK_INTERVAL_MS = 15_000;
/** How often to look for certificates to issue, retry or renew (the times are real: never the lab clock). */
const CERTIFICATE_INTERVAL_MS = 2_000;
/** A photo upload cut short by a crash (`kill -9`) leaves files no row names: looked for at start, then hourly (a run that found the lock busy is retried within two hours). */
const STRAY_PHOTOS_INTERVAL_MS = 60 * 60 * 1_000;

/** How often a serving engine lets reservations past their expiry give their animals back (movements/lapsed.ts); on the records' clock. */
const LAPSED_RESERVATIONS_INTERVAL_MS = 1_000;
/** How often the messages time brings are looked for (a follow-up, a dose due tomorrow): on the records' clock, idempotent by occasion. */
const AUTOMATIC_MAIL_INTERVAL_MS = 60_000;
/** How often the outbox looks for messages due (a new one, a change of settings, triggers it at once); retries are timed on the records' clock. */
const OUTBOX_INTERVAL_MS = 1_000;
/** How often declined and withdrawn submissions past their consent's period are deleted (front-door/); on the records' clock. */
const FRONT_DOOR_RETENTION_INTERVAL_MS = 60_000;
/** How often the adoption site's follower looks for a burst of changes to follow (sites/site-follower.ts). */
const SITE_FOLLOW_INTERVAL_MS = 1_000;
/** What the adoption site shows: a change to any of these may make it out of date (its address is watched by the follower). */
const SITE_TOPICS: ReadonlySet<ChangeTopic> = new Set(['pets', 'categories', 'shelter']);

/**
 * One environment's database and the services over it: the core every face shares.
 *
 * Another process (the CLI) may write to the same file. The engine picks that up itself: reading
 * `services`, `sites`, `lab` or `clock` asks SQLite (`PRAGMA data_version`) whether anyone else
 * wrote, at most every 250 ms, and if so every change topic fires and the caches drop; a serving
 * engine also asks every 50 ms on its own (so a lab clock move is applied, and acknowledged, without
 * waiting for traffic). No face calls anything for it; `latest()` is for the few answers that must
 * not lag even that.
 */
export class Engine {
  readonly changes = new Changes();
  /** Every API answer, for the quota lab. */
  readonly requestLog: RequestLog;
  /** What goes to the public and to the portals: the adoption site, kennel cards, portal files (publishing/). */
  readonly publishing: Publishing;
  readonly environment: Environment;
  readonly dataDir: string;
  readonly log: EngineLog;
  private readonly connection: Connection;
  private readonly supervisor: Supervisor;
  private readonly ownServices: Services;
  private readonly ownSites: Sites;
  private readonly labClock: LabClock;
  private readonly labClockService: LabClockService;
  private readonly headerProfileSetting: HeaderProfileSetting;
  private dataVersion: number;
  /** Set by a timer 250 ms after each check, so a read pays one field test, not a clock call. */
  private externalCheckDue = true;
  private externalCheckTimer: NodeJS.Timeout | undefined;
  private jobsStarted = false;
  private stopListening: (() => void) | undefined;
  private readonly mailOptions: SmtpOptions | undefined;

  constructor(options: EngineOptions) {
    this.log = options.log ?? SILENT_LOG;
    this.supervisor = new Supervisor(this.log, options.maxBackoffMs);
    this.labClock = new LabClock(options.clock ?? systemClock);
    this.environment = options.environment;
    this.mailOptions = options.mail;
    this.dataDir = path.resolve(options.dataDir);
    this.connection = openDataDir(this.dataDir, () => {
      ensurePrivateDir(this.dataDir);
      return openConnection(
        databaseFile(this.dataDir, this.environment),
        options.migrationsFolder,
        options.busyTimeoutMs,
      );
    });
    const { db } = this.connection;
    this.labClockService = new LabClockService(this.connection.sqlite, this.labClock, this.changes, (realNow) =>
      dropLabFuture(this.connection.sqlite, realNow),
    );
    this.headerProfileSetting = new HeaderProfileSetting(this.connection.sqlite, this.labClockService, this.changes);
    this.ownServices = createServices({
      connection: this.connection,
      changes: this.changes,
      labClock: this.labClock,
      dataDir: this.dataDir,
      environment: this.environment,
    });
    const { sqlite } = this.connection;
    const { real } = this.labClock;
    const { keys, accounts, plans, pets, petProfiles, photos, shelter, care } = this.ownServices;
    this.requestLog = new RequestLog(sqlite, this.labClock, keys, options.requestLog);
    // An animal that left care other than by adoption has no page: "Found a home" is for adoptions alone.
    const leftCareOtherwise = () =>
      new Set(
        [...this.ownServices.shelterDay.departures()]
          .filter(([, outcome]) => outcome !== 'adoption')
          .map(([petId]) => petId),
      );
    // Care's word on the shots: the cards ask per animal, the portals for everyone at once.
    // The arrival the portals publish comes from the stays, which publishing never reads itself.
    const intakeMoments = () => this.ownServices.shelterDay.intakeMoments();
    this.publishing = new Publishing({
      sqlite,
      clock: real,
      changes: this.changes,
      pets,
      petProfiles,
      photos,
      shelter,
      leftCareOtherwise,
      intakeMoments,
      sites: () => this.sites,
      shotsCurrent: (petId) => care.upToDate(petId),
      everyonesShots: () => care.upToDateAll(),
      applicationsPaused: () => this.ownServices.frontDoor.pausedPets(),
    });
    const siteContent = (baseUrl: string, now: number, fallbackName: string) =>
      this.publishing.adoptionSite(baseUrl, now, fallbackName);
    this.ownSites = new Sites(
      {
        db,
        sqlite,
        clock: real,
        changes: this.changes,
        accounts,
        plans,
        dataDir: this.dataDir,
        environment: this.environment,
        log: this.log,
        siteContent,
      },
      options.sites,
    );
    this.dataVersion = this.readDataVersion();
  }

  get services(): Services {
    if (this.externalCheckDue) this.pickUpExternalChanges();
    return this.ownServices;
  }

  /** Published sites and custom domains. */
  get sites(): Sites {
    if (this.externalCheckDue) this.pickUpExternalChanges();
    return this.ownSites;
  }

  get lab(): LabClockService {
    if (this.externalCheckDue) this.pickUpExternalChanges();
    return this.labClockService;
  }

  /** The environment's header profile: how the API words its rate limits (shared/header-profiles.ts). */
  get headerProfile(): HeaderProfileSetting {
    if (this.externalCheckDue) this.pickUpExternalChanges();
    return this.headerProfileSetting;
  }

  /**
   * The API's time: real time, or the lab clock's when staff turned it on (here or in another
   * process). Quota, headers and the request log read it; `clock.realNow()` is the time of
   * everything else (records, sites, certificates).
   */
  get clock(): LabClock {
    if (this.externalCheckDue) this.pickUpExternalChanges();
    return this.labClock;
  }

  get sqlite(): Connection['sqlite'] {
    return this.connection.sqlite;
  }

  /**
   * This engine with every write another process made until now picked up, for the answers that
   * must follow such a write from the very next request or handshake (a removed domain or
   * certificate, the lab clock a scenario moves): asks SQLite now, whatever the 250 ms.
   */
  latest(): this {
    this.pickUpExternalChanges();
    return this;
  }

  /**
   * For a serving process: the background jobs, all under the supervisor. Other processes' writes are
   * picked up every 50 ms, usage counters are written every second (a crash loses at most that
   * second), the request log's batches every 250 ms.
   */
  startBackgroundJobs(): void {
    if (this.jobsStarted) return;
    this.jobsStarted = true;
    const { supervisor } = this;
    supervisor.start({
      name: 'external changes',
      everyMs: EXTERNAL_WATCH_INTERVAL_MS,
      run: () => this.pickUpExternalChanges(),
    });
    supervisor.start({
      name: 'usage flush',
      everyMs: USAGE_FLUSH_INTERVAL_MS,
      run: () =>
        this.withShortBusyWait(() => {
          this.pickUpExternalChanges();
          this.ownServices.keys.flushLastUse();
          this.ownServices.quota.flush();
        }),
    });
    supervisor.start({ name: 'request log', everyMs: REQUEST_LOG_TICK_MS, run: () => this.requestLog.tick() });
    supervisor.start({
      name: 'stray photo files',
      everyMs: STRAY_PHOTOS_INTERVAL_MS,
      runAtStart: true,
      run: () => this.withShortBusyWait(() => this.ownServices.photos.removeStrayFiles()),
    });
    supervisor.start({
      name: 'domain re-check',
      everyMs: DOMAIN_RECHECK_INTERVAL_MS,
      runAtStart: true,
      run: () => this.ownSites.domains.runDueChecks(),
    });
    const certificates: SupervisedJob = supervisor.start({
      name: 'certificate tick',
      everyMs: CERTIFICATE_INTERVAL_MS,
      runAtStart: true,
      run: () => this.ownSites.certificates.runDue(),
    });
    supervisor.start({
      name: 'lapsed reservations',
      everyMs: LAPSED_RESERVATIONS_INTERVAL_MS,
      runAtStart: true,
      run: () => this.withShortBusyWait(() => void this.ownServices.movements.releaseLapsedReservations()),
    });
    supervisor.start({
      name: 'front-door retention',
      everyMs: FRONT_DOOR_RETENTION_INTERVAL_MS,
      runAtStart: true,
      run: () => this.withShortBusyWait(() => void this.ownServices.frontDoor.sweep()),
    });
    supervisor.start({
      name: 'adoption site follows the records',
      everyMs: SITE_FOLLOW_INTERVAL_MS,
      runAtStart: true,
      run: () => this.ownSites.follower.runIfDue(),
    });
    supervisor.start({
      name: 'automatic mail',
      everyMs: AUTOMATIC_MAIL_INTERVAL_MS,
      runAtStart: true,
      run: () => this.withShortBusyWait(() => void this.ownServices.messages.runDue()),
    });
    const { outbox, mailSettings } = this.ownServices;
    const sender = new OutboxSender(outbox, mailSettings, this.labClock.real, this.changes, this.mailOptions);
    const mail: SupervisedJob = supervisor.start({
      name: 'outbox',
      everyMs: OUTBOX_INTERVAL_MS,
      runAtStart: true,
      run: async () => {
        if ((await sender.drain()).more) mail.trigger();
      },
    });
    this.stopListening = this.changes.on((topic) => {
      // A message queued, retried or unpaused, a person forgotten: looked at now, not on the next tick.
      if (topic === 'outbox' || topic === 'people') mail.trigger();
      // A domain that verifies here gets its certificate at once, not on the next tick.
      if (topic === 'sites') certificates.trigger();
      if (SITE_TOPICS.has(topic)) this.ownSites.follower.noteChange();
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
      this.pickUpExternalChanges();
      this.ownServices.keys.flushLastUse();
      this.ownServices.quota.flush();
    });
    this.connection.sqlite.close();
    clearTimeout(this.externalCheckTimer);
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

  /** Asks SQLite whether another process wrote since the last time; if so, every change topic fires and the caches drop. */
  private pickUpExternalChanges(): void {
    // A face may still read through a closed engine (a status shown while stopping): nothing to pick up.
    if (!this.connection.sqlite.open) return;
    this.externalCheckDue = false;
    this.externalCheckTimer ??= setTimeout(this.allowExternalCheck, EXTERNAL_CHECK_INTERVAL_MS).unref();
    const version = this.readDataVersion();
    if (version === this.dataVersion) return;
    this.dataVersion = version;
    this.labClockService.load();
    this.headerProfileSetting.load();
    for (const topic of CHANGE_TOPICS) this.changes.emit(topic);
  }

  private readonly allowExternalCheck = (): void => {
    this.externalCheckTimer = undefined;
    this.externalCheckDue = true;
  };

  private readDataVersion(): number {
    return this.connection.sqlite.pragma('data_version', { simple: true }) as number;
  }
}

export function databaseFile(dataDir: string, environment: Environment): string {
  return path.join(dataDir, `${environment}.sqlite`);
}
