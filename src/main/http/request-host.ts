import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../shared/errors';

/** How a refusal before routing is answered: the Error body with the API's limits and headers. */
export type RefuseBeforeRouting = (error: AppError, request: FastifyRequest, reply: FastifyReply) => void;

/**
 * The request's host, settled before anything is chosen by it (a site, the HTTPS redirect, the API):
 * more than one Host line is refused (RFC 9112 §3.2: 400), and an absolute-form target's authority
 * replaces Host (§3.2.2: the server "MUST ignore the received Host header field").
 */
export function registerHostRules(app: FastifyInstance, refuse: RefuseBeforeRouting): void {
  app.addHook('onRequest', (request, reply, done) => {
    const raw = request.raw;
    if (hostLines(raw.rawHeaders) > 1) {
      // Which Host was meant is unknowable, and so is what else in this message is: nothing more is read on this connection.
      reply.header('connection', 'close');
      refuse(
        new AppError(
          'validation_failed',
          'header host: is sent more than once; send exactly one "Host: <host>:<port>".',
        ),
        request,
        reply,
      );
      return;
    }
    const url = raw.url ?? '/';
    // Without any Host, HTTP/1.1's own rule (400) still applies: the target does not stand in for it.
    if (url.charCodeAt(0) !== 0x2f && raw.headers.host !== undefined) {
      const authority = authorityOf(url);
      if (authority !== undefined) raw.headers.host = authority;
    }
    done();
  });
}

/** The host a request head names by the rules above: undefined when it names none, or more than one. */
export function hostOfHead(head: IncomingMessage): string | undefined {
  if (hostLines(head.rawHeaders) > 1) return undefined;
  const url = head.url ?? '/';
  return (
    (url.charCodeAt(0) !== 0x2f && head.headers.host !== undefined ? authorityOf(url) : undefined) ?? head.headers.host
  );
}

/** Node's parser on a server socket (no public API reaches it), as far as stalledRequestOf uses it. */
interface SocketParser {
  incoming: IncomingMessage | null;
  onIncoming: ((incoming: IncomingMessage, shouldKeepAlive: boolean) => unknown) | null;
  execute(data: Buffer): unknown;
}

const END_OF_HEADERS = Buffer.from('\r\n\r\n', 'latin1');

/** What a connection had sent of its request when it was refused: its head, if one can be read, and whether any of it came. */
export interface StalledRequest {
  head: IncomingMessage | undefined;
  /** False when not a byte of a request arrived (an idle connection): nothing names a Host. */
  started: boolean;
}

/**
 * The request a connection is refused in (a timeout): the one whose headers arrived, or, when they
 * stopped coming, what the parser holds of them (out of reach of any API: it is handed the blank
 * line that ends a head, and the head it builds is taken before the server sees it). Only for a
 * connection about to be closed. No head when what arrived is none (half a request line).
 */
export function stalledRequestOf(socket: Duplex): StalledRequest {
  const parser = (socket as Duplex & { parser?: SocketParser | null }).parser;
  if (!parser) return { head: undefined, started: false };
  if (parser.incoming && !parser.incoming.complete) return { head: parser.incoming, started: true };
  const { onIncoming } = parser;
  let head: IncomingMessage | undefined;
  parser.onIncoming = (incoming) => {
    head = incoming;
    return 1; // no body: the parser reads nothing more of this request
  };
  let outcome: unknown;
  try {
    outcome = parser.execute(END_OF_HEADERS);
  } finally {
    parser.onIncoming = onIncoming;
    parser.incoming = null;
  }
  // Blank lines before a request are skipped (RFC 9112 §2.2); after half a request line they are an error.
  return { head, started: head !== undefined || outcome instanceof Error };
}

function hostLines(rawHeaders: string[]): number {
  let count = 0;
  for (let i = 0; i < rawHeaders.length; i += 2) {
    const name = rawHeaders[i] ?? '';
    if (name.length === 4 && name.toLowerCase() === 'host') count += 1;
  }
  return count;
}

/** host[:port] of an http(s) absolute-form target; undefined for the asterisk form or anything unparsable. */
function authorityOf(target: string): string | undefined {
  if (!/^https?:\/\//i.test(target)) return undefined;
  try {
    const host = new URL(target).host;
    return host === '' ? undefined : host;
  } catch {
    return undefined;
  }
}

/** The request target as path and query; an absolute-form target (GET http://host/x) keeps its path. */
export function pathAndQuery(url: string): string {
  if (url.startsWith('/')) return url;
  try {
    const parsed = new URL(url);
    return `${parsed.pathname}${parsed.search}`;
  } catch {
    return '/';
  }
}

/** A URL on this server as the client reached it, for Location and Link. */
export function absoluteUrl(request: FastifyRequest, pathAndQuery: string): string {
  // HTTP/1.1 requires Host (the pipeline refuses requests without it); HTTP/1.0 may omit it.
  const host = request.host || 'localhost';
  return `${request.protocol}://${host}${pathAndQuery}`;
}
