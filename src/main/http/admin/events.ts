import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ChangeTopic } from '../../../shared/change-topics';
import type { Environment } from '../../../shared/environments';
import { AppError } from '../../../shared/errors';
import { ADMIN_EVENTS_PATH, type ChangeEvent } from '../../../shared/live-updates';
import type { AdminCredential } from '../../staff/access';

/** How much one stream, and all of them, may hold of the server. */
export interface LiveUpdateLimits {
  /** Streams open at once; one more is refused with 503 and Retry-After. */
  maxStreams: number;
  /** Streams one session may hold (a member's windows and tabs); the desk's count only against maxStreams. */
  maxStreamsPerSession: number;
  /** Streams the sessions of one address may hold together: one computer of the network cannot take every stream. */
  maxStreamsPerAddress: number;
  /** Bytes waiting for a reader (in the stream and the socket) beyond which its stream is closed: it reconnects and refetches. */
  maxBufferedBytes: number;
  /** A comment line this often keeps proxies and the idle-connection limit (60 s) from closing a quiet stream. */
  heartbeatMs: number;
  /** How often the sessions of open streams are looked at: a logout, a deactivation or idle expiry ends the stream within this. */
  sessionCheckMs: number;
  /** The `retry:` hint: how long a browser's EventSource waits before reconnecting. */
  retryMs: number;
}

export const LIVE_UPDATE_LIMITS: LiveUpdateLimits = {
  maxStreams: 32,
  maxStreamsPerSession: 4,
  maxStreamsPerAddress: 8,
  maxBufferedBytes: 64 * 1024,
  heartbeatMs: 25_000,
  sessionCheckMs: 1_000,
  retryMs: 2_000,
};

/** What browser mode's event stream is handed by the face that starts the admin server. */
export interface LiveUpdateOptions {
  /** Both environments' change topics (the host's ChangeFeed); returns the function that stops listening. */
  onChange(listener: (environment: Environment, topic: ChangeTopic) => void): () => void;
  /** Whether a session still stands, without counting as activity: an open stream must not keep a session from idling out. */
  sessionStands(sessionId: string): boolean;
  limits?: Partial<LiveUpdateLimits>;
}

interface EventsRouteOptions extends LiveUpdateOptions {
  /** Who the request is from, as the admin calls judge it (the token is the desk). */
  credentialOf(request: FastifyRequest): AdminCredential;
}

interface Stream {
  body: Readable;
  reply: FastifyReply;
  /** The session it was opened with; null for the desk (the admin token). */
  sessionId: string | null;
  /** Where it was opened from (a session's only: the desk's address is this computer). */
  address: string | null;
}

const eventLine = (event: ChangeEvent) => `data: ${JSON.stringify(event)}\n\n`;

/**
 * GET /admin/api/events: Server-Sent Events of `{environment, topic}`, behind the same guard as every
 * admin call (the token, or in team mode a session that still stands). The changes of one turn of the
 * event loop go out once, in one chunk to every stream. Nothing a reader does can make the server wait
 * or grow: a stream whose reader is behind by more than maxBufferedBytes is closed (the window
 * reconnects and refetches everything), and the server's stop ends every stream without waiting.
 */
export async function liveUpdatesRoute(app: FastifyInstance, options: EventsRouteOptions): Promise<void> {
  const limits = { ...LIVE_UPDATE_LIMITS, ...options.limits };
  const streams = new Set<Stream>();
  const pending = new Map<string, ChangeEvent>();
  let flushing = false;

  const close = (stream: Stream, how: 'end' | 'drop') => {
    streams.delete(stream);
    // Ended, the reader sees the stream finish; dropped (a reader too far behind), the connection goes with what it never read.
    if (how === 'end') stream.body.push(null);
    else stream.reply.raw.destroy();
  };
  const write = (chunk: string) => {
    for (const stream of streams) {
      const waiting = stream.body.readableLength + stream.reply.raw.writableLength;
      if (waiting > limits.maxBufferedBytes) close(stream, 'drop');
      else stream.body.push(chunk);
    }
  };
  const flush = () => {
    flushing = false;
    const chunk = [...pending.values()].map(eventLine).join('');
    pending.clear();
    write(chunk);
  };
  const stopListening = options.onChange((environment, topic) => {
    if (streams.size === 0) return;
    pending.set(`${environment} ${topic}`, { environment, topic });
    if (flushing) return;
    flushing = true;
    setImmediate(flush);
  });
  const heartbeat = setInterval(() => write(': heartbeat\n\n'), limits.heartbeatMs).unref();
  const sessionCheck = setInterval(() => {
    for (const stream of streams)
      if (stream.sessionId !== null && !options.sessionStands(stream.sessionId)) close(stream, 'end');
  }, limits.sessionCheckMs).unref();

  app.addHook('preClose', async () => {
    stopListening();
    clearInterval(heartbeat);
    clearInterval(sessionCheck);
    for (const stream of streams) close(stream, 'end');
  });

  const refuseOverCap = (sessionId: string | null, address: string | null) => {
    const busy = (words: string) =>
      new AppError('service_unavailable', `Live updates already go to ${words}; close a window or try again shortly.`, {
        headers: { 'retry-after': '5' },
      });
    if (streams.size >= limits.maxStreams) throw busy(`${limits.maxStreams} windows`);
    const open = [...streams];
    if (
      sessionId !== null &&
      open.filter((stream) => stream.sessionId === sessionId).length >= limits.maxStreamsPerSession
    )
      throw busy(`${limits.maxStreamsPerSession} windows of this login`);
    if (address !== null && open.filter((stream) => stream.address === address).length >= limits.maxStreamsPerAddress)
      throw busy(`${limits.maxStreamsPerAddress} windows from this computer`);
  };

  app.get(ADMIN_EVENTS_PATH, { exposeHeadRoute: false }, async (request, reply) => {
    const credential = options.credentialOf(request);
    const sessionId = credential.kind === 'session' ? credential.id : null;
    if (credential.kind === 'none' || (sessionId !== null && !options.sessionStands(sessionId))) {
      throw new AppError('unauthorized', 'The session has ended; log in again.', {
        details: { reason: 'session_expired' },
      });
    }
    const address = sessionId === null ? null : (request.socket.remoteAddress ?? null);
    refuseOverCap(sessionId, address);
    const body = new Readable({ read() {} });
    const stream: Stream = { body, reply, sessionId, address };
    streams.add(stream);
    reply.raw.once('close', () => streams.delete(stream));
    // The hint first: it also gets the headers out at once, so the window knows the stream is open.
    body.push(`retry: ${limits.retryMs}\n\n`);
    return reply.type('text/event-stream; charset=utf-8').send(body);
  });
}
