import path from 'node:path';
import type { ServerStatus, SettingsDamage } from '../../shared/admin-contract';
import { SettingsUpdateSchema, type Settings, type SettingsUpdate } from '../../shared/admin-schemas';
import { systemClock, type Clock } from '../../shared/clock';
import { DEFAULT_PORT, ENVIRONMENTS, type Environment } from '../../shared/environments';
import type { PublishedLanguage } from '../../shared/shelter';
import { DEFAULT_TEAM_PORT } from '../../shared/team';
import type { EngineLog } from '../log';
import { AppError, detailsOf } from '../../shared/errors';
import { startApiServer, type RunningServer } from '../http/listen';
import { Engine } from '../engine/engine';
import { ensurePrivateDir } from '../files/owner-only';
import { parseOrThrow } from '../../shared/validation';
import { readSettingsFile, saveSettingsFile } from './settings-file';
import { checkedAcmeCaFile } from './acme-ca-file';
import { ChangeFeed } from './change-feed';
import type { SitesOptions } from '../sites/sites';
import { TEAM_SERVER_OFF, TeamServer, type TeamServerSetting } from '../team/team-server';
import { SILENT_LOG } from '../log';
import { Supervisor } from '../engine/supervisor';
import { NightlyBackups } from '../backup/nightly';

export interface AppHostOptions {
  dataDir: string;
  clock?: Clock;
  migrationsFolder?: string;
  log?: EngineLog;
  /** Ports or host for this run only (command-line flags), not saved to the settings file. */
  overrides?: {
    host?: string;
    ports?: Partial<Record<Environment, number>>;
    httpsPorts?: Partial<Record<Environment, number | null>>;
    teamServer?: TeamServerSetting;
  };
  /** The address the shelter server binds (`serve --team-host`); 0.0.0.0 by default. */
  teamHost?: string;
  /** Told about each server that a settings change moved to a new address (browser mode prints it). */
  onMoved?: (status: ServerStatus) => void;
  /** --sites-host and --dns-server, for both environments. */
  sites?: SitesOptions;
  /** How often the nightly backup looks whether it is due (tests shorten it; the time itself is the clock's). */
  backupCheckMs?: number;
}

/** The nightly backup is due at most this long after its time (or after the machine wakes). */
const BACKUP_CHECK_MS = 60_000;

const DEFAULT_SETTINGS: Settings = { host: '127.0.0.1', ports: { ...DEFAULT_PORT } };

function addressOf(settings: Settings, environment: Environment): string {
  const host = settings.host.includes(':') ? `[${settings.host}]` : settings.host;
  return `${host}:${settings.ports[environment]}`;
}

/** What a server is started with: its address, its HTTPS port and the certificate issuer. */
function endpointOf(settings: Settings, environment: Environment): string {
  return JSON.stringify([
    addressOf(settings, environment),
    settings.httpsPorts?.[environment] ?? null,
    settings.acme ?? null,
  ]);
}

/** Why a server did not start, in words; `portInUse` lets each face add its own way out. */
interface StartProblem {
  reason: string;
  portInUse: boolean;
}

/**
 * Both environments' servers, as the desktop app runs them (and `serve --admin` in a browser). When a
 * server cannot start (its port is taken, or another process serves that data dir), its data stays
 * reachable to the admin side through an engine of its own, like the CLI's.
 */
export class AppHost {
  /** Both environments' change topics, across engine restarts: what the windows' live updates push. */
  readonly changes = new ChangeFeed();
  private settings: Settings;
  private readonly servers = new Map<Environment, RunningServer>();
  private readonly problems = new Map<Environment, StartProblem>();
  private readonly standaloneEngines = new Map<Environment, Engine>();
  private readonly settingsFile: string;
  /** Set when the file was damaged at start; cleared once settings are saved again. */
  private settingsDamage: SettingsDamage | null;
  /** The shelter server's HTTPS listener; the face hands it what to serve (`team.serve`). */
  readonly team: TeamServer;
  /** The nightly backups of the whole data dir, a job of the host's own: they outlive the servers' restarts. */
  readonly backups: NightlyBackups;
  private readonly jobs: Supervisor;
  private backupJobStarted = false;

