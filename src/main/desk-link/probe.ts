import http from 'node:http';
import net from 'node:net';
import tls from 'node:tls';
import { AppError, type ServerTimeout, type ServerUnreachable } from '../../shared/errors';
import { parseServerAddress, type ServerAddress } from './address';
import { checkServedChain } from './chain';

/** What the desk pins: the server's pages, and its CA with the code staff compared. */
export interface ServerProbe {
  url: string;
  fingerprint: string;
  shortCode: string;
  caPem: string;
}

export interface ProbeOptions {
  /** For the whole look (connection, handshake and the page); a server that never answers must not hold the window. */
  timeoutMs?: number;
  /** The certificates' dates are checked against the real time, never the quota lab's. */
  now?: () => number;
}

export const PROBE_TIMEOUT_MS = 5_000;
/** Adoption Desk's pages are one small index.html: more than this is some other site. */
const MAX_PAGE_BYTES = 256 * 1024;
const PAGE_MARK = '<title>Adoption Desk</title>';

const UNREACHABLE_CAUSES: Record<string, ServerUnreachable['cause']> = {
  ENOTFOUND: 'name_not_found',
  EAI_AGAIN: 'name_not_found',
  EAI_NONAME: 'name_not_found',
  ECONNREFUSED: 'refused',
  EHOSTUNREACH: 'no_route',
  ENETUNREACH: 'no_route',
  EHOSTDOWN: 'no_route',
  ENETDOWN: 'no_route',
};

/**
 * Looks at the shelter server at the address staff typed: a TLS connection within the deadline, the
 * chain it sends checked (its CA found, the leaf signed by it, made for the name typed, in its dates),
 * then its /admin/ page over that same connection. Trusts no store: the CA's code is what staff judge.
 */
export async function probe(typed: string, options: ProbeOptions = {}): Promise<ServerProbe> {
  const address = parseServerAddress(typed);
  const timeoutMs = options.timeoutMs ?? PROBE_TIMEOUT_MS;
  const now = options.now ?? Date.now;
  const socket = tls.connect({
    host: address.host,
    port: address.port,
    // SNI carries names only (RFC 6066 §3).
    ...(net.isIP(address.host) === 0 ? { servername: address.host } : {}),
    rejectUnauthorized: false,
    ALPNProtocols: ['http/1.1'],
  });
  // Each phase reports its own failure; a late one after the verdict must not crash the process.
  socket.on('error', () => {});
  let phase: ServerTimeout['phase'] = 'connect';
  socket.once('connect', () => (phase = 'handshake'));
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => {
      reject(
        new AppError(
          'server_timeout',
          `The server at ${address.host}:${address.port} did not answer within ${timeoutMs / 1000} s.`,
          { details: { host: address.host, port: address.port, phase, timeoutMs } },
        ),
      );
    }, timeoutMs);
  });
  try {
    await Promise.race([secured(socket, address), deadline]);
    phase = 'answer';
    const checked = checkServedChain(servedChain(socket), address.host, now());
    await Promise.race([expectAdminPage(socket, address), deadline]);
    return { url: address.url, fingerprint: checked.fingerprint, shortCode: checked.shortCode, caPem: checked.caPem };
  } finally {
    clearTimeout(timer);
    socket.destroy();
  }
}

/** The handshake done; a failure before it is the network's (no TCP) or the peer's (no TLS answer). */
function secured(socket: tls.TLSSocket, address: ServerAddress): Promise<void> {
  let connected = false;
  socket.once('connect', () => (connected = true));
  return new Promise((resolve, reject) => {
    socket.once('secureConnect', () => resolve());
    socket.once('error', (error: NodeJS.ErrnoException) => {
      const { host, port } = address;
      if (connected) {
        reject(
          new AppError('server_not_tls', `The program at ${host}:${port} does not answer over HTTPS.`, {
            details: { host, port },
          }),
        );
        return;
      }
      const systemCode = error.code ?? null;
      const cause = UNREACHABLE_CAUSES[systemCode ?? ''] ?? 'network';
      reject(
        new AppError(
          'server_unreachable',
          `The server at ${host}:${port} cannot be reached (${systemCode ?? error.message}).`,
          { details: { host, port, cause, systemCode } },
        ),
      );
    });
  });
}

/** The certificates the server sent, leaf first, as Node links them (the issuer of each, up to a self-signed one). */
function servedChain(socket: tls.TLSSocket): Buffer[] {
  const chain: Buffer[] = [];
  const seen = new Set<string>();
  for (
    let certificate: tls.DetailedPeerCertificate | undefined = socket.getPeerCertificate(true);
    certificate?.raw && !seen.has(certificate.fingerprint256);
    certificate = certificate.issuerCertificate
  ) {
    seen.add(certificate.fingerprint256);
    chain.push(certificate.raw);
  }
  return chain;
}

/** GET /admin/ on the connection just checked: Adoption Desk's pages, or some other server. */
function expectAdminPage(socket: tls.TLSSocket, address: ServerAddress): Promise<void> {
  const url = address.url;
  const notOurs = (status: number | null) =>
    new AppError('server_not_adoption_desk', `The server at ${url} is not Adoption Desk.`, {
      details: { url, status },
    });
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        createConnection: () => socket,
        path: '/admin/',
        headers: { host: new URL(url).host, accept: 'text/html', connection: 'close' },
      },
      (response) => {
        const status = response.statusCode ?? null;
        if (status !== 200 || !(response.headers['content-type'] ?? '').startsWith('text/html')) {
          response.resume();
          reject(notOurs(status));
          return;
        }
        let page = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => {
          page += chunk;
          if (page.length > MAX_PAGE_BYTES) response.destroy(notOurs(status));
        });
        response.on('end', () => (page.includes(PAGE_MARK) ? resolve() : reject(notOurs(status))));
        response.on('error', () => reject(notOurs(status)));
      },
    );
    request.on('error', () => reject(notOurs(null)));
    request.end();
  });
}
