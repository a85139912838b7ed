import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest, onRequestHookHandler } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError, isAppError } from '../../../shared/errors';
import { writeRefusal } from '../../db/write-refusals';
import { apiExchangeOf } from '../recorded-response';
import type { EngineLog } from '../../log';

const WHERE: Record<string, string> = {
  body: '',
  querystring: 'query parameter ',
  params: 'path parameter ',
  headers: 'header ',
};

/** Fastify's own failures (parsing, limits) mapped to the contract's codes and plain words. */
function fromFrameworkError(error: FastifyError): AppError {
  if (hasZodFastifySchemaValidationErrors(error)) {
    const where = WHERE[error.validationContext ?? 'body'] ?? '';
    const message = error.validation
      .map((issue) => {
        const field = issue.instancePath.replace(/^\//, '').replaceAll('/', '.');
        const subject = where ? `${where}${field}`.trim() : field || 'body';
        return `${subject}: ${issue.message}`;
      })
      .join('; ');
    return new AppError('validation_failed', message);
  }
  switch (error.code) {
    case 'FST_ERR_BAD_URL':
      return new AppError(
        'validation_failed',
        'The URL path is not valid percent-encoded UTF-8: every "%" must start an escape such as %20 or %C3%A9.',
      );
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return new AppError('unsupported_media_type', 'Content-Type must be application/json.');
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return new AppError('payload_too_large', 'The request body is larger than the 1 MiB limit.');
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return new AppError('validation_failed', 'body: must be a JSON object; the request body was empty.');
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return new AppError('validation_failed', `body: is not valid JSON (${error.message}).`);
  }
  if (error.statusCode === 413)
    return new AppError('payload_too_large', 'The request body is larger than the 1 MiB limit.');
  if (error.statusCode === 415) return new AppError('unsupported_media_type', 'Content-Type must be application/json.');
  // Any other refusal of the request by the framework is a malformed request, whatever status it chose.
  if (
    error instanceof SyntaxError ||
    (error.statusCode !== undefined && error.statusCode >= 400 && error.statusCode < 500)
  ) {
    return new AppError('validation_failed', `The request is malformed: ${error.message}`);
  }
  return new AppError('internal_error', 'Something went wrong inside Adoption Desk; the request was not completed.');
}

function sendError(reply: FastifyReply, error: AppError): FastifyReply {
  const exchange = apiExchangeOf(reply);
  if (exchange !== null) exchange.errorCode = error.code;
  return reply.code(error.status).headers(error.headers).type('application/json; charset=utf-8').send(error.toBody());
}

/** The one place where every failure becomes the seed's Error body; a 5xx (a bug) is logged. */
export function answerError(
  log: EngineLog | undefined,
  request: FastifyRequest,
  reply: FastifyReply,
  failure: unknown,
): FastifyReply {
  const refusal = isAppError(failure) ? undefined : writeRefusal(failure);
  const appError = isAppError(failure) ? failure : (refusal ?? fromFrameworkError(failure as FastifyError));
  // A full disk or a held lock is told once per streak by the background jobs that cannot write either, not per request.
  if (appError.status >= 500 && refusal === undefined)
    log?.error({ err: failure, method: request.method, url: request.url }, 'request failed');
  return sendError(reply, appError);
}

export interface ErrorHandlingOptions {
  log: EngineLog | undefined;
  /** The pipeline of an unknown path: limits and headers as for any API answer. */
  notFoundPipeline: onRequestHookHandler;
  /** The methods the routes answer to at this URL (empty when no route matches it). */
  allowedMethods: (url: string) => string[];
}

export async function installErrorHandling(app: FastifyInstance, options: ErrorHandlingOptions): Promise<void> {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) =>
    answerError(options.log, request, reply, error),
  );

  // The not-found answer runs the hooks of the context it is set in: here, only the pipeline.
  await app.register(async (unknownPaths) => {
    unknownPaths.addHook('onRequest', options.notFoundPipeline);
    // No route, so no body is read: the answer is 404 or 405 whatever the body (Node discards it).
    unknownPaths.removeAllContentTypeParsers();
    unknownPaths.addContentTypeParser('*', (_request, _payload, done) => done(null));
    unknownPaths.setNotFoundHandler((request, reply) => {
      const path = request.url.split('?')[0] ?? '/';
      const allowed = options.allowedMethods(request.url);
      if (allowed.length === 0) return sendError(reply, new AppError('not_found', `There is no endpoint at ${path}.`));
      const allow = allowed.join(', ');
      if (request.method === 'OPTIONS') return reply.code(204).header('allow', allow).send();
      return sendError(
        reply,
        new AppError('method_not_allowed', `${request.method} is not allowed on ${path}; use ${allow}.`, {
          headers: { allow },
        }),
      );
    });
  });
}