  constructor(private readonly options: AppHostOptions) {
    this.team = new TeamServer({ dataDir: options.dataDir, host: options.teamHost, log: options.log });
    this.settingsFile = path.join(options.dataDir, 'settings.json');
    const read = readSettingsFile(this.settingsFile, DEFAULT_SETTINGS, new Date((options.clock ?? systemClock).now()));
    this.settings = read.settings;
    this.settingsDamage = read.damage;
    this.backups = new NightlyBackups({ dataDir: options.dataDir, clock: options.clock ?? systemClock });
    this.jobs = new Supervisor(options.log ?? SILENT_LOG);
    if (read.damage) {
      const keptAs = read.damage.keptAs
        ? `kept aside as ${read.damage.keptAs}`
        : 'left in place (it could not be moved)';
      options.log?.error(
        { file: this.settingsFile, ...read.damage },
        `The settings file is damaged (${read.damage.reason}); ${keptAs}; the default settings are in use until settings are saved again.`,
      );
    }
  }

  async start(): Promise<ServerStatus[]> {
    for (const environment of ENVIRONMENTS) await this.startEnvironment(environment);
    // A taken port leaves the shelter server off; the team server keeps the reason (`team.problem()`).
    await this.team.apply(this.teamSetting()).catch(() => undefined);
    if (!this.backupJobStarted) {
      this.backupJobStarted = true;
      this.jobs.start({
        name: 'nightly backup',
        everyMs: this.options.backupCheckMs ?? BACKUP_CHECK_MS,
        runAtStart: true,
        run: () => this.backUpIfDue(),
      });
    }
    return this.status();
  }

  engine(environment: Environment): Engine {
    const server = this.servers.get(environment);
    if (server) return server.engine;
    let engine = this.standaloneEngines.get(environment);
    if (!engine) {
      engine = new Engine({
        dataDir: this.options.dataDir,
        environment,
        clock: this.options.clock,
        migrationsFolder: this.options.migrationsFolder,
        sites: this.options.sites,
      });
      this.standaloneEngines.set(environment, engine);
      this.changes.follow(environment, engine);
    }
    return engine;
  }

  baseUrl(environment: Environment): string | undefined {
    return this.servers.get(environment)?.baseUrl;
  }

  /** The settings in force, command-line overrides included, so saving them unchanged restarts nothing. */
  currentSettings(): Settings {
    // A port of 0 means "pick one": show the one actually bound, so the form holds valid figures.
    const port = (environment: Environment) => this.servers.get(environment)?.port ?? this.port(environment);
    const httpsPort = (environment: Environment) =>
      this.servers.get(environment)?.httpsPort ?? this.httpsPort(environment) ?? null;
    const httpsPorts = { production: httpsPort('production'), staging: httpsPort('staging') };
    const team = this.teamSetting();
    const teamServer = { enabled: team.enabled, port: this.team.port() ?? (team.port || DEFAULT_TEAM_PORT) };
    const inForce = withCertificateSettings(
      { host: this.host(), ports: { production: port('production'), staging: port('staging') } },
      httpsPorts,
      this.settings.acme,
    );
    return this.settings.teamServer || this.options.overrides?.teamServer ? { ...inForce, teamServer } : inForce;
  }

  status(): ServerStatus[] {
    return ENVIRONMENTS.map((environment) => {
      const server = this.servers.get(environment);
      const problem = this.problems.get(environment);
      return {
        environment,
        running: server !== undefined,
        baseUrl: server?.baseUrl ?? null,
        port: server?.port ?? this.port(environment),
        host: this.host(),
        problem: problem
          ? `${problem.reason}${problem.portInUse ? ' Choose another port on the Server page.' : ''}`
          : null,
        portInUse: problem?.portInUse ?? false,
        httpsPort: server?.httpsPort ?? null,
        settingsDamaged: this.settingsDamage,
      };
    });
  }

