import net from 'node:net';

/** One HTTP answer as it came over the wire. */
export interface RawResponse {
  status: number;
  /** Lower-case names; a repeated header's values joined with ", ". */
  headers: Record<string, string>;
  body: string;
}

/**
 * A client connection that sends bytes exactly as given (no URL normalisation, no header checks),
 * collecting what the server sends until it closes the connection.
 */
export class RawConnection {
  private readonly socket: net.Socket;
  private readonly chunks: Buffer[] = [];
  /** Resolves when the server (or the deadline) has closed the connection. */
  readonly closed: Promise<void>;
  readonly connected: Promise<void>;

  constructor(port: number, deadlineMs = 10_000) {
    this.socket = net.connect(port, '127.0.0.1');
    this.connected = new Promise((resolve) => this.socket.once('connect', () => resolve()));
    this.socket.on('data', (chunk: Buffer) => this.chunks.push(chunk));
    this.socket.on('error', () => {});
    const deadline = setTimeout(() => this.socket.destroy(), deadlineMs);
    this.closed = new Promise((resolve) => {
      this.socket.once('close', () => {
        clearTimeout(deadline);
        resolve();
      });
    });
  }

  send(data: string | Buffer): void {
    if (!this.socket.destroyed) this.socket.write(typeof data === 'string' ? Buffer.from(data, 'latin1') : data);
  }

  received(): Buffer {
    return Buffer.concat(this.chunks);
  }

  destroy(): void {
    this.socket.destroy();
  }
}

/** Sends one request (include "Connection: close" to end the exchange) and returns every answer received. */
export async function rawExchange(
  port: number,
  request: string | Buffer,
  options: { heads?: boolean[]; deadlineMs?: number } = {},
): Promise<RawResponse[]> {
  const connection = new RawConnection(port, options.deadlineMs);
  connection.send(request);
  await connection.closed;
  return parseResponses(connection.received(), options.heads ?? []);
}

/**
 * The answer to one request sent as-is; `head` when it was a HEAD request (its answer has no body).
 * Fails when there is no answer or more than one (bytes after a HEAD answer's headers count as one).
 */
export async function rawRequest(port: number, request: string | Buffer, head = false): Promise<RawResponse> {
  const responses = await rawExchange(port, request, { heads: [head] });
  if (responses.length !== 1 || !responses[0]) {
    throw new Error(
      `expected one answer to ${JSON.stringify(String(request).slice(0, 80))}, got ${JSON.stringify(responses).slice(0, 400)}`,
    );
  }
  return responses[0];
}

/**
 * Splits a byte stream into HTTP/1.1 answers. `heads[i]` tells that answer i is to a HEAD request,
 * so it has no body whatever its Content-Length; bytes left after the last answer become an answer
 * with status 0, so that a test sees them.
 */
export function parseResponses(data: Buffer, heads: boolean[]): RawResponse[] {
  const responses: RawResponse[] = [];
  let offset = 0;
  while (offset < data.length) {
    const end = data.indexOf('\r\n\r\n', offset, 'latin1');
    if (end === -1) {
      responses.push({ status: 0, headers: {}, body: data.subarray(offset).toString('latin1') });
      break;
    }
    const [statusLine = '', ...lines] = data.subarray(offset, end).toString('latin1').split('\r\n');
    const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(statusLine)?.[1] ?? 0);
    const headers: Record<string, string> = {};
    for (const line of lines) {
      const colon = line.indexOf(':');
      const name = line.slice(0, colon).trim().toLowerCase();
      const value = line.slice(colon + 1).trim();
      headers[name] = name in headers ? `${headers[name]}, ${value}` : value;
    }
    offset = end + 4;
    let body: Buffer = Buffer.alloc(0);
    const noBody =
      heads[responses.length] === true || status === 204 || status === 304 || (status >= 100 && status < 200);
    if (!noBody && headers['transfer-encoding']?.toLowerCase() === 'chunked') {
      const parts: Buffer[] = [];
      for (;;) {
        const lineEnd = data.indexOf('\r\n', offset, 'latin1');
        const size = Number.parseInt(data.subarray(offset, lineEnd).toString('latin1'), 16);
        offset = lineEnd + 2;
        if (!(size > 0)) {
          offset = data.indexOf('\r\n', offset, 'latin1') + 2;
          break;
        }
        parts.push(data.subarray(offset, offset + size));
        offset += size + 2;
      }
      body = Buffer.concat(parts);
    } else if (!noBody) {
      const length = headers['content-length'] === undefined ? data.length - offset : Number(headers['content-length']);
      body = data.subarray(offset, offset + length);
      offset += length;
    }
    responses.push({ status, headers, body: body.toString('utf8') });
  }
  return responses;
}

/** A request text with CRLF line ends: the request line, then header lines, then the body. */
export function httpRequest(requestLine: string, headers: Record<string, string> = {}, body = ''): string {
  const lines = [requestLine, ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`)];
  return `${lines.join('\r\n')}\r\n\r\n${body}`;
}
