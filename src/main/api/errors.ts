import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError, isAppError } from '../../shared/errors';
import { allowedMethodsFor } from './known-paths';

const WHERE: Record<string, string> = { body: '', querystring: 'query parameter ', params: 'path parameter ', headers: 'header ' };

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
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return new AppError('unsupported_media_type', 'Content-Type must be application/json.');
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return new AppError('payload_too_large', 'The request body is larger than the 1 MiB limit.');
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return new AppError('validation_failed', 'body: must be a JSON object; the request body was empty.');
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return new AppError('validation_failed', `body: is not valid JSON (${error.message}).`);
  }
  if (error instanceof SyntaxError || error.statusCode === 400) {
    return new AppError('validation_failed', `The request is malformed: ${error.message}`);
  }
  if (error.statusCode === 413) return new AppError('payload_too_large', 'The request body is larger than the 1 MiB limit.');
  if (error.statusCode === 415) return new AppError('unsupported_media_type', 'Content-Type must be application/json.');
  return new AppError('internal_error', 'Something went wrong inside Adoption Desk; the request was not completed.');
}

function send(reply: FastifyReply, error: AppError): FastifyReply {
  return reply.code(error.status).headers(error.headers).type('application/json; charset=utf-8').send(error.toBody());
}

/** The one place where every failure becomes the seed's Error body. */
export function installErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    const appError = isAppError(error) ? error : fromFrameworkError(error);
    if (appError.status >= 500) request.log.error({ err: error }, 'request failed');
    return send(reply, appError);
  });

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    const allowed = allowedMethodsFor(path);
    if (!allowed) return send(reply, new AppError('not_found', `There is no endpoint at ${path}.`));
    const allow = allowed.join(', ');
    if (request.method === 'OPTIONS') return reply.code(204).header('allow', allow).send();
    return send(reply, new AppError('method_not_allowed', `${request.method} is not allowed on ${path}; use ${allow}.`, { allow }));
  });
}
