import type { FastifyReply } from 'fastify';
import type { Engine } from '../../engine/engine';
import type { ApiExchange } from '../../lab/request-log/recorder';
import { RecordedResponse } from '../recorded-response';
import type { Caller } from './caller';

/**
 * Hands an API request to the request log, which records its answer as it is written; returns the
 * exchange, for the admission to add the quota figures to, or null when the answer is not recorded.
 */
export function trackApiRequest(engine: Engine, reply: FastifyReply, caller: Caller, at: number): ApiExchange | null {
  const response = reply.raw;
  if (!(response instanceof RecordedResponse)) return null;
  const key = caller.kind === 'key';
  const startedAt = performance.now();
  const exchange: ApiExchange = {
    log: engine.requestLog,
    startedAt,
    arrivedAt: engine.clock.precise(at, startedAt),
    keyId: key ? caller.keyId : null,
    accountId: key ? caller.accountId : null,
    windows: null,
    rateAt: 0,
    errorCode: null,
  };
  response.apiExchange = exchange;
  return exchange;
}
