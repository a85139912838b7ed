import type { Server as HttpServer, ServerOptions as HttpServerOptions } from 'node:http';

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
  if (limits.headersTimeout > limits.requestTimeout) throw new RangeError('headersTimeout must not exceed requestTimeout.');
  return limits;
}

/** What node:http and node:https take at construction (the checking beat cannot be changed later). */
export function nodeServerTimeouts(limits: ConnectionLimits): Pick<HttpServerOptions, 'requestTimeout' | 'headersTimeout' | 'keepAliveTimeout' | 'connectionsCheckingInterval'> {
  return {
    requestTimeout: limits.requestTimeout,
    headersTimeout: limits.headersTimeout,
    keepAliveTimeout: limits.keepAliveTimeout,
    // Node checks the two timeouts on this beat (30 s by default), which bounds how late a 408 comes.
    connectionsCheckingInterval: Math.min(1_000, Math.ceil(limits.headersTimeout / 4)),
  };
}

/** The limits Node keeps as server properties, for a server not built by Fastify (which sets them from its own options). */
export function holdToLimits(server: HttpServer, limits: ConnectionLimits): void {
  server.setTimeout(limits.connectionTimeout);
  server.maxRequestsPerSocket = limits.maxRequestsPerSocket;
  server.maxConnections = limits.maxConnections;
}

/** Fastify's own options for the same limits. */
export function fastifyConnectionOptions(limits: ConnectionLimits) {
  const { connectionsCheckingInterval, headersTimeout } = nodeServerTimeouts(limits);
  return {
    requestTimeout: limits.requestTimeout,
    connectionTimeout: limits.connectionTimeout,
    keepAliveTimeout: limits.keepAliveTimeout,
    maxRequestsPerSocket: limits.maxRequestsPerSocket,
    http: { headersTimeout, connectionsCheckingInterval },
  };
}
