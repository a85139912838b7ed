import { randomBytes } from 'node:crypto';
import { Command, InvalidArgumentError, Option } from 'commander';
import pino, { type Logger } from 'pino';
import type { ServerStatus } from '../shared/admin-contract';
import { DEFAULT_PORT, ENVIRONMENTS, type Environment } from '../shared/environments';
import { AppError, isAppError } from '../shared/errors';
import type { RunningAdmin } from './http/admin/server';
import { startApiServer } from './http/listen';
import type { AppHost as AppHostType } from './host/app-host';
import { checkedAcmeCaFile } from './host/acme-ca-file';
import { DEFAULT_KEPT_DEPLOYS, type SitesOptions } from './sites/sites';
import { collectDnsServer, positiveInt } from './cli/arguments';
import { DEFAULT_SITES_HOST } from '../shared/sites';
import { LETS_ENCRYPT_DIRECTORIES } from '../shared/admin-schemas';
import { DEFAULT_TEAM_PORT } from '../shared/team';

const STOP_DEADLINE_MS = 5_000;

function parsePort(value: string): number {
  const port = Number(value);
  if (!Number.isInteger(port) || port < 0 || port > 65_535)
    throw new InvalidArgumentError('must be a port number from 0 to 65535.');
  return port;
}

async function main(): Promise<void> {
  const program = new Command('serve')
    .description('Run the Adoption Desk pet API for one environment, without the desktop app.')
    .requiredOption('--data-dir <dir>', 'folder holding the SQLite databases (created if missing)')
    .addOption(
      new Option('--env <environment>', 'which environment to serve').choices(ENVIRONMENTS).default('production'),
    )
    .option(
      '--port <port>',
      `port to listen on (default ${DEFAULT_PORT.production} for production, ${DEFAULT_PORT.staging} for staging; 0 picks a free one)`,
      parsePort,
    )
    .option('--host <address>', 'address to bind; anything but loopback exposes the API to your network', '127.0.0.1')
    .addOption(
      new Option(
        '--log-level <level>',
        'what to log on stderr as JSON lines: start, stop and errors (no line per request)',
      )
        .choices(['silent', 'error', 'warn', 'info', 'debug'])
        .default('info'),
    )
    .option(
      '--admin',
      'also serve the admin pages (on 127.0.0.1, a port of their own) and run the other environment too, as the desktop app does',
      false,
    )
    .option(
      '--sites-host <name>',
      'the name pointing at this machine; projects are served at <slug>.<name>',
      DEFAULT_SITES_HOST,
    )
    .option(
      '--dns-server <host:port>',
      'DNS resolver for domain verification (repeatable; default the system’s)',
      collectDnsServer,
    )
    .option(
      '--https-port <port>',
      'also serve the sites over HTTPS on this port, each domain with its certificate (off unless given; 0 picks a free one)',
      parsePort,
    )
    .option(
      '--keep-deploys <n>',
      `deploys kept per project, the live one always; older ones are deleted with their files (default ${DEFAULT_KEPT_DEPLOYS})`,
      positiveInt,
    )
    .option(
      '--acme-directory <url>',
      'get certificates from this ACME directory (e.g. Let’s Encrypt) instead of the local CA; needs --acme-email and --acme-agree-tos',
    )
    .option('--acme-email <address>', 'ACME: contact address for the account (expiry notices)')
    .option('--acme-agree-tos', 'ACME: you agree to the CA’s terms of service', false)
    .option(
      '--acme-ca-file <pem>',
      'ACME: extra root to trust for the directory’s own HTTPS (a test CA such as Pebble)',
    )
    .option(
      '--other-port <port>',
      'with --admin: port of the other environment (default from the settings: 4010 production, 4011 staging)',
      parsePort,
    )
    .option(
      '--admin-port <port>',
      'with --admin: port of the admin pages, on 127.0.0.1 only (0 picks a free one)',
      parsePort,
      0,
    )
    .option(
      '--team',
      'be the shelter server (implies --admin): the admin pages over HTTPS to the shelter’s network, for staff who log in (see docs/guide/team.md)',
      false,
    )
    .option(
      '--team-port <port>',
      `with --team: its HTTPS port (default ${DEFAULT_TEAM_PORT}; 0 picks a free one)`,
      parsePort,
    )
    .option(
      '--team-host <address>',
      'with --team: the address to bind (default 0.0.0.0: every address of this computer)',
    )
    .addHelpText(
      'after',
      [
        '',
        'The shelter server: with --team, other desks open the printed https:// address and log in as staff.',
        'They trust this data dir’s CA (npm run cli -- --data-dir DIR certificates ca), or first compare the',
        'code printed at start (ABCD-EF01-2345-6789) with the fingerprint their browser shows.',
      ].join('\n'),
    )
    .parse();
  const options = program.opts<CommandOptions>();
  const port = options.port ?? DEFAULT_PORT[options.env];
  // Synchronous writes: the last lines before an exit are never lost.
  const log = pino({ name: 'adoption-desk', level: options.logLevel }, pino.destination({ dest: 2, sync: true }));

  if (!['127.0.0.1', '::1', 'localhost'].includes(options.host)) {
    console.warn(`Warning: listening on ${options.host}, reachable from other machines. Keys are still required.`);
  }
  if (!options.team && (options.teamPort !== undefined || options.teamHost !== undefined))
    throw new AppError('validation_failed', '--team-port and --team-host go with --team.');
  const running: { stop?: () => Promise<void> } = {};
  let signalled = false;
  const finish = (stop: () => Promise<void>) =>
    stop().then(
      () => {
        log.info('stopped');
        process.exit(0);
      },
      (error: unknown) => {
        log.error({ err: error }, 'stop failed');
        process.exit(1);
      },
    );
  const shutdown = (signal: string) => {
    // Ctrl-C under `npm run` arrives twice (from the terminal and forwarded by npm): stop once.
    if (signalled) return;
    signalled = true;
    console.log(`${signal} received: finishing in-flight requests, then stopping.`);
    log.info({ signal }, 'stopping');
    setTimeout(() => {
      log.error({ deadlineMs: STOP_DEADLINE_MS }, 'requests did not finish in time; stopping anyway');
      process.exit(1);
    }, STOP_DEADLINE_MS).unref();
    if (running.stop) void finish(running.stop);
  };
  // Heard from the start: a signal while the servers start stops them once they have (their locks released), never mid-way.
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
  running.stop =
    options.admin || options.team ? await startWithAdmin(options, port, log) : await startApi(options, port, log);
  if (signalled) void finish(running.stop);
}

