import { Command, InvalidArgumentError, Option } from 'commander';
import { DEFAULT_PORT, ENVIRONMENTS, type Environment } from '../shared/environments';
import { isAppError } from '../shared/errors';
import { startApiServer } from './api/start';

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
    .parse();
  const options = program.opts<{ dataDir: string; env: Environment; port?: number; host: string; logLevel: string }>();

  const server = await startApiServer({
    dataDir: options.dataDir,
    environment: options.env,
    port: options.port ?? DEFAULT_PORT[options.env],
    host: options.host,
    logger: { level: options.logLevel },
  });
  if (!['127.0.0.1', '::1', 'localhost'].includes(options.host)) {
    console.warn(`Warning: listening on ${options.host}, reachable from other machines. Keys are still required.`);
  }
  console.log(`Adoption Desk ${options.env} API listening on ${server.baseUrl} (data in ${server.engine.dataDir})`);

  const shutdown = (signal: string) => {
    console.log(`${signal} received: finishing in-flight requests, then stopping.`);
    setTimeout(() => {
      console.error('Requests did not finish in time; stopping anyway.');
      process.exit(1);
    }, STOP_DEADLINE_MS).unref();
    server.stop().then(
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

main().catch((error: unknown) => {
  console.error(isAppError(error) ? `Error: ${error.message}` : error);
  process.exit(1);
});
