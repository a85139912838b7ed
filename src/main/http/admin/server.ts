import { readFile } from 'node:fs/promises';
import { STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyError, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { ADMIN_HTTP_PREFIX, ADMIN_PHOTOS_PREFIX, type AdminResult } from '../../../shared/admin-contract';
import { ADMIN_CHANNEL_DECLARATIONS, ADMIN_CHANNEL_NAMES } from '../../../shared/channels';
import type { ChannelDeclaration } from '../../../shared/channels/declare';
import { WHO_IS_CALLING } from '../../../shared/channels/staff';
import { ENVIRONMENTS, type Environment } from '../../../shared/environments';
import { AppError, isAppError } from '../../../shared/errors';
import {
  connectionLimitsWith,
  DEFAULT_CONNECTION_LIMITS,
  fastifyListener,
  type ConnectionLimits,
} from '../connection-limits';
import { registerHostRules } from '../request-host';
import type { AdminCall } from '../../staff/access';
import type { TeamListener } from '../../team/listener';
import { callOf, credentialOf, guard, teamGuard, tokenFree } from './guards';
import { photoUploadRoute } from './photo-upload';
import { liveUpdatesRoute, type LiveUpdateOptions } from './events';

export interface AdminHttpOptions {
  /** Runs one admin channel with its payload (dispatchAdmin over the handlers); errors come back as values. */
  dispatch: (channel: string, payload: unknown, call?: AdminCall) => Promise<AdminResult<unknown>>;
  /** Whether the data dir runs as a team: then a session cookie (from staff.login) stands in for the token. */
  teamMode?: () => boolean;
  /** Random per start; the page gets it in the URL fragment and sends it as x-admin-token. Never on the team listener. */
  token: string;
  /** The shelter server's listener (HTTPS to the shelter's network, for staff who log in) instead of the loopback one. */
  team?: TeamListener;
  /** The built renderer (index.html and assets). */
  rendererDir: string;
  /** The file of a stored pet photo by its served name (`<hash>.jpg`, `<hash>-thumb.jpg`), or null for no such name. */
  photoFile?: (environment: Environment, name: string) => string | null;
  /** Overrides of ADMIN_CONNECTION_LIMITS (tests use short ones). */
  connectionLimits?: Partial<ConnectionLimits>;
  /** The change topics pushed to open windows (GET /admin/api/events); without them, no such route. */
  liveUpdates?: LiveUpdateOptions;
}

/**
 * The engine's limits, but one browser on this machine needs far fewer connections than the API's
 * clients, and may keep its few idle ones a minute: closing them sooner only invites the keep-alive
 * race (a request sent just as the server closes the connection it went on).
 */
export const ADMIN_CONNECTION_LIMITS: ConnectionLimits = {
  ...DEFAULT_CONNECTION_LIMITS,
  maxConnections: 64,
  keepAliveTimeout: DEFAULT_CONNECTION_LIMITS.connectionTimeout,
};

export interface RunningAdmin {
  /** http://127.0.0.1:PORT/admin/ (without the token) */
  url: string;
  stop(): Promise<void>;
}

/** The console sends request bodies up to 1.1 MB, as JSON inside the admin payload. */
const BODY_LIMIT_BYTES = 4 * 1024 * 1024;
/** A site upload carries up to 100 MiB of files as base64 (a third more), with their paths. */
const UPLOAD_BODY_LIMIT_BYTES = 150 * 1024 * 1024;
/** A photo of up to 25 MiB as base64; a little more reaches the engine, which refuses it with its details. */
const PHOTO_BODY_LIMIT_BYTES = 40 * 1024 * 1024;
/** The channels whose declaration says so (`body`, `beforeLogin`), each on a route of its own. */
const channelsWhere = (test: (declaration: ChannelDeclaration) => boolean) =>
  ADMIN_CHANNEL_NAMES.filter((channel) => test(ADMIN_CHANNEL_DECLARATIONS[channel]));
/** One photo per call, on the photo route (photo-upload.ts), as multipart or JSON. */
const PHOTO_CHANNELS = channelsWhere((declaration) => declaration.body === 'photo');
const UPLOAD_CHANNELS = channelsWhere((declaration) => declaration.body === 'site-upload');
/** The channels reached without the token or a session, in team mode only: logging in, accepting an invitation, and asking who one is (the login page). */
const LOGIN_CHANNELS = channelsWhere((declaration) => declaration.beforeLogin === true);
/** What anyone may send before logging in: a login, a password and a name fit many times over. */
const LOGIN_BODY_LIMIT_BYTES = 64 * 1024;
/** HTTPS only from now on, for a year, under this name (RFC 6797); not for localhost, whose other ports serve plain HTTP. */
const STRICT_TRANSPORT_SECURITY = 'max-age=31536000';
/**
 * The pages keep the admin token in sessionStorage: no script but the build's own files, nothing
 * fetched from elsewhere, never in a frame. Styles may be inline: Mantine (through Emotion) writes
 * its styles into <style> elements at run time, which no hash can name; a style cannot run script.
 */
export const ADMIN_CONTENT_SECURITY_POLICY =
  "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; font-src 'self' data:; connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";
/** Fastify's own refusals (unparsable JSON, a body too large) in the contract's codes. */
function fromFrameworkError(error: FastifyError): AppError {
  if (error.statusCode === 413)
    return new AppError(
      'payload_too_large',
      'The request body is larger than the admin API accepts (4 MiB; a login or an invitation 64 KiB; a photo up to 25 MiB; a site upload up to 100 MiB of files).',
    );
  if (error.statusCode === 415) return new AppError('unsupported_media_type', 'Content-Type must be application/json.');
  if (error.statusCode === 400 || error instanceof SyntaxError)
    return new AppError('validation_failed', `body: is not valid JSON (${error.message}).`);
  console.error('admin request failed', error);
  return new AppError('internal_error', 'Something went wrong inside Adoption Desk; nothing was changed.');
}

/** What never becomes a request (a timeout, malformed HTTP) gets the Error body too, and the connection is closed. */
function refuseClient(error: NodeJS.ErrnoException, socket: Duplex): void {
  const state = socket as Duplex & {
    parser?: { incoming?: { complete: boolean } | null } | null;
    _httpMessage?: { headersSent: boolean } | null;
  };
  // Bytes after an answer on its way would corrupt it; a request already answered (a 401 before its body) gets no second answer.
  const answered = state._httpMessage ? state._httpMessage.headersSent : state.parser?.incoming?.complete === false;
  if (!socket.writable || answered) return void socket.destroy();
  const refusal =
    error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
      ? new AppError('request_timeout', 'The request did not arrive in time; send it again without pausing.')
      : new AppError('validation_failed', 'The HTTP request is malformed.');
  const body = JSON.stringify(refusal.toBody());
  const head = `HTTP/1.1 ${refusal.status} ${STATUS_CODES[refusal.status] ?? ''}\r\ncontent-type: application/json; charset=utf-8\r\ncontent-length: ${Buffer.byteLength(body)}\r\nconnection: close\r\n\r\n`;
  socket.end(head + body, () => socket.destroy());
}

/** Every answer's headers; a route's own onSend hooks do not run for an answer given before routing. */
function withAdminHeaders(request: FastifyRequest, reply: FastifyReply): void {
  // Nothing of the admin pages is kept by a browser or a proxy; a photo, named by its content, is the one exception.
  if (tokenFree(request) !== 'photo') reply.header('cache-control', 'no-store');
  reply.header('x-frame-options', 'DENY');
  reply.header('content-security-policy', ADMIN_CONTENT_SECURITY_POLICY);
  reply.header('x-content-type-options', 'nosniff');
  reply.header('referrer-policy', 'no-referrer');
  if (request.protocol === 'https' && request.hostname !== 'localhost')
    reply.header('strict-transport-security', STRICT_TRANSPORT_SECURITY);
}

/** Refusals of the caller (no session, no right) or of a body's declared size. */
const REFUSED_UNREAD = new Set([401, 403, 413]);

function sendError(reply: FastifyReply, error: AppError): FastifyReply {
  // Refused for who sent it or its size before its body arrived: the connection closes rather than read the rest.
  // Other refusals (a photo told to retry, 503) leave the connection to read and drop the body, so the client gets its answer.
  if (!reply.request.raw.complete && REFUSED_UNREAD.has(error.status)) reply.header('connection', 'close');
  return reply
    .code(error.status)
    .headers(error.headers)
    .type('application/json; charset=utf-8')
    .send(error.toAdminBody());
}

/**
 * A stored photo for the window's <img>: no token (an image element sends none), but its name is the
 * SHA-256 of its content, known only to who listed the pet's photos; never to another site
 * (Cross-Origin-Resource-Policy). A name says what the file holds, so it may be cached for good.
 */
async function sendPhoto(
  request: FastifyRequest,
  reply: FastifyReply,
  photoFile: AdminHttpOptions['photoFile'],
): Promise<FastifyReply> {
  const { environment, name } = request.params as { environment: string; name: string };
  const known = ENVIRONMENTS.find((one) => one === environment);
  const file = photoFile && known ? photoFile(known, name) : null;
  const content = file ? await readFile(file).catch(() => null) : null;
  if (!content) return sendError(reply, new AppError('not_found', `There is no photo named ${name}.`));
  return reply
    .header('cache-control', 'private, max-age=31536000, immutable')
    .header('cross-origin-resource-policy', 'same-origin')
    .type('image/jpeg')
    .send(content);
}

/** Browser mode's own server: the renderer build under /admin/ and the admin contract under /admin/api/. */
export async function buildAdminServer(options: AdminHttpOptions): Promise<FastifyInstance> {
  const limits = connectionLimitsWith({ ...ADMIN_CONNECTION_LIMITS, ...options.connectionLimits });
  const teamMode = options.teamMode ?? (() => false);
  const { team } = options;
  const check = (request: FastifyRequest) =>
    team ? teamGuard(request, teamMode, team) : guard(request, options.token, teamMode);
  const app = Fastify({
    logger: false,
    bodyLimit: BODY_LIMIT_BYTES,
    forceCloseConnections: true,
    clientErrorHandler: refuseClient,
    // A path that is not valid percent-encoding reaches no route: the guard still speaks first.
    frameworkErrors: (_error, request, reply) => {
      withAdminHeaders(request, reply);
      try {
        check(request);
        sendError(
          reply,
          new AppError('not_found', 'There is nothing at this address: its path is not valid percent-encoded UTF-8.'),
        );
      } catch (refusal) {
        sendError(reply, refusal as AppError);
      }
    },
    ...fastifyListener(limits, team ? { tls: { key: team.keyPem, cert: team.chainPem } } : {}),
  });
  app.setErrorHandler((error: FastifyError, _request, reply) =>
    sendError(reply, isAppError(error) ? error : fromFrameworkError(error)),
  );
  app.setNotFoundHandler((request, reply) =>
    sendError(reply, new AppError('not_found', `There is nothing at ${request.url.split('?')[0]}.`)),
  );
  registerHostRules(app, (error, _request, reply) => void sendError(reply, error));
  app.addHook('onRequest', async (request, reply) => {
    check(request);
    // A session cookie must be a live session before any body is read: one that only looks right gets no upload read.
    // On the team listener an <img> sends the cookie too: a photo needs a live session, as a channel does.
    const free = tokenFree(request);
    const bySession = team
      ? free !== 'page' && free !== 'login'
      : free === undefined && credentialOf(request, options.token).kind === 'session';
    if (bySession && !(await sessionIsLive(request, reply))) {
      throw new AppError('unauthorized', 'The session has ended; log in again.', {
        details: { reason: 'session_expired' },
      });
    }
  });
  const sessionIsLive = async (request: FastifyRequest, reply: FastifyReply) => {
    const me = await options.dispatch(WHO_IS_CALLING, {}, callOf(request, reply, undefined));
    return me.ok && (me.value as { me: unknown }).me !== null;
  };
  app.addHook('onSend', async (request, reply: FastifyReply) => void withAdminHeaders(request, reply));

  await app.register(async (pages) => {
    pages.addHook('onRoute', (route) => {
      route.config = { ...route.config, tokenFree: 'page' };
    });
    pages.get('/', async (_request, reply) => reply.redirect('/admin/'));
    pages.get('/admin', async (_request, reply) => reply.redirect('/admin/'));
    await pages.register(fastifyStatic, {
      root: options.rendererDir,
      prefix: '/admin/',
      index: 'index.html',
      wildcard: false,
      cacheControl: false,
    });
  });

  const dispatch = async (channel: string, request: FastifyRequest, reply: FastifyReply) => {
    const result = await options.dispatch(
      channel,
      request.body ?? {},
      callOf(request, reply, team ? undefined : options.token),
    );
    // The contract's 503 keeps Retry-After: 1 (a busy write lock, photos waiting their turn).
    if (!result.ok && result.error.code === 'service_unavailable') reply.header('retry-after', '1');
    if (!result.ok) return reply.code(result.error.status).type('application/json; charset=utf-8').send(result.error);
    return reply.type('application/json; charset=utf-8').send(JSON.stringify(result.value));
  };
  for (const channel of PHOTO_CHANNELS)
    await app.register(photoUploadRoute, {
      path: `${ADMIN_HTTP_PREFIX}${channel}`,
      bodyLimit: PHOTO_BODY_LIMIT_BYTES,
      handle: (request, reply) => dispatch(channel, request, reply),
    });
  app.get(`${ADMIN_PHOTOS_PREFIX}:environment/:name`, { config: { tokenFree: 'photo' } }, (request, reply) =>
    sendPhoto(request, reply, options.photoFile),
  );
  for (const channel of UPLOAD_CHANNELS)
    app.post(`${ADMIN_HTTP_PREFIX}${channel}`, { bodyLimit: UPLOAD_BODY_LIMIT_BYTES }, (request, reply) =>
      dispatch(channel, request, reply),
    );
  for (const channel of LOGIN_CHANNELS)
    app.post(
      `${ADMIN_HTTP_PREFIX}${channel}`,
      { config: { tokenFree: 'login' }, bodyLimit: LOGIN_BODY_LIMIT_BYTES },
      (request, reply) => dispatch(channel, request, reply),
    );
  if (options.liveUpdates)
    await app.register(liveUpdatesRoute, {
      ...options.liveUpdates,
      credentialOf: (request) => credentialOf(request, team ? undefined : options.token),
    });
  app.post(`${ADMIN_HTTP_PREFIX}:channel`, (request, reply) =>
    dispatch((request.params as { channel: string }).channel, request, reply),
  );
  await app.ready();
  return app;
}

/** Listens on loopback only, on a port of its own, so restarting the API servers never strands the page. */
export async function startAdminServer(options: AdminHttpOptions & { port: number }): Promise<RunningAdmin> {
  const app = await buildAdminServer(options);
  try {
    await app.listen({ host: '127.0.0.1', port: options.port });
  } catch (error) {
    await app.close();
    if ((error as NodeJS.ErrnoException).code === 'EADDRINUSE') {
      throw new AppError(
        'conflict',
        `Port ${options.port} on 127.0.0.1 is already in use; choose another with --admin-port.`,
      );
    }
    throw error;
  }
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : options.port;
  return { url: `http://127.0.0.1:${port}/admin/`, stop: () => app.close() };
}
