import { randomBytes } from 'node:crypto';
import Fastify from 'fastify';
import { z } from 'zod';
import { ERROR_STATUS, isAppError } from '../../shared/errors';
import { MAX_LAB_OFFSET_MS } from '../../shared/lab';
import type { LabClockService } from '../lab/clock';

/** What a client under the gate may do to the lab clock: move it forward, as a test suite skips a window. */
const AdvanceSchema = z.strictObject({ ms: z.int().positive().max(MAX_LAB_OFFSET_MS) });

export interface LabControl {
  /** e.g. http://127.0.0.1:43121/lab/<token>: `POST <url>/clock/advance` with `{"ms": 60000}`. */
  url: string;
  stop(): Promise<void>;
}

/**
 * The gate's own loopback endpoint for the lab clock, so a client's test suite can skip a window
 * instead of sleeping. Only the gate's environment, only 127.0.0.1, only with the token that is part
 * of the URL the client was given (another local program cannot guess it).
 */
export async function startLabControl(lab: () => LabClockService): Promise<LabControl> {
  const token = randomBytes(18).toString('base64url');
  const app = Fastify({ bodyLimit: 1024, connectionTimeout: 10_000, requestTimeout: 10_000 });
  const prefix = `/lab/${token}`;
  app.post(`${prefix}/clock/advance`, async (request, reply) => {
    const query = request.query as { ms?: string };
    const parsed = AdvanceSchema.safeParse(request.body ?? (query.ms === undefined ? undefined : { ms: Number(query.ms) }));
    if (!parsed.success) return reply.code(400).send({ code: 'validation_failed', message: 'Send {"ms": <positive whole milliseconds>} (or ?ms=…).' });
    return lab().advance(parsed.data.ms);
  });
  app.get(`${prefix}/clock`, async () => lab().state());
  app.setErrorHandler((error: { statusCode?: number; message: string }, _request, reply) => {
    // The lab clock refuses a move past its limit: the client sees why.
    if (isAppError(error)) return reply.code(ERROR_STATUS[error.code]).send({ code: error.code, message: error.message });
    const status = error.statusCode !== undefined && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 500;
    return reply.code(status).send({ code: status === 500 ? 'internal' : 'validation_failed', message: error.message });
  });
  app.setNotFoundHandler((_request, reply) => reply.code(404).send({ code: 'not_found', message: 'Not a lab control route.' }));
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return { url: `http://127.0.0.1:${port}${prefix}`, stop: () => app.close() };
}
