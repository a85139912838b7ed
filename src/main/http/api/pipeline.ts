import type {
  FastifyContextConfig,
  FastifyError,
  FastifyReply,
  FastifyRequest,
  HookHandlerDoneFunction,
} from 'fastify';
import { AppError } from '../../../shared/errors';
import type { Engine } from '../../engine/engine';
import { admitApiRequest } from './admission';
import { requireKey } from './caller';
import { answerError } from './errors';
import type { EngineLog } from '../../log';

declare module 'fastify' {
  /** What a route asks of the request pipeline, in its `config`. */
  interface FastifyContextConfig {
    /** Without a valid key: 401, before the body is read or validated. */
    requiresKey?: boolean;
    /** Deprecation, Sunset and the successor Link on every response, errors included. */
    deprecated?: boolean;
  }
}

export type RouteRules = Pick<FastifyContextConfig, 'requiresKey' | 'deprecated'>;

export type PipelineHook = (request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction) => void;

/**
 * One API route's pipeline, as its onRequest hook: the admission (who is calling, recording, the
 * deprecation headers so that every answer of a deprecated route has them, the plan limits), then
 * the Host rule and the key (401 before the body is even read, but after the limits, which also
 * count refused requests per address).
 */
export function pipelineFor(engine: Engine, rules: RouteRules): PipelineHook {
  const requiresKey = rules.requiresKey === true;
  const deprecated = rules.deprecated === true;
  return (request, reply, done) => {
    leaveEmptyBodyUnread(request.raw);
    const caller = admitApiRequest(engine, request, reply, deprecated);
    requireHost(request);
    if (requiresKey) requireKey(caller);
    done();
  };
}

/** The deprecated routes as registered, to tell which one a path that cannot be decoded was meant for. */
export class DeprecatedRoutes {
  private readonly routes: { method: string; segments: string[] }[] = [];

  add(method: string, url: string): void {
    this.routes.push({ method, segments: url.split('/') });
  }

  /** Compares segment by segment, a `:param` matching any; segments that cannot be decoded stay as sent. */
  covers(method: string, url: string): boolean {
    const segments = (url.split('?')[0] ?? '').split('/').map(decodedOrAsSent);
    return this.routes.some(
      (route) =>
        route.method === method &&
        route.segments.length === segments.length &&
        route.segments.every((segment, i) => segment.startsWith(':') || segment === segments[i]),
    );
  }
}

function decodedOrAsSent(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/**
 * Errors Fastify raises before routing (a path it cannot percent-decode) skip every hook, and a
 * refusal before the sites choose (two Host lines) comes before the API's hook: the same admission
 * here, then the Error body.
 */
export function answerBeforeRouting(engine: Engine, deprecated: DeprecatedRoutes, log: EngineLog | undefined) {
  return (error: FastifyError | AppError, request: FastifyRequest, reply: FastifyReply): void => {
    try {
      admitApiRequest(engine, request, reply, deprecated.covers(request.method, request.url));
    } catch (refusal) {
      answerError(log, request, reply, refusal);
      return;
    }
    answerError(log, request, reply, error);
  };
}

/** Node's request stream, as far as its `_dump()` reads it: once set, dumping does nothing. */
interface DumpableRequest {
  _dumped: boolean;
}

/**
 * A request without Content-Length or Transfer-Encoding has no body (RFC 9112 §6.3): nothing is left
 * on the wire for Node to drain when its answer finishes. Node would still resume the stream to read
 * its end (`_dump()`), then end and destroy it: eight of a GET's ten `process.nextTick`s, and the
 * ones whose cost depends on how V8 compiled `nextTick` (docs/performance.md, "Two states of one
 * server"). Marked as dumped, the stream is left as it is: nothing listens to its end or close, and
 * it goes with the connection's next request. A body, even an empty `Content-Length: 0` one the
 * parser may still be framing, is read or drained as before. (Its 'readable' announcement, the
 * third tick left, stays: suppressing it, by the stream's `emittedReadable`, left a GET pipelined
 * behind a creation unanswered when the server stopped.)
 */
function leaveEmptyBodyUnread(raw: FastifyRequest['raw']): void {
  const headers = raw.headers;
  if (headers['content-length'] === undefined && headers['transfer-encoding'] === undefined)
    (raw as unknown as DumpableRequest)._dumped = true;
}

/** RFC 9112 §3.2: an HTTP/1.1 request without Host is refused (Node's own check answers with no body). */
function requireHost(request: FastifyRequest): void {
  const raw = request.raw;
  if (raw.headers.host === undefined && raw.httpVersionMajor === 1 && raw.httpVersionMinor === 1) {
    throw new AppError('validation_failed', 'header host: is required in HTTP/1.1; send "Host: <host>:<port>".');
  }
}
