import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../../shared/errors';
import { IDEMPOTENCY_KEY_PATTERN } from '../../../shared/idempotency';
import type { HeaderProfile } from '../../../shared/header-profiles';
import { profiledRefusal, profileRateLimitHeaders } from '../../../shared/profile-headers';
import type { WindowUsage } from '../../../shared/quota';
import type { Engine } from '../../engine/engine';
import type { Admission } from '../../quota/quota';
import { identifyCaller, quotaSubjectOf, type Caller } from './caller';
import { trackApiRequest } from './request-recording';
import { deprecationHeaders } from './routes/get-pet-sunset';

/**
 * The one admission of an API request, in this order, for a route's pipeline and for a refusal
 * before routing alike: who is calling; the request log starts recording the answer (so a refusal,
 * or a 503 from the counting itself, is logged too); the headers every answer of the route carries;
 * then the plan limits (docs/contract.md, "Plan limits") count it, set the rate-limit headers and
 * throw the 429 when over.
 */
export function admitApiRequest(
  engine: Engine,
  request: FastifyRequest,
  reply: FastifyReply,
  deprecated: boolean,
): Caller {
  const caller = identifyCaller(engine, request.headers.authorization, request.ip);
  const exchange = trackApiRequest(engine, reply, caller, engine.clock.now());
  if (deprecated) reply.headers(deprecationHeaders(request));
  if (request.method === 'POST') echoIdempotencyKey(request, reply);
  closeAfterLastAllowed(reply);
  const admission = engine.services.quota.admit(quotaSubjectOf(caller));
  const clock = engine.clock;
  const now = clock.now();
  const profile = engine.headerProfile.current;
  reply.headers(profileRateLimitHeaders(profile, admission.windows, now));
  // The request log rebuilds the standard headers from the same figures instead of copying them per
  // answer; another profile's head is kept as sent.
  if (exchange !== null && profile === 'standard') {
    exchange.windows = admission.windows;
    exchange.rateAt = now;
  }
  // Under the lab clock, Date agrees with X-RateLimit-Reset, for clients that compute waits from the two.
  if (clock.isOn) reply.header('date', new Date(now).toUTCString());
  const refusal = refusalOf(admission, profile, now);
  if (refusal) throw refusal;
  return caller;
}

/**
 * A creation's Idempotency-Key comes back on every answer to it, a 429 included (as Stripe does):
 * the client can match answers to attempts, and the request log, which keeps answers, can tell the
 * compliance report which retries carried one.
 */
function echoIdempotencyKey(request: FastifyRequest, reply: FastifyReply): void {
  const key = request.headers['idempotency-key'];
  if (typeof key === 'string' && IDEMPOTENCY_KEY_PATTERN.test(key)) reply.header('idempotency-key', key);
}

/** What the admission of a request answered on the bare socket decided; raw-answers.ts records it as it writes. */
export interface RawAdmission {
  caller: Caller;
  windows: WindowUsage[];
  /** The 429 when the limits refuse it. */
  refusal: AppError | undefined;
  /** The header profile the answer is worded in. */
  profile: HeaderProfile;
}

/**
 * The same admission for what never becomes a Fastify request (raw-answers.ts): who is calling,
 * then the limits count it — unless the pipeline already did when its headers arrived, and only
 * the figures are shown. The answer, written straight to the socket, is recorded as it is written.
 */
export function admitRawRequest(
  engine: Engine,
  authorization: string | undefined,
  remoteAddress: string | undefined,
  alreadyCounted: boolean,
): RawAdmission {
  const caller = identifyCaller(engine, authorization, remoteAddress);
  const subject = quotaSubjectOf(caller);
  const profile = engine.headerProfile.current;
  if (alreadyCounted)
    return { caller, windows: engine.services.quota.currentUsage(subject), refusal: undefined, profile };
  const admission = engine.services.quota.admit(subject);
  return { caller, windows: admission.windows, refusal: refusalOf(admission, profile, engine.clock.now()), profile };
}

/** The 429 of a refused admission (or the profile's own status and Retry-After), or undefined when the request may go on. */
function refusalOf(admission: Admission, profile: HeaderProfile, now: number): AppError | undefined {
  if (admission.outcome === 'accepted') return undefined;
  const code = admission.outcome === 'banned' ? 'api_key_banned' : 'rate_limited';
  const { status, headers } = profiledRefusal(profile, {
    code,
    retryAfter: admission.retryAfter,
    windows: admission.windows,
    now,
  });
  return new AppError(code, admission.message, { headers, status });
}

/**
 * Node marks the last answer a connection may carry (maxRequestsPerSocket) with "Connection: close"
 * yet keeps the connection, answering a request pipelined behind it with a bare 503; setting the
 * header ourselves makes Node close the connection after this answer.
 */
function closeAfterLastAllowed(reply: FastifyReply): void {
  if ((reply.raw as { maxRequestsOnConnectionReached?: boolean }).maxRequestsOnConnectionReached === true)
    reply.header('connection', 'close');
}
