import type { FastifyReply, FastifyRequest } from 'fastify';
import { API_BASE_PATH, KEY_PREFIX } from '../../shared/environments';
import { GET_PET_DEPRECATED_AT, GET_PET_SUNSET_AT } from '../../shared/pet';
import { AppError } from '../../shared/errors';
import type { Engine } from '../engine';
import type { KeyIdentity } from '../services/keys';
import { rateLimitHeaders } from './rate-limit-headers';

/** Who sent a request: a valid key, or an address with the reason its key (if any) was refused. */
export type Caller = ({ kind: 'key' } & KeyIdentity) | { kind: 'anonymous'; address: string; refusal: string };

declare module 'fastify' {
  interface FastifyRequest {
    caller: Caller;
  }
}

export function identifyCaller(engine: Engine, request: FastifyRequest): Caller {
  const refuse = (refusal: string): Caller => ({ kind: 'anonymous', address: addressOf(request), refusal });
  const header = request.headers.authorization;
  if (header === undefined) return refuse('No API key: send it as "Authorization: Bearer <API_KEY>".');
  const match = /^\s*(\S+)(?:\s+(.*))?$/.exec(header);
  if (!match || match[1]?.toLowerCase() !== 'bearer') {
    return refuse('The Authorization header must use the Bearer scheme: "Authorization: Bearer <API_KEY>".');
  }
  const key = (match[2] ?? '').trim();
  if (key === '') return refuse('The bearer token is empty: send "Authorization: Bearer <API_KEY>".');
  const identity = engine.services.keys.authenticate(key);
  if (!identity) {
    const prefix = KEY_PREFIX[engine.environment];
    return refuse(`The API key is not valid here: it is unknown, revoked, or mistyped (${engine.environment} keys start with ${prefix}).`);
  }
  return { kind: 'key', ...identity };
}

export function requireKey(request: FastifyRequest): void {
  if (request.caller.kind !== 'key') {
    throw new AppError('unauthorized', request.caller.refusal, { 'www-authenticate': 'Bearer realm="adoption-desk"' });
  }
}

export function isUnderApi(url: string): boolean {
  return url === API_BASE_PATH || url.startsWith(`${API_BASE_PATH}/`) || url.startsWith(`${API_BASE_PATH}?`);
}

/** IPv4 clients on a dual-stack socket show up as ::ffff:a.b.c.d; count them as a.b.c.d. */
function addressOf(request: FastifyRequest): string {
  return request.ip.startsWith('::ffff:') ? request.ip.slice(7) : request.ip;
}

/** The plan limits (CONTRACT §5): count the request, set the headers, refuse when over. */
export function admitRequest(engine: Engine, request: FastifyRequest, reply: FastifyReply): void {
  const { caller } = request;
  const admission = engine.services.quota.admit(
    caller.kind === 'key' ? { kind: 'account', accountId: caller.accountId, keyId: caller.keyId } : { kind: 'address', address: caller.address },
  );
  reply.headers(rateLimitHeaders(admission.windows, engine.clock.now()));
  if (admission.outcome !== 'accepted') {
    throw new AppError(admission.outcome === 'banned' ? 'api_key_banned' : 'rate_limited', admission.message, {
      'retry-after': String(admission.retryAfter),
    });
  }
}

/** What a route asks of the request pipeline, in its `config`. */
export interface RouteRules {
  /** Without a valid key: 401, before the body is read or validated. */
  requiresKey?: boolean;
  /** Deprecation, Sunset and the successor Link on every response, errors included. */
  deprecated?: boolean;
}

export function absoluteUrl(request: FastifyRequest, pathAndQuery: string): string {
  // HTTP/1.1 requires Host (Node refuses requests without it); HTTP/1.0 may omit it.
  const host = request.host || 'localhost';
  return `${request.protocol}://${host}${pathAndQuery}`;
}

/** RFC 9745 Deprecation, RFC 8594 Sunset and the successor Link, for a deprecated route. */
export function deprecationHeaders(request: FastifyRequest): Record<string, string> {
  return {
    deprecation: `@${GET_PET_DEPRECATED_AT / 1000}`,
    sunset: new Date(GET_PET_SUNSET_AT).toUTCString(),
    link: `<${absoluteUrl(request, `${API_BASE_PATH}/pets`)}>; rel="successor-version"`,
  };
}
