import type { FastifyReply } from 'fastify';
import type { Engine } from '../../engine/engine';
import { RecordedResponse } from '../recorded-response';
import type { Caller } from './caller';

/** Hands an API request to the request log, which records its answer as it is written. */
export function trackApiRequest(engine: Engine, reply: FastifyReply, caller: Caller, at: number): void {
  if (!(reply.raw instanceof RecordedResponse)) return;
  const key = caller.kind === 'key';
  const startedAt = performance.now();
  reply.raw.apiExchange = {
    log: engine.requestLog,
    startedAt,
    arrivedAt: engine.clock.precise(at, startedAt),
    keyId: key ? caller.keyId : null,
    accountId: key ? caller.accountId : null,
    windows: null,
    rateAt: 0,
    errorCode: null,
  };
}