  /**
   * Restarts the servers whose address changed (and retries those not running), then saves the
   * settings. If a server cannot start on its new address, every moved server goes back to the
   * address it had, the file keeps the previous settings, and the refusal says why.
   */
  async updateSettings(update: SettingsUpdate): Promise<ServerStatus[]> {
    const {
      host,
      ports,
      httpsPorts,
      acme: asked,
      teamServer: askedTeam,
    } = parseOrThrow(SettingsUpdateSchema, update, 'settings');
    const acme = asked?.caFile === undefined ? asked : { ...asked, caFile: checkedAcmeCaFile(asked.caFile) };
    const saved = this.settings;
    const inForce = this.currentSettings();
    // Absent: the shelter server stays as it is (a save from a form that does not show it).
    const teamServer = askedTeam ?? inForce.teamServer;
    const next = {
      ...withCertificateSettings({ host, ports }, httpsPorts, acme),
      ...(teamServer ? { teamServer } : {}),
      ...(saved.language ? { language: saved.language } : {}),
    };
    await this.applyTeam(teamServer ?? TEAM_SERVER_OFF);
    const wasRunning = new Set(ENVIRONMENTS.filter((environment) => this.servers.has(environment)));
    const changed = ENVIRONMENTS.filter(
      (environment) => endpointOf(inForce, environment) !== endpointOf(next, environment),
    );

    this.settings = next;
    this.options.overrides = undefined;
    await this.restart(
      ENVIRONMENTS.filter((environment) => changed.includes(environment) || !wasRunning.has(environment)),
    );

    const refused = changed.filter((environment) => !this.servers.has(environment));
    if (refused.length > 0) {
      const reasons = refused.map(
        (environment) =>
          `the ${environment} server cannot listen on ${addressOf(next, environment)}: ${this.problems.get(environment)?.reason ?? 'it did not start.'}`,
      );
      this.settings = saved;
      // Exactly the addresses bound before, ports the OS picked (--port 0) included.
      this.options.overrides = inForce;
      await this.restart(changed);
      await this.team.apply(inForce.teamServer ?? TEAM_SERVER_OFF).catch(() => undefined);
      const lost = changed.filter((environment) => wasRunning.has(environment) && !this.servers.has(environment));
      const after = lost.length
        ? ` Going back failed too: ${lost.map((environment) => `${environment}: ${this.problems.get(environment)?.reason ?? 'not running'}`).join('; ')}`
        : ' The previous addresses are in force again.';
      throw new AppError('conflict', `The settings were not saved: ${reasons.join('; ')}${after}`);
    }

    ensurePrivateDir(this.options.dataDir);
    saveSettingsFile(this.settingsFile, next);
    this.settingsDamage = null;
    const statuses = this.status();
    for (const status of statuses)
      if (status.running && changed.includes(status.environment)) this.options.onMoved?.(status);
    return statuses;
  }

  /** The language a single desk's window speaks (the desk's own choice); null until chosen. */
  deskLanguage(): PublishedLanguage | null {
    return this.settings.language ?? null;
  }

  setDeskLanguage(language: PublishedLanguage | null): void {
    const { language: _previous, ...rest } = this.settings;
    this.settings = language ? { ...rest, language } : rest;
    ensurePrivateDir(this.options.dataDir);
    saveSettingsFile(this.settingsFile, this.settings);
  }

  async stop(): Promise<void> {
    await this.team.stop();
    // A backup under way ends before the databases close.
    await this.jobs.stop();
    const running = [...this.servers.values()];
    this.servers.clear();
    await Promise.all(running.map((server) => server.stop()));
    for (const engine of this.standaloneEngines.values()) engine.close();
    this.standaloneEngines.clear();
  }

