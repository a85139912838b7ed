import type { Server } from 'node:http';
import { ManualClock } from '../../src/shared/clock';
import type { Environment } from '../../src/shared/environments';
import type { ApiServerOptions } from '../../src/main/http/server';
import { startApiServer, type StartOptions } from '../../src/main/http/listen';
import { Engine } from '../../src/main/engine/engine';
import { makeTempDir, removeTempDir } from './temp-dir';

/** After getPet's deprecation date, well before its sunset (2030-12-05). */
export const TEST_START = Date.UTC(2026, 5, 1, 12, 0, 0);

/** Requests from one address without a valid key that fit in one window (Free: 60/minute, 1,000/day). */
export const ANONYMOUS_PER_MINUTE = 40;
export const ANONYMOUS_PER_DAY = 900;

export interface TestServer {
  baseUrl: string;
  port: number;
  engine: Engine;
  clock: ManualClock;
  /** A valid key on an Enterprise account whose figures no test comes near. */
  key: string;
  accountId: number;
  dataDir: string;
  /** Connections open on the server right now. */
  connectionCount(): Promise<number>;
  /** False once stop() has begun (no new connections are accepted). */
  listening(): boolean;
  /** Node's HTTP server under the API, to read its settings. */
  httpServer(): Server;
  stop(): Promise<void>;
}

/** Creates an Enterprise account with huge figures and one key on it; returns the plaintext key. */
export function createEnterpriseKey(
  engine: Engine,
  name = 'test client',
): { key: string; accountId: number; keyId: number } {
  const account = engine.services.accounts.create({
    name,
    planId: 'enterprise',
    perMinute: 1_000_000,
    perDay: 10_000_000,
  });
  const { key, record } = engine.services.keys.create({ accountId: account.id });
  return { key, accountId: account.id, keyId: record.id };
}

/** A new data dir whose production database holds one Enterprise key (closed again): for a server process to open. */
export function dataDirWithKey(): { dataDir: string; key: string } {
  const dataDir = makeTempDir();
  const engine = new Engine({ dataDir, environment: 'production' });
  try {
    return { dataDir, key: createEnterpriseKey(engine).key };
  } finally {
    engine.close();
  }
}

export interface TestServerOptions extends Pick<StartOptions, 'log' | 'connectionLimits' | 'stopGraceMs'> {
  environment?: Environment;
  clock?: ManualClock;
  dataDir?: string;
  extend?: ApiServerOptions['extend'];
}

/** The real server on 127.0.0.1, a free port, a fresh SQLite data dir and a ManualClock. */
export async function startTestServer(options: TestServerOptions = {}): Promise<TestServer> {
  const dataDir = options.dataDir ?? makeTempDir();
  const clock = options.clock ?? new ManualClock(TEST_START);
  const server = await startApiServer({
    dataDir,
    environment: options.environment ?? 'production',
    port: 0,
    clock,
    log: options.log,
    connectionLimits: options.connectionLimits,
    stopGraceMs: options.stopGraceMs,
    extend: options.extend,
  });
  const { key, accountId } = createEnterpriseKey(server.engine);
  return {
    baseUrl: server.baseUrl,
    port: server.port,
    engine: server.engine,
    clock,
    key,
    accountId,
    dataDir,
    connectionCount: () =>
      new Promise((resolve, reject) =>
        server.app.server.getConnections((error, count) => (error ? reject(error) : resolve(count))),
      ),
    listening: () => server.app.server.listening,
    httpServer: () => server.app.server,
    async stop() {
      await server.stop();
      if (!options.dataDir) removeTempDir(dataDir);
    },
  };
}

/**
 * Counts requests made without a valid key and moves the clock on (a minute, and a day now and
 * then) before the anonymous per-address budget runs out, so 401 and fuzz tests never trip it.
 */
export class AnonymousBudget {
  private thisMinute = 0;
  private today = 0;

  constructor(private readonly clock: ManualClock) {}

  spend(): void {
    if (this.today >= ANONYMOUS_PER_DAY) {
      this.clock.advance(86_400_000);
      this.today = 0;
      this.thisMinute = 0;
    } else if (this.thisMinute >= ANONYMOUS_PER_MINUTE) {
      this.clock.advance(60_000);
      this.thisMinute = 0;
    }
    this.thisMinute += 1;
    this.today += 1;
  }
}