function sitesOptions(options: CommandOptions): SitesOptions {
  return {
    host: options.sitesHost,
    dnsServers: options.dnsServer ?? [],
    httpsPort: options.httpsPort,
    keepDeploys: options.keepDeploys,
    acme: acmeOptions(options),
  };
}

function acmeOptions(options: CommandOptions): SitesOptions['acme'] {
  if (options.acmeDirectory === undefined) {
    if (options.acmeEmail !== undefined || options.acmeAgreeTos || options.acmeCaFile !== undefined)
      throw new AppError(
        'validation_failed',
        '--acme-email, --acme-agree-tos and --acme-ca-file go with --acme-directory <url>.',
      );
    return undefined;
  }
  if (!URL.canParse(options.acmeDirectory) || !/^https?:$/.test(new URL(options.acmeDirectory).protocol))
    throw new AppError(
      'validation_failed',
      `--acme-directory must be an http(s) URL, e.g. ${LETS_ENCRYPT_DIRECTORIES.production}`,
    );
  if (options.acmeEmail === undefined || !/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(options.acmeEmail))
    throw new AppError(
      'validation_failed',
      '--acme-email <address> is needed with --acme-directory: the CA sends expiry notices there.',
    );
  if (!options.acmeAgreeTos)
    throw new AppError(
      'validation_failed',
      '--acme-agree-tos is needed with --acme-directory: the CA issues only to accounts that agreed to its terms of service.',
    );
  return {
    directoryUrl: options.acmeDirectory,
    email: options.acmeEmail,
    termsAgreed: true,
    caFile: options.acmeCaFile === undefined ? undefined : checkedAcmeCaFile(options.acmeCaFile),
  };
}

interface CommandOptions {
  dataDir: string;
  env: Environment;
  port?: number;
  host: string;
  logLevel: string;
  admin: boolean;
  otherPort?: number;
  adminPort: number;
  sitesHost: string;
  dnsServer?: string[];
  httpsPort?: number;
  keepDeploys?: number;
  acmeDirectory?: string;
  acmeEmail?: string;
  acmeAgreeTos: boolean;
  acmeCaFile?: string;
  team: boolean;
  teamPort?: number;
  teamHost?: string;
}