  /** A failed nightly backup is the status's to show and the log's to tell; the server goes on. */
  private async backUpIfDue(): Promise<void> {
    const run = await this.backups.runIfDue();
    if (run && !run.ok)
      this.options.log?.error(
        { job: 'nightly backup', reason: run.reason, code: run.code },
        `nightly backup failed: ${run.message ?? run.reason}`,
      );
  }

  /** Stops them all before starting any, so two environments can swap ports. */
  private async restart(environments: Environment[]): Promise<void> {
    await Promise.all(environments.map((environment) => this.servers.get(environment)?.stop()));
    for (const environment of environments) this.servers.delete(environment);
    for (const environment of environments) await this.startEnvironment(environment);
  }

  private async startEnvironment(environment: Environment): Promise<void> {
    this.standaloneEngines.get(environment)?.close();
    this.standaloneEngines.delete(environment);
    try {
      const server = await startApiServer({
        dataDir: this.options.dataDir,
        environment,
        port: this.port(environment),
        host: this.host(),
        clock: this.options.clock,
        log: this.options.log,
        migrationsFolder: this.options.migrationsFolder,
        sites: {
          ...this.options.sites,
          httpsPort: this.httpsPort(environment),
          acme: this.settings.acme ? { ...this.settings.acme } : this.options.sites?.acme,
        },
      });
      this.servers.set(environment, server);
      this.changes.follow(environment, server.engine);
      this.problems.delete(environment);
    } catch (error) {
      this.problems.set(environment, this.describeStartFailure(error, environment));
    }
  }

  private describeStartFailure(error: unknown, environment: Environment): StartProblem {
    const port = this.port(environment);
    const host = this.host();
    // The API's own port taken (its details say so, not its words); the way out differs per face. A taken HTTPS port is told as it is.
    const conflict = detailsOf(error, 'conflict');
    if (conflict?.reason === 'port_in_use' && conflict.listener === 'http')
      return { reason: (error as Error).message, portInUse: true };
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EADDRNOTAVAIL') return { reason: `${host} is not an address of this computer.`, portInUse: false };
    if (code === 'EACCES')
      return {
        reason: `Port ${port} needs administrator rights on this system; choose one above 1023.`,
        portInUse: false,
      };
    return { reason: error instanceof Error ? error.message : String(error), portInUse: false };
  }

  private teamSetting(): TeamServerSetting {
    return this.options.overrides?.teamServer ?? this.settings.teamServer ?? TEAM_SERVER_OFF;
  }

  /** Before anything else moves: a shelter server that cannot listen leaves every setting as it was. */
  private async applyTeam(setting: TeamServerSetting): Promise<void> {
    try {
      await this.team.apply(setting);
    } catch (error) {
      await this.team.apply(this.teamSetting()).catch(() => undefined);
      throw new AppError(
        'conflict',
        `The settings were not saved: the shelter server did not start. ${error instanceof Error ? error.message : String(error)}`,
      );
    }
  }

  private port(environment: Environment): number {
    return this.options.overrides?.ports?.[environment] ?? this.settings.ports[environment];
  }

  private httpsPort(environment: Environment): number | undefined {
    return this.options.overrides?.httpsPorts?.[environment] ?? this.settings.httpsPorts?.[environment] ?? undefined;
  }

  private host(): string {
    return this.options.overrides?.host ?? this.settings.host;
  }
}

/** The settings with HTTPS ports and ACME only when set, so a file without them stays as it was. */
function withCertificateSettings(base: Settings, httpsPorts: Settings['httpsPorts'], acme: Settings['acme']): Settings {
  const anyHttps = httpsPorts !== undefined && (httpsPorts.production !== null || httpsPorts.staging !== null);
  return { ...base, ...(anyHttps ? { httpsPorts } : {}), ...(acme ? { acme } : {}) };
}
