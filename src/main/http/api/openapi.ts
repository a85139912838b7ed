import fastifySwagger from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import type { OpenAPIV3 } from 'openapi-types';
import { API_BASE_PATH, DEFAULT_PORT, ENVIRONMENTS, type Environment } from '../../../shared/environments';
import { ERROR_STATUS, PUBLIC_ERROR_CODES } from '../../../shared/errors';
import type { HeaderProfile } from '../../../shared/header-profiles';
import { describeHeaderProfile } from './openapi-profiles';
import { GET_PET_SUNSET_DAY } from './routes/get-pet-sunset';

const DESCRIPTION = [
  'The embedded pet API of Adoption Desk. Every operation needs `Authorization: Bearer <API_KEY>`.',
  '',
  'Error bodies are `{code, message, status}`; the codes:',
  '',
  ...PUBLIC_ERROR_CODES.map((code) => `- \`${code}\` (${ERROR_STATUS[code]})`),
].join('\n');

/** Registers the generator; call before the routes so it sees them. */
export async function registerOpenApiGenerator(app: FastifyInstance): Promise<void> {
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.0.3',
      info: { title: 'Adoption Desk pet API', version: '1.0.0', description: DESCRIPTION },
      tags: [{ name: 'animals', description: 'Animals available for adoption' }],
      components: {
        securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', description: 'An Adoption Desk API key.' } },
      },
      security: [{ bearerAuth: [] }],
    },
    hideUntagged: true,
    transform: (input) => {
      const out = jsonSchemaTransform(input);
      keepResponseHeaders(input.schema, out.schema);
      return { ...out, url: out.url.startsWith(API_BASE_PATH) ? out.url.slice(API_BASE_PATH.length) : out.url };
    },
    transformObject: jsonSchemaTransformObject,
  });
}

/** The zod transform keeps a response's body and words but drops the headers the route declares with it. */
function keepResponseHeaders(routeSchema: unknown, transformed: unknown): void {
  const declared = (routeSchema as { response?: Record<string, { headers?: unknown }> } | undefined)?.response ?? {};
  const documented = (transformed as { response?: Record<string, { headers?: unknown }> } | undefined)?.response ?? {};
  for (const [status, response] of Object.entries(declared)) {
    const target = documented[status];
    if (response.headers && target) target.headers = response.headers;
  }
}

/** The generated document, finished with what zod cannot say: servers, the sunset date and the header profile's headers. */
export function buildOpenApiDocument(
  app: FastifyInstance,
  environment: Environment,
  port: number,
  profile: HeaderProfile = 'standard',
): OpenAPIV3.Document {
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
      if (operation.deprecated) Object.assign(operation, { 'x-sunset': GET_PET_SUNSET_DAY });
    }
  }
  return describeHeaderProfile(mergeIdenticalInputSchemas(doc), profile);
}

/** The generator emits an `XInput` twin of every schema; keep one name where the two are the same. */
function mergeIdenticalInputSchemas(doc: OpenAPIV3.Document): OpenAPIV3.Document {
  let text = JSON.stringify(doc);
  // Repeat: merging PetStatusInput makes NewPetInput identical to NewPet, and so on.
  for (let merged = true; merged;) {
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
  for (let removed = true; removed;) {
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
