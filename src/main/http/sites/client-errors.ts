import { STATUS_CODES, type IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import type { Engine } from '../../engine/engine';
import { hostOfHead, stalledRequestOf } from '../request-host';

/** Node's state on a server socket, as its own clientError default reads it. */
interface ServerSocket extends Duplex {
  parser?: { incoming?: IncomingMessage | null } | null;
  _httpMessage?: { headersSent: boolean } | null;
  /** The name a TLS client asked for (SNI); absent on plain HTTP. */
  servername?: string | false;
}

/**
 * A request that never became one (it did not arrive in time, or is malformed) on a site's Host: a
 * browser's idle or half-sent connection to a published site is the site's traffic, not the API's.
 * It gets a plain answer, without rate-limit headers, and nothing in the API's request log
 * (docs/contract.md, "Plan limits": every answer outside the admin pages and the sites). Returns
 * false, having done nothing, when the Host is not a site's or cannot be known: the API answers.
 */
export function refuseSiteClient(engine: Engine, error: NodeJS.ErrnoException, duplex: Duplex): boolean {
  // An event listener, where a throw would end the process: a failure is a bug, logged, and the connection closed.
  try {
    return refuse(engine, error, duplex as ServerSocket);
  } catch (failure) {
    engine.log.error({ err: failure }, 'answering a refused site connection failed');
    duplex.destroy();
    return true;
  }
}

function refuse(engine: Engine, error: NodeJS.ErrnoException, socket: ServerSocket): boolean {
  const timedOut = error.code === 'ERR_HTTP_REQUEST_TIMEOUT';
  // A parser that failed cannot be asked for more; a timed-out one still holds what arrived of the head.
  const pending = socket.parser?.incoming?.complete === false ? socket.parser.incoming : undefined;
  const { head, started } = timedOut ? stalledRequestOf(socket) : { head: pending, started: true };
  // An idle TLS connection has sent nothing but the name it asked for (SNI): a browser's, opened ahead for a site.
  const host = head ? hostOfHead(head) : started ? undefined : socket.servername || undefined;
  if (host === undefined || engine.sites.directory.lookup(host) === undefined) return false;
  // Bytes after an answer on its way would corrupt it; a request already answered gets no second answer.
  if (!socket.writable || socket._httpMessage?.headersSent || (pending && !socket._httpMessage)) {
    socket.destroy();
    return true;
  }
  const status = timedOut ? 408 : 400;
  const body = timedOut
    ? 'The request did not arrive in time; send it again without pausing.\n'
    : 'The request is malformed.\n';
  const headers = [
    `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? ''}`,
    'content-type: text/plain; charset=utf-8',
    `content-length: ${Buffer.byteLength(body)}`,
    'x-content-type-options: nosniff',
    `date: ${new Date().toUTCString()}`,
    'connection: close',
  ];
  socket.end(`${headers.join('\r\n')}\r\n\r\n${head?.method === 'HEAD' ? '' : body}`, () => socket.destroy());
  return true;
}
