import fastifySwagger from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import type { OpenAPIV3 } from 'openapi-types';
import { API_BASE_PATH, DEFAULT_PORT, ENVIRONMENTS, type Environment } from '../../shared/environments';
import { ERROR_STATUS, PUBLIC_ERROR_CODES } from '../../shared/errors';
import { GET_PET_SUNSET_AT } from '../../shared/pet';

const RESPONSE_WORDS: Record<string, string> = {
  200: 'OK',
  201: 'Created; `Location` names the new pet.',
  400: 'The request is malformed or breaks a rule (`validation_failed`).',
  401: 'API key missing or invalid (`unauthorized`); carries `WWW-Authenticate: Bearer`.',
  404: 'The animal cannot be found (`not_found`).',
  410: 'Past the sunset date (`gone`).',
  413: 'Body larger than 1 MiB (`payload_too_large`).',
  415: 'Content-Type is not application/json (`unsupported_media_type`).',
  429: 'Rate limit exceeded (`rate_limited`) or key temporarily banned (`api_key_banned`); see `Retry-After`.',
};

const DESCRIPTION = [
  'The embedded pet API of Adoption Desk. Every operation needs `Authorization: Bearer <API_KEY>`.',
  '',
  'Error bodies are `{code, message, status}`; the codes:',
  '',
  ...PUBLIC_ERROR_CODES.map((code) => `- \`${code}\` (${ERROR_STATUS[code]})`),
].join('\n');

const integerHeader = (description: string): OpenAPIV3.HeaderObject => ({ description, schema: { type: 'integer' } });
const stringHeader = (description: string): OpenAPIV3.HeaderObject => ({ description, schema: { type: 'string' } });

const HEADERS: Record<string, OpenAPIV3.HeaderObject> = {
  'X-RateLimit-Limit': integerHeader('The limit of the window that binds most.'),
  'X-RateLimit-Remaining': integerHeader('Requests left in that window.'),
  'X-RateLimit-Reset': integerHeader('Unix time (seconds) at which that window resets.'),
  'RateLimit-Policy': stringHeader('Both windows as RFC 9651 structured fields, e.g. `"minute";q=60;w=60, "day";q=1000;w=86400`.'),
  RateLimit: stringHeader('Remaining requests and seconds to reset per window, e.g. `"minute";r=59;t=30, "day";r=999;t=50370`.'),
  'Retry-After': integerHeader('Whole seconds to wait: until the binding window resets, or until the ban ends.'),
  'WWW-Authenticate': stringHeader('`Bearer realm="adoption-desk"`.'),
  Link: stringHeader('`<…>; rel="next"` on a page that has a next one (listPets); `<…/v1/pets>; rel="successor-version"` (getPet).'),
  Location: stringHeader('The URL of the created pet.'),
  Deprecation: stringHeader('RFC 9745: `@1767225600`, deprecated since 2026-01-01.'),
  Sunset: stringHeader('RFC 8594: `Thu, 05 Dec 2030 00:00:00 GMT`.'),
};

const RATE_LIMIT_HEADERS = ['X-RateLimit-Limit', 'X-RateLimit-Remaining', 'X-RateLimit-Reset', 'RateLimit-Policy', 'RateLimit'];

/** The headers a response of this operation and status carries. */
function headersFor(operationId: string | undefined, status: string): string[] {
  const names = [...RATE_LIMIT_HEADERS];
  if (status === '429') names.push('Retry-After');
  if (status === '401') names.push('WWW-Authenticate');
  if (operationId === 'listPets' && status === '200') names.push('Link');
  if (operationId === 'createPet' && status === '201') names.push('Location');
  if (operationId === 'getPet') names.push('Deprecation', 'Sunset', 'Link');
  return names;
}

/** Registers the generator; call before the routes so it sees them. */
export async function registerOpenApiGenerator(app: FastifyInstance): Promise<void> {
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.0.3',
      info: { title: 'Adoption Desk pet API', version: '1.0.0', description: DESCRIPTION },
      tags: [{ name: 'animals', description: 'Animals available for adoption' }],
      components: { securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', description: 'An Adoption Desk API key.' } } },
      security: [{ bearerAuth: [] }],
    },
    hideUntagged: true,
    transform: (input) => {
      const out = jsonSchemaTransform(input);
      return { ...out, url: out.url.startsWith(API_BASE_PATH) ? out.url.slice(API_BASE_PATH.length) : out.url };
    },
    transformObject: jsonSchemaTransformObject,
  });
}

/** The generated document, finished with what zod cannot say: servers, words, sunset. */
export function buildOpenApiDocument(app: FastifyInstance, environment: Environment, port: number): OpenAPIV3.Document {
  const doc = structuredClone(app.swagger()) as OpenAPIV3.Document;
  doc.servers = ENVIRONMENTS.map((env) => ({
    url: `http://{host}:{port}${API_BASE_PATH}`,
    description: env === 'production' ? 'Production ({base_url})' : 'Staging ({staging_base_url})',
    variables: {
      host: { default: '127.0.0.1' },
      port: { default: String(env === environment ? port : DEFAULT_PORT[env]) },
    },
  }));
  for (const pathItem of Object.values(doc.paths)) {
    for (const operation of Object.values(pathItem ?? {}) as OpenAPIV3.OperationObject[]) {
      if (typeof operation !== 'object' || !operation.responses) continue;
      operation.responses['405'] = { description: 'Method not allowed on this path (`method_not_allowed`); see `Allow`.', content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } };
      for (const [status, response] of Object.entries(operation.responses)) {
        if (!('description' in response)) continue;
        response.description = RESPONSE_WORDS[status] ?? response.description;
        response.headers = Object.fromEntries(headersFor(operation.operationId, status).map((name) => [name, { $ref: `#/components/headers/${name}` }]));
      }
      if (operation.deprecated) Object.assign(operation, { 'x-sunset': new Date(GET_PET_SUNSET_AT).toISOString().slice(0, 10) });
    }
  }
  doc.components = { ...doc.components, headers: HEADERS };
  return mergeIdenticalInputSchemas(doc);
}

/** The generator emits an `XInput` twin of every schema; keep one name where the two are the same. */
function mergeIdenticalInputSchemas(doc: OpenAPIV3.Document): OpenAPIV3.Document {
  let text = JSON.stringify(doc);
  // Repeat: merging PetStatusInput makes NewPetInput identical to NewPet, and so on.
  for (let merged = true; merged; ) {
    merged = false;
    const schemas = (JSON.parse(text) as OpenAPIV3.Document).components?.schemas ?? {};
    for (const name of Object.keys(schemas)) {
      const base = name.replace(/Input$/, '');
      const ref = `"#/components/schemas/${name}"`;
      if (base === name || !(base in schemas) || !text.includes(ref)) continue;
      if (JSON.stringify(schemas[name]) !== JSON.stringify(schemas[base])) continue;
      text = text.replaceAll(ref, `"#/components/schemas/${base}"`);
      merged = true;
    }
  }
  const result = JSON.parse(text) as OpenAPIV3.Document;
  const schemas = result.components?.schemas ?? {};
  for (let removed = true; removed; ) {
    removed = false;
    const current = JSON.stringify(result);
    for (const name of Object.keys(schemas)) {
      if (name.endsWith('Input') && !current.includes(`"#/components/schemas/${name}"`)) {
        delete schemas[name];
        removed = true;
      }
    }
  }
  return result;
}
