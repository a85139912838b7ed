import { randomBytes } from 'node:crypto';
import { Command, InvalidArgumentError, Option } from 'commander';
import { DEFAULT_PORT, ENVIRONMENTS, type Environment } from '../shared/environments';
import { AppError, isAppError } from '../shared/errors';
import { createAdminHandlers } from './admin/handlers';
import { registerAdminHttp } from './admin/http';
import { ensureRendererBuilt } from './admin/renderer-build';
import { startApiServer } from './api/start';
import { AppHost } from './app-host';
import type { SitesOptions } from './sites/sites';
import { collectDnsServer } from './cli/sites';
import { DEFAULT_SITES_HOST } from '../shared/sites';

const STOP_DEADLINE_MS = 5_000;

function parsePort(value: string): number {
  const port = Number(value);
  if (!Number.isInteger(port) || port < 0 || port > 65_535) throw new InvalidArgumentError('must be a port number from 0 to 65535.');
  return port;
}

async function main(): Promise<void> {
  const program = new Command('serve')
    .description('Run the Adoption Desk pet API for one environment, without the desktop app.')
    .requiredOption('--data-dir <dir>', 'folder holding the SQLite databases (created if missing)')
    .addOption(new Option('--env <environment>', 'which environment to serve').choices(ENVIRONMENTS).default('production'))
    .option('--port <port>', `port to listen on (default ${DEFAULT_PORT.production} for production, ${DEFAULT_PORT.staging} for staging; 0 picks a free one)`, parsePort)
    .option('--host <address>', 'address to bind; anything but loopback exposes the API to your network', '127.0.0.1')
    .addOption(new Option('--log-level <level>', 'request logging').choices(['silent', 'error', 'warn', 'info', 'debug']).default('warn'))
    .option('--admin', 'also serve the admin pages at /admin/ (and run the other environment too, as the desktop app does)', false)
    .option('--sites-host <name>', 'the name pointing at this machine; projects are served at <slug>.<name>', DEFAULT_SITES_HOST)
    .option('--dns-server <host:port>', 'DNS resolver for domain verification (repeatable; default the system’s)', collectDnsServer)
    .option('--other-port <port>', 'with --admin: port of the other environment (default from the settings: 4010 production, 4011 staging)', parsePort)
    .parse();
  const options = program.opts<CommandOptions>();
  const port = options.port ?? DEFAULT_PORT[options.env];

  if (!['127.0.0.1', '::1', 'localhost'].includes(options.host)) {
    console.warn(`Warning: listening on ${options.host}, reachable from other machines. Keys are still required.`);
  }
  const stop = options.admin ? await startWithAdmin(options, port) : await startApi(options, port);

  const shutdown = (signal: string) => {
    console.log(`${signal} received: finishing in-flight requests, then stopping.`);
    setTimeout(() => {
      console.error('Requests did not finish in time; stopping anyway.');
      process.exit(1);
    }, STOP_DEADLINE_MS).unref();
    stop().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(error);
        process.exit(1);
      },
    );
  };
  process.once('SIGTERM', () => shutdown('SIGTERM'));
  process.once('SIGINT', () => shutdown('SIGINT'));
}

/** 'silent' turns the logger off altogether, sparing a child logger per request. */
function loggerFor(level: string): false | { level: string } {
  return level === 'silent' ? false : { level };
}

function sitesOptions(options: CommandOptions): SitesOptions {
  return { host: options.sitesHost, dnsServers: options.dnsServer ?? [] };
}

interface CommandOptions {
  dataDir: string;
  env: Environment;
  port?: number;
  host: string;
  logLevel: string;
  admin: boolean;
  otherPort?: number;
  sitesHost: string;
  dnsServer?: string[];
}

async function startApi(options: CommandOptions, port: number): Promise<() => Promise<void>> {
  const server = await startApiServer({ dataDir: options.dataDir, environment: options.env, port, host: options.host, logger: loggerFor(options.logLevel), sites: sitesOptions(options) });
  console.log(`Adoption Desk ${options.env} API listening on ${server.baseUrl} (data in ${server.engine.dataDir})`);
  return () => server.stop();
}

/** Browser mode: both environments, as in the desktop app, and the admin pages on this one's port. */
async function startWithAdmin(options: CommandOptions, port: number): Promise<() => Promise<void>> {
  const rendererDir = ensureRendererBuilt();
  const token = randomBytes(24).toString('base64url');
  const other = ENVIRONMENTS.find((environment) => environment !== options.env) ?? 'staging';
  const host: AppHost = new AppHost({
    dataDir: options.dataDir,
    logger: loggerFor(options.logLevel),
    sites: sitesOptions(options),
    overrides: { host: options.host, ports: { [options.env]: port, ...(options.otherPort === undefined ? {} : { [other]: options.otherPort }) } },
    extend: { environment: options.env, register: (app) => registerAdminHttp(app, { handlers: createAdminHandlers(host), token, rendererDir }) },
  });
  const statuses = await host.start();
  const own = statuses.find((status) => status.environment === options.env);
  if (!own?.running || !own.baseUrl) {
    await host.stop();
    throw new AppError('conflict', own?.problem ?? `The ${options.env} server did not start.`);
  }
  for (const status of statuses) {
    console.log(status.running ? `Adoption Desk ${status.environment} API listening on ${status.baseUrl}` : `Adoption Desk ${status.environment} API not started: ${status.problem}`);
  }
  console.log(`Admin pages: ${own.baseUrl.replace(/\/v1$/, '')}/admin/#token=${token}`);
  return () => host.stop();
}

main().catch((error: unknown) => {
  console.error(isAppError(error) ? `Error: ${error.message}` : error);
  process.exit(1);
});
