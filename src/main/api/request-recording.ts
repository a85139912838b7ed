import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Engine } from '../engine';
import type { Caller } from './caller';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the API pipeline: this request is the API's, and this is who sent it. */
    apiCaller: Caller | null;
    /** When it arrived, by the environment's clock. */
    apiArrivedAt: number;
  }
  interface FastifyReply {
    /** The contract's error code of the answer, when it is an Error body. */
    errorCode: string | null;
  }
}

/** Node keeps the head it wrote (status line and headers) as a string: recording it costs nothing. */
interface SentHead {
  _header?: string | null;
}

export function markApiRequest(request: FastifyRequest, caller: Caller, now: number): void {
  request.apiCaller = caller;
  request.apiArrivedAt = now;
}

/** Every answer of the API pipeline goes to the request log once it is sent. */
export function registerRequestRecording(app: FastifyInstance, engine: Engine): void {
  app.decorateRequest('apiCaller', null);
  app.decorateRequest('apiArrivedAt', 0);
  app.decorateReply('errorCode', null);
  const log = engine.requestLog;
  app.addHook('onResponse', (request: FastifyRequest, reply: FastifyReply, done: () => void) => {
    const caller = request.apiCaller;
    if (caller !== null) {
      const latencyMs = reply.elapsedTime;
      const key = caller.kind === 'key';
      log.record(
        request.apiArrivedAt,
        request.method,
        request.headers.host,
        request.url,
        reply.statusCode,
        reply.errorCode,
        key ? caller.keyId : null,
        key ? caller.accountId : null,
        request.ip,
        Math.round(latencyMs * 1000) / 1000,
        (reply.raw as SentHead)._header ?? '',
      );
    }
    done();
  });
}
