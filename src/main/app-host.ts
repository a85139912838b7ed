import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import type { ServerStatus } from '../shared/admin-contract';
import { SettingsSchema, type Settings } from '../shared/admin-schemas';
import type { Clock } from '../shared/clock';
import { DEFAULT_PORT, ENVIRONMENTS, type Environment } from '../shared/environments';
import { startApiServer, type RunningServer } from './api/start';
import { Engine } from './engine';
import type { SitesOptions } from './sites/sites';

export interface AppHostOptions {
  dataDir: string;
  clock?: Clock;
  migrationsFolder?: string;
  logger?: FastifyServerOptions['logger'];
  /** Ports or host for this run only (command-line flags), not saved to the settings file. */
  overrides?: { host?: string; ports?: Partial<Record<Environment, number>> };
  /** Extra routes on one environment's server (browser mode mounts the admin pages on production). */
  extend?: { environment: Environment; register: (app: FastifyInstance) => Promise<void> | void };
  /** --sites-host and --dns-server, for both environments. */
  sites?: SitesOptions;
}

const DEFAULT_SETTINGS: Settings = { host: '127.0.0.1', ports: { ...DEFAULT_PORT } };

/**
 * Both environments' servers, as the desktop app runs them (and `serve --admin` in a browser). When a
 * server cannot start (its port is taken, or another process serves that data dir), its data stays
 * reachable to the admin side through an engine of its own, like the CLI's.
 */
export class AppHost {
  private settings: Settings;
  private readonly servers = new Map<Environment, RunningServer>();
  private readonly problems = new Map<Environment, string>();
  private readonly standaloneEngines = new Map<Environment, Engine>();
  private readonly settingsFile: string;

  constructor(private readonly options: AppHostOptions) {
    this.settingsFile = path.join(options.dataDir, 'settings.json');
    this.settings = this.readSettings();
  }

  async start(): Promise<ServerStatus[]> {
    for (const environment of ENVIRONMENTS) await this.startEnvironment(environment);
    return this.status();
  }

  engine(environment: Environment): Engine {
    const server = this.servers.get(environment);
    if (server) return server.engine;
    let engine = this.standaloneEngines.get(environment);
    if (!engine) {
      engine = new Engine({ dataDir: this.options.dataDir, environment, clock: this.options.clock, migrationsFolder: this.options.migrationsFolder, sites: this.options.sites });
      this.standaloneEngines.set(environment, engine);
    }
    engine.syncExternalChanges();
    return engine;
  }

  baseUrl(environment: Environment): string | undefined {
    return this.servers.get(environment)?.baseUrl;
  }

  /** The settings in force, command-line overrides included, so saving them unchanged restarts nothing. */
  currentSettings(): Settings {
    // A port of 0 means "pick one": show the one actually bound, so the form holds valid figures.
    const port = (environment: Environment) => this.servers.get(environment)?.port ?? this.port(environment);
    return { host: this.host(), ports: { production: port('production'), staging: port('staging') } };
  }

  status(): ServerStatus[] {
    return ENVIRONMENTS.map((environment) => {
      const server = this.servers.get(environment);
      return {
        environment,
        running: server !== undefined,
        baseUrl: server?.baseUrl ?? null,
        port: server?.port ?? this.port(environment),
        host: this.host(),
        problem: this.problems.get(environment) ?? null,
      };
    });
  }

  /** Saves the settings and restarts the servers whose address changed. */
  async updateSettings(next: Settings): Promise<ServerStatus[]> {
    const settings = SettingsSchema.parse(next);
    const before = this.status();
    this.settings = settings;
    this.options.overrides = undefined;
    fs.mkdirSync(this.options.dataDir, { recursive: true });
    fs.writeFileSync(this.settingsFile, `${JSON.stringify(settings, null, 2)}\n`);
    for (const environment of ENVIRONMENTS) {
      const was = before.find((status) => status.environment === environment);
      if (was?.running && was.port === this.port(environment) && was.host === this.host()) continue;
      await this.servers.get(environment)?.stop();
      this.servers.delete(environment);
      await this.startEnvironment(environment);
    }
    return this.status();
  }

  async stop(): Promise<void> {
    const running = [...this.servers.values()];
    this.servers.clear();
    await Promise.all(running.map((server) => server.stop()));
    for (const engine of this.standaloneEngines.values()) engine.close();
    this.standaloneEngines.clear();
  }

  private async startEnvironment(environment: Environment): Promise<void> {
    this.standaloneEngines.get(environment)?.close();
    this.standaloneEngines.delete(environment);
    try {
      const extend = this.options.extend?.environment === environment ? this.options.extend.register : undefined;
      const server = await startApiServer({
        dataDir: this.options.dataDir,
        environment,
        port: this.port(environment),
        host: this.host(),
        clock: this.options.clock,
        logger: this.options.logger,
        migrationsFolder: this.options.migrationsFolder,
        extend,
        sites: this.options.sites,
      });
      this.servers.set(environment, server);
      this.problems.delete(environment);
    } catch (error) {
      this.problems.set(environment, error instanceof Error ? error.message : String(error));
    }
  }

  private port(environment: Environment): number {
    return this.options.overrides?.ports?.[environment] ?? this.settings.ports[environment];
  }

  private host(): string {
    return this.options.overrides?.host ?? this.settings.host;
  }

  private readSettings(): Settings {
    try {
      return SettingsSchema.parse(JSON.parse(fs.readFileSync(this.settingsFile, 'utf8')));
    } catch {
      return structuredClone(DEFAULT_SETTINGS);
    }
  }
}
