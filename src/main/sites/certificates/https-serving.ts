import https from 'node:https';
import tls from 'node:tls';
import type { FastifyInstance } from 'fastify';
import type { Server as HttpServer } from 'node:http';
import type { Engine } from '../../engine';
import { hostOfRequest } from '../domain-names';
import { pathAndQuery } from '../site-serving';
import { RecordedResponse } from '../../api/request-recording';

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
        if (port !== undefined && host !== '' && certificates.hasCertificate(host)) {
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
  close(): Promise<void>;
}

/**
 * `--https-port`: the same app behind TLS, each handshake given the certificate of the name it asks
 * for (SNI). Contexts are cached per name and dropped on any change to the sites, so a new, renewed or
 * removed certificate counts from the next handshake. A name without a certificate gets none: the
 * handshake fails.
 */
export async function listenHttps(app: FastifyInstance, engine: Engine, host: string, port: number): Promise<RunningHttps> {
  const contexts = new Map<string, tls.SecureContext | null>();
  const stopListening = engine.changes.on((topic) => {
    if (topic === 'sites') contexts.clear();
  });
  const server = https.createServer(
    {
      // API answers over HTTPS go to the request log too.
      ServerResponse: RecordedResponse,
      minVersion: 'TLSv1.2',
      SNICallback: (servername, callback) => {
        // A certificate issued or removed by another process (the CLI) counts too.
        engine.syncExternalChanges();
        const name = servername.toLowerCase();
        let context = contexts.get(name);
        if (context === undefined) {
          const served = engine.sites.certificates.served(name);
          context = served ? tls.createSecureContext(served) : null;
          contexts.set(name, context);
        }
        // No context: the default one has no certificate, so the client gets a handshake_failure alert.
        callback(null, context ?? undefined);
      },
    },
    app.routing,
  );
  copyLimits(app.server, server);
  server.on('checkExpectation', app.routing);
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

function copyLimits(from: HttpServer, to: https.Server): void {
  to.headersTimeout = from.headersTimeout;
  to.requestTimeout = from.requestTimeout;
  to.keepAliveTimeout = from.keepAliveTimeout;
  to.maxRequestsPerSocket = from.maxRequestsPerSocket;
  to.maxConnections = from.maxConnections;
  to.timeout = from.timeout;
}

function isEncrypted(socket: unknown): boolean {
  return (socket as { encrypted?: boolean } | null)?.encrypted === true;
}
