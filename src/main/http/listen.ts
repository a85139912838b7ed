import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Clock } from '../../shared/clock';
import { API_BASE_PATH, type Environment } from '../../shared/environments';
import { AppError } from '../../shared/errors';
import { assertRoomToServe, openDataDir } from '../db/data-dir-problems';
import { acquireInstanceLock, serverLockFile } from '../db/instance-lock';
import { recordAppliedMoves } from '../lab/clock-applied';
import { Engine } from '../engine/engine';
import { ensurePrivateDir } from '../files/owner-only';
import type { SitesOptions } from '../sites/sites';
import { connectionLimitsWith } from './connection-limits';
import { listenHttps, type RunningHttps } from './listen-https';
import type { EngineLog } from '../log';
import type { SmtpOptions } from '../mail/smtp';
import { buildApiServer, type ApiServerOptions } from './server';
import { warmNodeTicks } from './warm-ticks';

const STOP_GRACE_MS = 2_000;
/** A request waits at most this for another process's write (SQLite retries meanwhile), never seconds. */
const SERVING_BUSY_TIMEOUT_MS = 500;

export interface StartOptions {
  dataDir: string;
  environment: Environment;
  port: number;
  host?: string;
  clock?: Clock;
  /** The engine's logger: request failures (5xx), background jobs, sites; a pino logger fits. */
  log?: EngineLog;
  connectionLimits?: ApiServerOptions['connectionLimits'];
  migrationsFolder?: string;
  extend?: ApiServerOptions['extend'];
  sites?: SitesOptions;
  /** How the outbox reaches its SMTP server beyond the shelter's settings (a test server's own CA). */
  mail?: SmtpOptions;
  /** How long requests in progress at a stop may take before their connections are cut (2 s; tests of the stop give more). */
  stopGraceMs?: number;
}

/** The port is taken. Callers add how to choose another in their own terms (a flag, a settings page). */
export class PortInUseError extends AppError {
  constructor(
    readonly port: number,
    readonly host: string,
  ) {
    super('conflict', `Port ${port} on ${host} is already in use.`, {
      details: { reason: 'port_in_use', port, host, listener: 'http' },
    });
    this.name = 'PortInUseError';
  }
}

export interface RunningServer {
  app: FastifyInstance;
  engine: Engine;
  /** e.g. http://127.0.0.1:4010/v1 */
  baseUrl: string;
  port: number;
  /** The HTTPS port of the sites, when --https-port was given. */
  httpsPort?: number;
  https?: RunningHttps;
  /** Lets in-flight requests finish, then closes the database and frees the data dir. */
  stop(): Promise<void>;
}

/** One environment's API on its port: what the desktop app, `npm run serve` and the tests start. */
export async function startApiServer(options: StartOptions): Promise<RunningServer> {
  const host = options.host ?? '127.0.0.1';
  const dataDir = path.resolve(options.dataDir);
  const lockFile = serverLockFile(dataDir, options.environment);
  const lock = openDataDir(dataDir, () => {
    ensurePrivateDir(dataDir);
    assertRoomToServe(dataDir);
    return acquireInstanceLock(lockFile, `the ${options.environment} environment of ${dataDir}`);
  });
  let engine: Engine | undefined;
  let app: FastifyInstance | undefined;
  let https: RunningHttps | undefined;
  try {
    engine = new Engine({
      dataDir: options.dataDir,
      environment: options.environment,
      clock: options.clock,
      migrationsFolder: options.migrationsFolder,
      sites: options.sites,
      mail: options.mail,
      log: options.log,
      busyTimeoutMs: SERVING_BUSY_TIMEOUT_MS,
    });
    // One set of limits for both ports.
    const limits = connectionLimitsWith(options.connectionLimits);
    app = await buildApiServer(engine, { connectionLimits: limits, extend: options.extend });
    await warmNodeTicks();
    await app.listen({ host, port: options.port });
    const httpsPort = engine.sites.httpsPort;
    if (httpsPort !== undefined)
      https = await listenHttps(app, engine, host, httpsPort, limits).catch((error: unknown) => {
        if ((error as NodeJS.ErrnoException).code === 'EADDRINUSE')
          throw new AppError('conflict', `HTTPS port ${httpsPort} on ${host} is already in use.`, {
            details: { reason: 'port_in_use', port: httpsPort, host, listener: 'https' },
          });
        throw error;
      });
    engine.startBackgroundJobs();
  } catch (error) {
    await https?.close();
    await app?.close();
    engine?.close();
    lock.release();
    if ((error as NodeJS.ErrnoException).code === 'EADDRINUSE') {
      throw new PortInUseError(options.port, host);
    }
    throw error;
  }
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : options.port;
  const urlHost = host.includes(':') ? `[${host}]` : host;
  const baseUrl = `http://${urlHost}:${port}${API_BASE_PATH}`;
  const running = { app, engine, https };
  // The record names the lab clock move the engine runs on: a CLI that moved the clock waits for it.
  const stopRecording = recordAppliedMoves(
    lockFile,
    { pid: process.pid, address: baseUrl, httpsPort: https?.port },
    () => running.engine.lab,
    running.engine.changes,
  );
  let stopping: Promise<void> | undefined;
  return {
    ...running,
    baseUrl,
    port,
    httpsPort: https?.port,
    stop() {
      stopping ??= (async () => {
        // Connections a client opened but never used must not hold the stop up; requests get a grace period.
        const cutOff = setTimeout(() => running.app.server.closeAllConnections(), options.stopGraceMs ?? STOP_GRACE_MS);
        // Jobs in progress end once the sites' work is stopped by the app's close.
        const jobsEnded = running.engine.stopBackgroundJobs();
        await Promise.all([running.https?.close(), running.app.close()]);
        clearTimeout(cutOff);
        await jobsEnded;
        stopRecording();
        running.engine.close();
        lock.release();
      })();
      return stopping;
    },
  };
}
