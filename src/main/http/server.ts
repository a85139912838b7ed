import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { maxHeaderSize } from 'node:http';
import { API_BASE_PATH, DEFAULT_PORT } from '../../shared/environments';
import type { HeaderProfile } from '../../shared/header-profiles';
import type { Engine } from '../engine/engine';
import { connectionLimitsWith, fastifyListener, type ConnectionLimits } from './connection-limits';
import { RecordedResponse } from './recorded-response';
import { registerAcmeChallenge } from './sites/acme-challenge';
import { answerForSite, registerSiteServing } from './sites/by-host';
import { refuseSiteClient } from './sites/client-errors';
import { registerHttpsRedirect } from './sites/https-redirect';
import { installErrorHandling } from './api/errors';
import { buildOpenApiDocument, registerOpenApiGenerator } from './api/openapi';
import { answerBeforeRouting, DeprecatedRoutes, pipelineFor, type RouteRules } from './api/pipeline';
import { RawAnswers } from './api/raw-answers';
import { registerHostRules } from './request-host';
import { trackRouteMethods } from './api/route-methods';
import { registerPetRoutes } from './api/routes/pets';

export { DEFAULT_CONNECTION_LIMITS, type ConnectionLimits } from './connection-limits';

export interface ApiServerOptions {
  /** Overrides of DEFAULT_CONNECTION_LIMITS (tests use short timeouts); the HTTPS server takes the same. */
  connectionLimits?: Partial<ConnectionLimits>;
  /**
   * More routes on the same server (the admin pages of browser mode), registered before start. They
   * are not the API's: no limits, no rate-limit headers.
   */
  extend?: (app: FastifyInstance) => Promise<void> | void;
}

export const BODY_LIMIT_BYTES = 1024 * 1024;

/** Fastify types these factories after ajv's; all they have to do is return the compiler. */
const ZOD_COMPILERS = {
  buildValidator: () => validatorCompiler,
  buildSerializer: () => serializerCompiler,
} as unknown as NonNullable<NonNullable<FastifyServerOptions['schemaController']>['compilersFactory']>;

/**
 * Where a request goes in: every API route runs the pipeline (caller, limits, key) as its onRequest
 * hook; every failure, even one before routing or below HTTP, leaves as the seed's Error body.
 */
export async function buildApiServer(engine: Engine, options: ApiServerOptions = {}): Promise<FastifyInstance> {
  const limits = connectionLimitsWith(options.connectionLimits);
  const rawAnswers = new RawAnswers(engine, limits, engine.log);
  const deprecatedRoutes = new DeprecatedRoutes();
  const apiBeforeRouting = answerBeforeRouting(engine, deprecatedRoutes, engine.log);
  const app = Fastify({
    logger: false,
    bodyLimit: BODY_LIMIT_BYTES,
    forceCloseConnections: 'idle',
    // Requests already on an open connection when the server stops are served, not refused with a bare 503.
    return503OnClosing: false,
    ...fastifyListener(limits, {
      http: {
        // The pipeline answers a missing Host itself, with the Error body and the headers.
        requireHostHeader: false,
        // Hands each API answer to the request log as it is written.
        ServerResponse: RecordedResponse,
      },
    }),
    // No path parameter can outgrow the request line, so an over-long id meets the route's own rule.
    routerOptions: { maxParamLength: maxHeaderSize },
    // Every schema is zod's: Fastify's own compilers (ajv, fast-json-stringify) are never loaded.
    schemaController: { compilersFactory: ZOD_COMPILERS },
    frameworkErrors: (error, request, reply) => {
      // An unroutable target (bad percent-encoding) on a site Host is the site's to answer.
      if (!answerForSite(engine, request, reply)) apiBeforeRouting(error, request, reply);
    },
    // A request that never became one on a site's Host (a browser's idle connection) is the site's; any other, the API's.
    clientErrorHandler: (error, socket) => {
      if (!refuseSiteClient(engine, error, socket)) rawAnswers.clientError(error, socket);
    },
  });
  app.server.on('connect', rawAnswers.connect);
  // An Expect other than 100-continue is ignored (RFC 9110 allows it), rather than Node's bare 417.
  app.server.on('checkExpectation', app.routing);

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // JSON only: text/plain bodies get 415 rather than a confusing validation error.
  app.removeContentTypeParser('text/plain');
  // Every request, in this order, before any route's own hook (the API's pipeline): what reaches
  // the API is what no site hook answered, and site answers carry no rate-limit headers.
  registerHostRules(app, apiBeforeRouting); // one Host line; an absolute-form target's authority is the Host
  registerAcmeChallenge(app, engine); // ACME http-01 answers, even for a Host with no site yet
  registerHttpsRedirect(app, engine); // plain HTTP to HTTPS (308) for a name with a certificate
  registerSiteServing(app, engine); // a site's Host is answered here; any other goes on to the API
  // The sites' work runs as the engine's supervised jobs; closing stops a run in progress (an issuance, a DNS re-check).
  app.addHook('onClose', async () => {
    await engine.sites.certificates.stop();
    await engine.sites.domains.stop();
  });
  const allowedMethods = trackRouteMethods(app);
  let extending = false;
  app.addHook('onRoute', (route) => {
    if (extending) return;
    const rules: RouteRules = route.config ?? {};
    route.onRequest = [pipelineFor(engine, rules), ...[route.onRequest ?? []].flat()];
    if (rules.deprecated) for (const method of [route.method].flat()) deprecatedRoutes.add(method, route.url);
  });
  await installErrorHandling(app, { log: engine.log, notFoundPipeline: pipelineFor(engine, {}), allowedMethods });
  await registerOpenApiGenerator(app);

  registerPetRoutes(app, engine);

  // One document per header profile, made when first asked for: it describes the active profile's headers.
  const openApiDocuments = new Map<HeaderProfile, string>();
  app.get(`${API_BASE_PATH}/openapi.json`, async (_request, reply) => {
    const address = app.server.address();
    const port = typeof address === 'object' && address ? address.port : DEFAULT_PORT[engine.environment];
    const profile = engine.headerProfile.current;
    let document = openApiDocuments.get(profile);
    if (document === undefined) {
      document = JSON.stringify(buildOpenApiDocument(app, engine.environment, port, profile));
      openApiDocuments.set(profile, document);
    }
    return reply.type('application/json; charset=utf-8').send(document);
  });

  // Routes registered from here on, the extension's (whenever its plugins load), are not the API's.
  extending = true;
  await options.extend?.(app);
  await app.ready();
  extending = false;
  return app;
}
