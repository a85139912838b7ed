import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { API_BASE_PATH, DEFAULT_PORT } from '../../shared/environments';
import { AppError } from '../../shared/errors';
import type { Engine } from '../engine';
import { registerSiteServing } from '../sites/site-serving';
import { admitRequest, deprecationHeaders, identifyCaller, isUnderApi, requireKey, type RouteRules } from './caller';
import { installErrorHandling } from './errors';
import { buildOpenApiDocument, registerOpenApiGenerator } from './openapi';
import { registerPetRoutes } from './routes/pets';

export interface ApiServerOptions {
  logger?: FastifyServerOptions['logger'];
  /** More routes on the same server (the admin pages of browser mode), registered before start. */
  extend?: (app: FastifyInstance) => Promise<void> | void;
}

export const BODY_LIMIT_BYTES = 1024 * 1024;

/**
 * Where a request goes in: identify the caller, then the route; every failure leaves through
 * installErrorHandling as the seed's Error body.
 */
export async function buildApiServer(engine: Engine, options: ApiServerOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logger ?? false,
    bodyLimit: BODY_LIMIT_BYTES,
    forceCloseConnections: 'idle',
    return503OnClosing: true,
    clientErrorHandler: (error, socket) => {
      if (!socket.writable) return socket.destroy(error);
      const body = JSON.stringify(new AppError('validation_failed', 'The HTTP request is malformed.').toBody());
      socket.end(`HTTP/1.1 400 Bad Request\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`);
    },
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // JSON only: text/plain bodies get 415 rather than a confusing validation error.
  app.removeContentTypeParser('text/plain');
  installErrorHandling(app);
  await registerOpenApiGenerator(app);

  // Before the API's pipeline: site Hosts are answered there, with no rate-limit headers.
  registerSiteServing(app, engine);
  app.decorateRequest('caller', null as never);
  // The whole pipeline in one hook, in this order: who is calling, the deprecation headers (so that
  // every answer of a deprecated route has them), the plan limits, then the key (401 before the body
  // is even read, but after the limits, which also count refused requests per address).
  app.addHook('onRequest', (request, reply, done) => {
    engine.syncExternalChanges();
    request.caller = identifyCaller(engine, request);
    const rules = request.routeOptions.config as RouteRules;
    if (rules.deprecated) reply.headers(deprecationHeaders(request));
    if (isUnderApi(request.url)) admitRequest(engine, request, reply);
    if (rules.requiresKey) requireKey(request);
    done();
  });

  registerPetRoutes(app, engine);

  let openApiDocument: string | undefined;
  app.get(`${API_BASE_PATH}/openapi.json`, async (_request, reply) => {
    const address = app.server.address();
    const port = typeof address === 'object' && address ? address.port : DEFAULT_PORT[engine.environment];
    openApiDocument ??= JSON.stringify(buildOpenApiDocument(app, engine.environment, port));
    return reply.type('application/json; charset=utf-8').send(openApiDocument);
  });

  await options.extend?.(app);
  await app.ready();
  return app;
}