async function startApi(options: CommandOptions, port: number, log: Logger): Promise<() => Promise<void>> {
  const server = await startApiServer({
    dataDir: options.dataDir,
    environment: options.env,
    port,
    host: options.host,
    log,
    sites: sitesOptions(options),
  });
  console.log(`Adoption Desk ${options.env} API listening on ${server.baseUrl} (data in ${server.engine.dataDir})`);
  if (server.httpsPort !== undefined)
    console.log(
      `Sites over HTTPS on port ${server.httpsPort} (certificates from ${options.acmeDirectory ?? 'the local CA; export it with "certificates ca"'})`,
    );
  log.info(
    { environment: options.env, url: server.baseUrl, dataDir: server.engine.dataDir, node: process.version },
    'started',
  );
  return () => server.stop();
}

/** Browser mode: both environments, as in the desktop app, and the admin pages on a loopback port of their own. */
async function startWithAdmin(options: CommandOptions, port: number, log: Logger): Promise<() => Promise<void>> {
  // Loaded only here: the plain API server (the default) carries none of the admin side's code or memory.
  const [{ adminServingOf, teamListenerOf }, { startAdminServer }, { ensureRendererBuilt }, { AppHost }] =
    await Promise.all([
      import('./admin/admin-serving'),
      import('./http/admin/server'),
      import('./http/admin/renderer-build'),
      import('./host/app-host'),
    ]);
  const rendererDir = ensureRendererBuilt();
  const token = randomBytes(24).toString('base64url');
  const other = ENVIRONMENTS.find((environment) => environment !== options.env) ?? 'staging';
  const flag = (environment: Environment) => (environment === options.env ? '--port' : '--other-port');
  const describe = (status: ServerStatus) =>
    status.portInUse
      ? `Port ${status.port} on ${status.host} is already in use; choose another with ${flag(status.environment)}.`
      : status.problem;
  const host: AppHostType = new AppHost({
    dataDir: options.dataDir,
    log,
    sites: sitesOptions(options),
    overrides: {
      host: options.host,
      ports: { [options.env]: port, ...(options.otherPort === undefined ? {} : { [other]: options.otherPort }) },
      ...(options.httpsPort === undefined ? {} : { httpsPorts: { [options.env]: options.httpsPort } }),
      ...(options.team ? { teamServer: { enabled: true, port: options.teamPort ?? DEFAULT_TEAM_PORT } } : {}),
    },
    teamHost: options.teamHost,
    onMoved: (status) =>
      console.log(`Adoption Desk ${status.environment} API moved: now listening on ${status.baseUrl}`),
  });
  const serving = adminServingOf(host, rendererDir);
  host.team.serve(teamListenerOf(serving));
  const statuses = await host.start();
  const own = statuses.find((status) => status.environment === options.env);
  if (!own?.running) {
    await host.stop();
    throw new AppError('conflict', (own && describe(own)) ?? `The ${options.env} server did not start.`);
  }
  const team = host.team.problem();
  if (options.team && team !== null) {
    await host.stop();
    throw new AppError(
      'conflict',
      `The shelter server did not start: ${team}${team.includes('already in use') ? ' Choose another port with --team-port.' : ''}`,
    );
  }
  let admin: RunningAdmin;
  try {
    admin = await startAdminServer({ ...serving, token, port: options.adminPort });
  } catch (error) {
    await host.stop();
    throw error;
  }
  for (const status of statuses) {
    console.log(
      status.running
        ? `Adoption Desk ${status.environment} API listening on ${status.baseUrl}`
        : `Adoption Desk ${status.environment} API not started: ${describe(status)}`,
    );
    if (status.httpsPort !== null)
      console.log(`Adoption Desk ${status.environment} sites over HTTPS on port ${status.httpsPort}`);
    if (status.running)
      log.info(
        { environment: status.environment, url: status.baseUrl, dataDir: options.dataDir, node: process.version },
        'started',
      );
    else log.warn({ environment: status.environment, problem: status.problem }, 'not started');
  }
  console.log(`Admin pages: ${admin.url}#token=${token}`);
  if (team !== null) console.log(`Shelter server not started: ${team}`);
  const shelter = await host.team.state();
  if (shelter.serving) {
    const [first, ...others] = shelter.urls;
    console.log(`Shelter server: ${first ?? ''}${others.length > 0 ? ` (also ${others.join(', ')})` : ''}`);
    console.log(`Compare this code on every desk: ${shelter.shortCode}`);
  }
  return async () => {
    await admin.stop();
    await host.stop();
  };
}

main().catch((error: unknown) => {
  console.error(isAppError(error) ? `Error: ${error.message}` : error);
  process.exit(1);
});
