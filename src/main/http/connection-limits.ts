import http, {
  type RequestListener,
  type Server as HttpServer,
  type ServerOptions as HttpServerOptions,
} from 'node:http';
import https from 'node:https';
import { limitPendingHandshakes } from '../sites/certificates/handshake-guard';

/** How long and how much a client may hold a server; times in milliseconds. */
export interface ConnectionLimits {
  /** The whole request, headers and body, must arrive within this, else 408 `request_timeout`. */
  requestTimeout: number;
  /** The request line and headers must arrive within this, else 408; at most requestTimeout. */
  headersTimeout: number;
  /** A connection with no traffic at all for this long (a client not reading its answer) is closed. */
  connectionTimeout: number;
  /** An idle kept-alive connection is closed after this. */
  keepAliveTimeout: number;
  /** HTTPS only: a TLS handshake (from the first byte of the connection) must finish within this. */
  handshakeTimeout: number;
  /** Requests one connection may carry; the last answer says "Connection: close". */
  maxRequestsPerSocket: number;
  /** Connections open at once; more are refused at once. */
  maxConnections: number;
}

/** The one set every server of the engine (API on HTTP and HTTPS, the sites on both, the admin pages) starts from. */
export const DEFAULT_CONNECTION_LIMITS: ConnectionLimits = {
  requestTimeout: 30_000,
  headersTimeout: 10_000,
  connectionTimeout: 60_000,
  keepAliveTimeout: 5_000,
  handshakeTimeout: 10_000,
  maxRequestsPerSocket: 10_000,
  maxConnections: 1_000,
};

export function connectionLimitsWith(overrides: Partial<ConnectionLimits> = {}): ConnectionLimits {
  const limits = { ...DEFAULT_CONNECTION_LIMITS, ...overrides };
  if (limits.headersTimeout > limits.requestTimeout)
    throw new RangeError('headersTimeout must not exceed requestTimeout.');
  return limits;
}

/** What node:http and node:https take at construction (the checking beat cannot be changed later). */
export function nodeServerTimeouts(
  limits: ConnectionLimits,
): Pick<HttpServerOptions, 'requestTimeout' | 'headersTimeout' | 'keepAliveTimeout' | 'connectionsCheckingInterval'> {
  return {
    requestTimeout: limits.requestTimeout,
    headersTimeout: limits.headersTimeout,
    keepAliveTimeout: limits.keepAliveTimeout,
    // Node checks the two timeouts on this beat (30 s by default), which bounds how late a 408 comes.
    connectionsCheckingInterval: Math.min(1_000, Math.ceil(limits.headersTimeout / 4)),
  };
}

/** The limits Node keeps as server properties, set on every server `limitedServer` makes. */
function holdToLimits(server: HttpServer, limits: ConnectionLimits): void {
  server.setTimeout(limits.connectionTimeout);
  server.maxRequestsPerSocket = limits.maxRequestsPerSocket;
  server.maxConnections = limits.maxConnections;
}

/** What a listener over TLS serves: one certificate, or one per name asked for (SNI). */
export type ListenerTls = Pick<https.ServerOptions, 'key' | 'cert' | 'SNICallback'>;

/** The node:http options a listener may add (a response class, a Host line left to the app). */
export type ListenerHttp = Pick<HttpServerOptions, 'requireHostHeader' | 'ServerResponse'>;

/**
 * The one way every listener of the app is made (the API, the admin pages, the sites on HTTP and
 * HTTPS, the shelter server): the timeouts at construction, the connection cap, and over TLS a
 * handshake timeout, pending handshakes held to half the cap, and a failed handshake closed at once
 * (Node would pass it on as a clientError, whose HTTP answer cannot reach a client that never shook hands).
 */
export function limitedServer(
  limits: ConnectionLimits,
  handler: RequestListener,
  options: { tls?: ListenerTls; http?: ListenerHttp } = {},
): HttpServer {
  const nodeOptions = { ...nodeServerTimeouts(limits), ...options.http };
  if (!options.tls) {
    const server = http.createServer(nodeOptions, handler);
    holdToLimits(server, limits);
    return server;
  }
  const server = https.createServer(
    { ...nodeOptions, ...options.tls, handshakeTimeout: limits.handshakeTimeout, minVersion: 'TLSv1.2' },
    handler,
  );
  holdToLimits(server, limits);
  limitPendingHandshakes(server, limits.maxConnections);
  server.removeAllListeners('tlsClientError');
  server.on('tlsClientError', (_error, socket) => socket.destroy());
  return server;
}

/** Fastify's options for a listener made by `limitedServer` (Fastify's own `https` option would drop the header timeout). */
export function fastifyListener(limits: ConnectionLimits, options: { tls?: ListenerTls; http?: ListenerHttp } = {}) {
  return { serverFactory: (handler: RequestListener) => limitedServer(limits, handler, options) };
}
