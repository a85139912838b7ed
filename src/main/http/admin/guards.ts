import { timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../../shared/errors';
import type { AdminCall } from '../../staff/access';
import type { TeamListener } from '../../team/listener';
import { namesHold } from '../../team/machine-names';
import { sessionCookieOf, sessionCookieValue } from './session-cookie';

/**
 * Who reaches the admin routes, judged on the route the router chose before any body is read: the
 * loopback pages' guard (this machine, its names, the token or a session) and the shelter server's
 * (its certificate's names, a session), and who a call is from.
 */

const LOOPBACK_ADDRESSES = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);
const LOOPBACK_HOSTNAMES = new Set(['127.0.0.1', 'localhost', '[::1]']);

function sameToken(given: string | string[] | undefined, expected: string): boolean {
  if (typeof given !== 'string') return false;
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

function isJson(contentType: string | undefined): boolean {
  return contentType?.split(';')[0]?.trim().toLowerCase() === 'application/json';
}

/** Who may reach a route without the admin token: the pages, the window's <img> photos (see sendPhoto), and in team mode the login. */
export type TokenFree = 'page' | 'photo' | 'login';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * An admin route anyone on this machine may reach: the pages (the token is in their address's
     * fragment, read by the page) and the photos. Any other route, a new one included, and any path
     * no route serves, needs the token.
     */
    tokenFree?: TokenFree;
  }
}

export function tokenFree(request: FastifyRequest): TokenFree | undefined {
  return request.is404 ? undefined : request.routeOptions.config.tokenFree;
}

/**
 * Every request, once routed and before its body is read: only this machine, only under a loopback
 * name (no DNS rebinding), no other site; then, on the route the router chose from the decoded path
 * (never a prefix of the raw one, which `/admin/%61pi/` would dodge), the token (in team mode a
 * session cookie, or nothing for the login) and a JSON body, which a cross-site form or a "simple"
 * fetch cannot send without a CORS preflight never granted here.
 */
export function guard(request: FastifyRequest, token: string, teamMode: () => boolean): void {
  if (!LOOPBACK_ADDRESSES.has(request.socket.remoteAddress ?? '')) {
    throw new AppError('forbidden', 'The admin pages answer only to this computer.');
  }
  if (!LOOPBACK_HOSTNAMES.has(request.hostname))
    throw new AppError('forbidden', 'The admin pages answer only under 127.0.0.1 or localhost.');
  const origin = request.headers.origin;
  if (origin !== undefined && origin !== `${request.protocol}://${request.host}`) {
    throw new AppError('forbidden', 'Requests from other sites are refused.');
  }
  const free = tokenFree(request);
  if (free === 'page' || free === 'photo') return;
  // In team mode a session cookie (judged by the dispatch) or, for the login alone, nothing stands in for the token.
  const asTeam = () => teamMode() && (free === 'login' || sessionCookieOf(request.headers.cookie) !== undefined);
  if (!sameToken(request.headers['x-admin-token'], token) && !asTeam()) {
    throw new AppError(
      'unauthorized',
      'The admin token is missing or wrong: open the address printed by `npm run serve -- --admin`.',
    );
  }
  requireJson(request);
}

export function requireJson(request: FastifyRequest): void {
  if (request.method === 'POST' && !isJson(request.headers['content-type'])) {
    throw new AppError('unsupported_media_type', 'Content-Type must be application/json.');
  }
}

/**
 * The shelter server's listener: any address of the shelter's network may reach it, but only under
 * a name or address its certificate holds (no DNS rebinding), never from another site, and never on
 * the admin token (not even sent): the pages, then the login, then nothing without a session, which
 * the dispatch judges. A data dir not in team mode has no one to log in: only the pages answer.
 */
export function teamGuard(request: FastifyRequest, teamMode: () => boolean, team: TeamListener): void {
  if (!namesHold(team.names(), request.hostname))
    throw new AppError(
      'forbidden',
      'The shelter server answers only under the names and addresses of its certificate.',
    );
  const origin = request.headers.origin;
  if (origin !== undefined && origin !== `${request.protocol}://${request.host}`) {
    throw new AppError('forbidden', 'Requests from other sites are refused.');
  }
  const free = tokenFree(request);
  if (free === 'page') return;
  if (!teamMode() && free !== 'login')
    throw new AppError(
      'conflict',
      'This shelter server has no staff yet: make the first owner on the serving computer.',
      { details: { reason: 'team_mode_off' } },
    );
  if (free !== 'login' && sessionCookieOf(request.headers.cookie) === undefined)
    throw new AppError('unauthorized', 'Log in first.', { details: { reason: 'login_required' } });
  requireJson(request);
}

/** Who the call is from: the token is the desk (never on the team listener); else the session cookie, if any. */
export function credentialOf(request: FastifyRequest, token: string | undefined): AdminCall['credential'] {
  const session = sessionCookieOf(request.headers.cookie);
  const desk = token !== undefined && sameToken(request.headers['x-admin-token'], token);
  return desk ? { kind: 'desk' } : session ? { kind: 'session', id: session } : { kind: 'none' };
}

export function callOf(request: FastifyRequest, reply: FastifyReply, token: string | undefined): AdminCall {
  return {
    credential: credentialOf(request, token),
    address: request.socket.remoteAddress ?? null,
    setSession: (id) => void reply.header('set-cookie', sessionCookieValue(id)),
  };
}
