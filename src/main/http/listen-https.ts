import type { FastifyInstance } from 'fastify';
import type { Engine } from '../engine/engine';
import { SniContexts } from '../sites/certificates/sni-contexts';
import { limitedServer, type ConnectionLimits } from './connection-limits';
import { RecordedResponse } from './recorded-response';

const STOP_GRACE_MS = 2_000;

/** The HTTPS port of each serving engine, once it listens: the redirect names it. */
const httpsPorts = new WeakMap<Engine, number>();

/** The port the engine's HTTPS server listens on, once it does. */
export function httpsPortOf(engine: Engine): number | undefined {
  return httpsPorts.get(engine);
}

export interface RunningHttps {
  port: number;
  /** Names whose TLS context (or its absence) is remembered now: bounded, whatever names clients ask for. */
  cachedNames(): number;
  close(): Promise<void>;
}

/**
 * `--https-port`: the same app behind TLS, each handshake given the certificate of the name it asks
 * for (SNI), under the same connection limits as the plain port plus a handshake timeout. A name
 * without a certificate gets none: the handshake fails.
 */
export async function listenHttps(
  app: FastifyInstance,
  engine: Engine,
  host: string,
  port: number,
  limits: ConnectionLimits,
): Promise<RunningHttps> {
  const contexts = new SniContexts((name) => engine.sites.certificates.served(name));
  const stopListening = engine.changes.on((topic) => {
    if (topic === 'sites') contexts.clear();
  });
  const server = limitedServer(limits, app.routing, {
    // API answers over HTTPS go to the request log too.
    http: { ServerResponse: RecordedResponse, requireHostHeader: false },
    tls: {
      SNICallback: (servername, callback) => {
        // A certificate issued or removed by another process (the CLI) counts from this very handshake.
        engine.latest();
        // No context: the default one has no certificate, so the client gets a handshake_failure alert.
        callback(null, contexts.contextFor(servername.toLowerCase()));
      },
    },
  });
  // What never becomes a request (malformed HTTP, a timeout, CONNECT, an Expect) is answered as on the plain port.
  for (const event of ['clientError', 'connect', 'checkExpectation'] as const) {
    for (const listener of app.server.listeners(event)) server.on(event, listener as (...args: unknown[]) => void);
  }
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, host, () => {
        server.off('error', reject);
        resolve();
      });
    });
  } catch (error) {
    stopListening();
    throw error;
  }
  const address = server.address();
  const bound = typeof address === 'object' && address ? address.port : port;
  httpsPorts.set(engine, bound);
  return {
    port: bound,
    cachedNames: () => contexts.size,
    close: () =>
      new Promise<void>((resolve) => {
        stopListening();
        httpsPorts.delete(engine);
        const cutOff = setTimeout(() => server.closeAllConnections(), STOP_GRACE_MS);
        server.close(() => {
          clearTimeout(cutOff);
          resolve();
        });
        server.closeIdleConnections();
      }),
  };
}
