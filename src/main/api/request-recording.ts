import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Engine } from '../engine';
import type { Caller } from './caller';

declare module 'fastify' {
  interface FastifyReply {
    /** The contract's error code of the answer, when it is an Error body. */
    errorCode: string | null;
    /** performance.now() when the API pipeline took the request; 0 for answers that are not the API's. */
    apiStartedAt: number;
    /** When the request arrived, by the environment's clock. */
    apiArrivedAt: number;
    apiKeyId: number | null;
    apiAccountId: number | null;
    /** How long the answer took to produce, in ms, measured as it is sent. */
    apiLatencyMs: number;
  }
}

/** Marks an API request for the request log: who sent it and when. */
export function trackApiRequest(reply: FastifyReply, caller: Caller, at: number): void {
  reply.apiStartedAt = performance.now();
  reply.apiArrivedAt = at;
  if (caller.kind === 'key') {
    reply.apiKeyId = caller.keyId;
    reply.apiAccountId = caller.accountId;
  }
}

/**
 * Each API answer goes to the request log as it is sent (onSend); the log reads the head Node wrote
 * right after. Not onResponse: that would make Fastify attach two listeners to every response.
 */
export function registerRequestRecording(app: FastifyInstance, engine: Engine): void {
  app.decorateReply('errorCode', null);
  app.decorateReply('apiStartedAt', 0);
  app.decorateReply('apiArrivedAt', 0);
  app.decorateReply('apiKeyId', null);
  app.decorateReply('apiAccountId', null);
  app.decorateReply('apiLatencyMs', 0);
  const log = engine.requestLog;
  app.addHook('onSend', (_request: FastifyRequest, reply: FastifyReply, payload: unknown, done: (error: null, payload: unknown) => void) => {
    if (reply.apiStartedAt !== 0) {
      reply.apiLatencyMs = performance.now() - reply.apiStartedAt;
      log.sending(reply);
    }
    done(null, payload);
  });
}
