import { randomBytes } from 'node:crypto';
import Fastify from 'fastify';
import { z } from 'zod';
import { AppError, isAppError } from '../../shared/errors';
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
    const parsed = AdvanceSchema.safeParse(
      request.body ?? (query.ms === undefined ? undefined : { ms: Number(query.ms) }),
    );
    if (!parsed.success)
      throw new AppError('validation_failed', 'Send {"ms": <positive whole milliseconds>} (or ?ms=…).');
    return reply.send(lab().advance(parsed.data.ms));
  });
  app.get(`${prefix}/clock`, async () => lab().state());
  // The project's Error body: the lab clock's own refusals (a move past its limit) as they are, a body
  // Fastify could not read as validation_failed.
  app.setErrorHandler((error: { statusCode?: number; message: string }, _request, reply) => {
    const clientError = error.statusCode !== undefined && error.statusCode >= 400 && error.statusCode < 500;
    const refusal = isAppError(error)
      ? error
      : clientError
        ? new AppError('validation_failed', error.message)
        : new AppError('internal_error', 'The lab clock could not be moved.');
    return reply.code(refusal.status).send(refusal.toBody());
  });
  app.setNotFoundHandler((_request, reply) => {
    const refusal = new AppError('not_found', 'Not a lab control route.');
    return reply.code(refusal.status).send(refusal.toBody());
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return { url: `http://127.0.0.1:${port}${prefix}`, stop: () => app.close() };
}
