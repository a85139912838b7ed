import { maxHeaderSize, STATUS_CODES, type IncomingMessage } from 'node:http';
import type { Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import { AppError } from '../../../shared/errors';
import type { HeaderProfile } from '../../../shared/header-profiles';
import { profileRateLimitHeaders } from '../../../shared/profile-headers';
import type { WindowUsage } from '../../../shared/quota';
import type { Engine } from '../../engine/engine';
import { admitRawRequest } from './admission';
import type { Caller } from './caller';
import type { EngineLog } from '../../log';

/** Node's state on a server socket; its own clientError default reads the same two fields. */
interface ServerSocket extends Socket {
  parser?: { incoming?: IncomingMessage | null } | null;
  _httpMessage?: { headersSent: boolean } | null;
}

/** What Node's HTTP parser reports: llhttp's code and reason, and the bytes it choked on. */
interface ClientError extends Error {
  code?: string;
  reason?: string;
  rawPacket?: Buffer;
}

interface RawAnswerTimeouts {
  requestTimeout: number;
  headersTimeout: number;
}

const seconds = (ms: number) => `${ms / 1000} s`;

/**
 * Answers what never becomes a Fastify request — malformed HTTP, a request that did not arrive in
 * time, CONNECT — with the Error body and real rate-limit headers, written straight to the socket,
 * which is then closed.
 */
export class RawAnswers {
  constructor(
    private readonly engine: Engine,
    private readonly timeouts: RawAnswerTimeouts,
    private readonly log: EngineLog | undefined,
  ) {}

  /** Fastify's clientErrorHandler. */
  readonly clientError = (error: Error, duplex: Duplex): void => {
    this.guarded(duplex as ServerSocket, (socket) => this.answerClientError(error as ClientError, socket));
  };

  /** The server's 'connect' listener: this is no proxy. */
  readonly connect = (request: IncomingMessage, duplex: Duplex): void => {
    this.guarded(duplex as ServerSocket, (socket) => {
      const refusal = new AppError('method_not_allowed', 'CONNECT is not supported: this server is not a proxy.', {
        headers: { allow: '' },
      });
      this.countAndWrite(socket, request.headers.authorization, refusal, false, {
        method: 'CONNECT',
        url: request.url ?? '',
      });
    });
  };

  /** These run as event listeners, where a throw would end the process: a failure is a bug, logged. */
  private guarded(socket: ServerSocket, answer: (socket: ServerSocket) => void): void {
    try {
      answer(socket);
    } catch (failure) {
      this.log?.error({ err: failure }, 'answering a refused connection failed');
      socket.destroy();
    }
  }

  private answerClientError(error: ClientError, socket: ServerSocket): void {
    // Bytes added to an answer already on its way would corrupt it.
    if (!socket.writable || socket._httpMessage?.headersSent) return void socket.destroy();
    const incoming = socket.parser?.incoming;
    const pending = incoming && !incoming.complete ? incoming : undefined;
    // Its headers were routed and it was answered (a 401 before its body, say): one request, one answer.
    if (pending && !socket._httpMessage) return void socket.destroy();
    if (pending) {
      // The pipeline counted this request when its headers arrived: show the figures, count nothing more.
      const { caller, windows, profile } = admitRawRequest(
        this.engine,
        pending.headers.authorization,
        socket.remoteAddress,
        true,
      );
      return this.write(socket, this.describe(error, true), { windows, profile }, pending.method === 'HEAD', {
        caller,
        method: pending.method ?? '',
        url: pending.url ?? '',
      });
    }
    const start = error.rawPacket?.toString('latin1', 0, 200) ?? '';
    const [method = '', url = ''] = /^(\S*)\s*(\S*)/.exec(start)?.slice(1) ?? [];
    this.countAndWrite(socket, undefined, this.describe(error, false), start.startsWith('HEAD '), { method, url });
  }

  private describe(error: ClientError, headersArrived: boolean): AppError {
    switch (error.code) {
      case 'ERR_HTTP_REQUEST_TIMEOUT':
        return new AppError(
          'request_timeout',
          headersArrived
            ? `The request body did not arrive in full within ${seconds(this.timeouts.requestTimeout)}; send the request again without pausing.`
            : `The request headers did not arrive within ${seconds(this.timeouts.headersTimeout)}; send the request again without pausing.`,
        );
      case 'HPE_HEADER_OVERFLOW':
        return new AppError(
          'validation_failed',
          `The request line and headers are larger than ${maxHeaderSize / 1024} KiB; shorten the URL or the headers.`,
        );
      default:
        return new AppError(
          'validation_failed',
          `The HTTP request is malformed${error.reason ? `: ${error.reason}` : ''}.`,
        );
    }
  }

  /** Counts the request against its key's account, or the connection's address, then answers. */
  private countAndWrite(
    socket: ServerSocket,
    authorization: string | undefined,
    error: AppError,
    head: boolean,
    request: { method: string; url: string },
  ): void {
    const { caller, windows, refusal, profile } = admitRawRequest(
      this.engine,
      authorization,
      socket.remoteAddress,
      false,
    );
    this.write(socket, refusal ?? error, { windows, profile }, head, { caller, ...request });
  }

  private write(
    socket: ServerSocket,
    error: AppError,
    quota: { windows: WindowUsage[]; profile: HeaderProfile },
    head: boolean,
    request: { caller: Caller; method: string; url: string },
  ): void {
    const body = JSON.stringify(error.toBody());
    const now = this.engine.clock.now();
    const { windows, profile } = quota;
    const headers: Record<string, string> = {
      ...profileRateLimitHeaders(profile, windows, now),
      ...error.headers,
      'content-type': 'application/json; charset=utf-8',
      'content-length': String(Buffer.byteLength(body)),
      date: new Date(now).toUTCString(),
      connection: 'close',
    };
    const headerLines = Object.entries(headers)
      .map(([name, value]) => `${name}: ${value}\r\n`)
      .join('');
    const statusLine = `HTTP/1.1 ${error.status} ${STATUS_CODES[error.status] ?? ''}\r\n`;
    const { caller } = request;
    const key = caller.kind === 'key';
    // Printable ASCII only: the request line of a malformed request may hold anything.
    const asSent = (text: string) => text.slice(0, 2_000).replace(/[^\x21-\x7e]/g, '?');
    // The log rebuilds only the standard headers from the figures; another profile's head is kept as sent.
    this.engine.requestLog.record(
      now,
      asSent(request.method),
      undefined,
      asSent(request.url),
      error.status,
      error.code,
      key ? caller.keyId : null,
      key ? caller.accountId : null,
      socket.remoteAddress,
      0,
      statusLine + headerLines,
      profile === 'standard' ? windows : null,
      now,
      socket,
    );
    // Read no more: nothing more of this request (a body's last bytes, say) may take effect after this answer.
    socket.pause();
    socket.end(`${statusLine}${headerLines}\r\n${head ? '' : body}`, () => socket.destroy());
  }
}
