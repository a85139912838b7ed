import type { FastifyInstance, FastifyReply } from 'fastify';
import type { WindowUsage } from '../../shared/quota';
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
    /** The quota windows and the time the rate-limit headers were made from, once admitted. */
    apiWindows: readonly WindowUsage[] | null;
    apiRateAt: number;
  }
}

/**
 * Hands an API request to the request log, which reads its answer once written. No Fastify hook:
 * an onResponse hook makes Fastify attach two listeners to every response, and even an onSend hook
 * costs more than the whole log.
 */
export function trackApiRequest(engine: Engine, reply: FastifyReply, caller: Caller, at: number): void {
  reply.apiStartedAt = performance.now();
  reply.apiArrivedAt = at;
  if (caller.kind === 'key') {
    reply.apiKeyId = caller.keyId;
    reply.apiAccountId = caller.accountId;
  }
  engine.requestLog.track(reply);
}

export function registerRequestRecording(app: FastifyInstance): void {
  app.decorateReply('errorCode', null);
  app.decorateReply('apiStartedAt', 0);
  app.decorateReply('apiArrivedAt', 0);
  app.decorateReply('apiKeyId', null);
  app.decorateReply('apiAccountId', null);
  app.decorateReply('apiWindows', null);
  app.decorateReply('apiRateAt', 0);
}
