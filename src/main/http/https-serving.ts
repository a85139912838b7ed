import https from 'node:https';
import type { FastifyInstance } from 'fastify';
import type { Engine } from '../engine/engine';
import { hostOfRequest } from '../sites/domain-names';
import { limitPendingHandshakes } from '../sites/certificates/handshake-guard';
import { SniContexts } from '../sites/certificates/sni-contexts';
import { holdToLimits, nodeServerTimeouts, type ConnectionLimits } from './connection-limits';
import { RecordedResponse } from './recorded-response';
import { pathAndQuery } from './request-host';

const CHALLENGE_PREFIX = '/.well-known/acme-challenge/';
const STOP_GRACE_MS = 2_000;

/**
 * The certificates' part of the server: answers ACME HTTP-01 challenges, redirects plain HTTP to
 * HTTPS (308) for domains with a certificate when an HTTPS port is open, and stops the issuing
 * tick's work on close.
 * Registered before the sites' own hook, so a challenge is answered even for a Host with no site yet.
 */
export function registerCertificateServing(app: FastifyInstance, engine: Engine): void {
  const { certificates, acmeChallenges } = engine.sites;
  const httpsOn = engine.sites.httpsPort !== undefined;
  if (acmeChallenges || httpsOn) {
    app.addHook('onRequest', (request, reply, done) => {
      const url = request.url;
      if (acmeChallenges && acmeChallenges.size > 0 && url.startsWith(CHALLENGE_PREFIX)) {
        const answer = acmeChallenges.answer(url.slice(CHALLENGE_PREFIX.length), hostOfRequest(request.headers.host));
        if (answer !== undefined) {
          void reply.code(200).type('text/plain; charset=utf-8').send(answer);
          return;
        }
      }
      if (httpsOn && !isEncrypted(request.raw.socket) && !url.startsWith(CHALLENGE_PREFIX)) {
        const host = hostOfRequest(request.headers.host);
        const port = httpsPorts.get(engine);
        if (port !== undefined && host !== '' && stillCertified(engine, host)) {
          void reply.code(308).header('location', `https://${host}${port === 443 ? '' : `:${port}`}${pathAndQuery(url)}`).send();
          return;
        }
      }
      done();
    });
  }
  // The issuing tick runs as the engine's supervised job; closing stops a run in progress.
  app.addHook('onClose', async () => {
    await certificates.stop();
  });
}

/** The HTTPS port of each serving engine, once it listens: the redirect names it. */
const httpsPorts = new WeakMap<Engine, number>();

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
export async function listenHttps(app: FastifyInstance, engine: Engine, host: string, port: number, limits: ConnectionLimits): Promise<RunningHttps> {
  const contexts = new SniContexts((name) => engine.sites.certificates.served(name));
  const stopListening = engine.changes.on((topic) => {
    if (topic === 'sites') contexts.clear();
  });
  const server = https.createServer(
    {
      // API answers over HTTPS go to the request log too.
      ServerResponse: RecordedResponse,
      ...nodeServerTimeouts(limits),
      handshakeTimeout: limits.handshakeTimeout,
      requireHostHeader: false,
      minVersion: 'TLSv1.2',
      SNICallback: (servername, callback) => {
        // A certificate issued or removed by another process (the CLI) counts from this very handshake.
        engine.syncExternalChanges(true);
        // No context: the default one has no certificate, so the client gets a handshake_failure alert.
        callback(null, contexts.contextFor(servername.toLowerCase()));
      },
    },
    app.routing,
  );
  holdToLimits(server, limits);
  limitPendingHandshakes(server, limits.maxConnections);
  // What never becomes a request (malformed HTTP, a timeout, CONNECT, an Expect) is answered as on the plain port.
  for (const event of ['clientError', 'connect', 'checkExpectation'] as const) {
    for (const listener of app.server.listeners(event)) server.on(event, listener as (...args: unknown[]) => void);
  }
  // A failed or timed-out handshake has no HTTP to answer in (Node would pass it on as a clientError): the connection is just closed.
  server.removeAllListeners('tlsClientError');
  server.on('tlsClientError', (_error, socket) => socket.destroy());
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

/** A removal made by another process (the CLI) counts from this very request; the API's Hosts, never certified, pay nothing more. */
function stillCertified(engine: Engine, host: string): boolean {
  if (!engine.sites.certificates.hasCertificate(host)) return false;
  engine.syncExternalChanges(true);
  return engine.sites.certificates.hasCertificate(host);
}

function isEncrypted(socket: unknown): boolean {
  return (socket as { encrypted?: boolean } | null)?.encrypted === true;
}
