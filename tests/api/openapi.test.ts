import SwaggerParser from '@apidevtools/swagger-parser';
import type { OpenAPIV3 } from 'openapi-types';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { answer, errorAnswers } from '../../src/main/http/api/responses';
import { PUBLIC_ERROR_CODES } from '../../src/shared/errors';
import { startTestServer, type TestServer } from '../helpers/api-server';
import { bearer, jsonHeaders } from '../helpers/http';
import { schemaValidator } from '../helpers/openapi-schema';

let server: TestServer;
let raw: OpenAPIV3.Document;
let resolved: OpenAPIV3.Document;
const compile = schemaValidator();

beforeAll(async () => {
  server = await startTestServer();
  const response = await fetch(`${server.baseUrl}/openapi.json`);
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toMatch(/^application\/json/);
  raw = (await response.json()) as OpenAPIV3.Document;
  resolved = (await SwaggerParser.dereference(structuredClone(raw))) as OpenAPIV3.Document;
});

afterAll(async () => {
  await server?.stop();
});

function operation(path: string, method: 'get' | 'post'): OpenAPIV3.OperationObject {
  const found = resolved.paths[path]?.[method];
  if (!found) throw new Error(`${method.toUpperCase()} ${path} is not documented`);
  return found;
}

function responseSchema(path: string, method: 'get' | 'post', status: number): unknown {
  const response = operation(path, method).responses[String(status)] as OpenAPIV3.ResponseObject | undefined;
  const schema = response?.content?.['application/json']?.schema;
  if (!schema) throw new Error(`${method.toUpperCase()} ${path} documents no JSON body for ${status}`);
  return schema;
}

/** Asserts the real response matches the schema the document gives for its status. */
async function expectDocumented(
  response: Response,
  path: string,
  method: 'get' | 'post',
  status: number,
): Promise<void> {
  expect(response.status).toBe(status);
  const body: unknown = await response.json();
  const validate = compile(responseSchema(path, method, status));
  expect(validate(body), JSON.stringify(validate.errors)).toBe(true);
}

describe('GET /v1/openapi.json', () => {
  it('is served without a key and is a valid OpenAPI 3.0.3 document', async () => {
    expect(raw.openapi).toBe('3.0.3');
    await expect(SwaggerParser.validate(structuredClone(raw) as never)).resolves.toBeTruthy();
    expect(raw.info.version).toBe('1.0.0');
  });

  it('describes exactly the three operations, tagged animals', () => {
    const operations = Object.entries(raw.paths).flatMap(([path, item]) =>
      Object.entries(item ?? {})
        .filter(([method]) => ['get', 'post', 'put', 'patch', 'delete', 'head', 'options'].includes(method))
        .map(([method, op]) => [
          path,
          method,
          (op as OpenAPIV3.OperationObject).operationId,
          (op as OpenAPIV3.OperationObject).tags,
        ]),
    );
    expect(operations).toEqual([
      ['/pets', 'get', 'listPets', ['animals']],
      ['/pets', 'post', 'createPet', ['animals']],
      ['/pets/{petId}', 'get', 'getPet', ['animals']],
    ]);
    expect(raw.tags?.map((tag) => tag.name)).toContain('animals');
  });

  it('marks getPet deprecated, and only getPet', () => {
    expect(operation('/pets/{petId}', 'get').deprecated).toBe(true);
    expect(operation('/pets', 'get').deprecated).toBeFalsy();
    expect(operation('/pets', 'post').deprecated).toBeFalsy();
  });

  it('secures every operation with the bearerAuth HTTP bearer scheme', () => {
    expect(raw.components?.securitySchemes?.bearerAuth).toMatchObject({ type: 'http', scheme: 'bearer' });
    for (const [path, method] of [
      ['/pets', 'get'],
      ['/pets', 'post'],
      ['/pets/{petId}', 'get'],
    ] as const) {
      const security = operation(path, method).security ?? raw.security;
      expect(security, `${method} ${path}`).toEqual([{ bearerAuth: [] }]);
    }
  });

  it('names two servers, production and staging, both ending in /v1', () => {
    expect(raw.servers).toHaveLength(2);
    for (const entry of raw.servers ?? []) expect(entry.url).toMatch(/\/v1$/);
    const production = raw.servers?.[0];
    const url = (production?.url ?? '').replace(
      /\{(\w+)\}/g,
      (_, name: string) => production?.variables?.[name]?.default ?? '',
    );
    expect(url).toBe(server.baseUrl);
  });

  it("documents the contract's error codes in the Error schema", () => {
    const error = raw.components?.schemas?.Error as OpenAPIV3.SchemaObject;
    expect(error.required?.sort()).toEqual(['code', 'message', 'status']);
    const codes = (error.properties?.code as OpenAPIV3.SchemaObject).enum;
    for (const code of [
      'validation_failed',
      'unsupported_media_type',
      'payload_too_large',
      'unauthorized',
      'not_found',
      'method_not_allowed',
      'request_timeout',
      'gone',
      'rate_limited',
      'api_key_banned',
      'internal_error',
      'service_unavailable',
      'insufficient_storage',
    ]) {
      expect(codes).toContain(code);
    }
    expect([...(codes ?? [])].sort()).toEqual([...PUBLIC_ERROR_CODES].sort());
  });

  it('documents the request rules the server enforces', () => {
    const list = operation('/pets', 'get').parameters as OpenAPIV3.ParameterObject[];
    const limit = list.find((parameter) => parameter.name === 'limit')?.schema as OpenAPIV3.SchemaObject;
    expect(limit).toMatchObject({ type: 'integer', minimum: 1, maximum: 100, default: 20 });
    expect(list.map((parameter) => parameter.name).sort()).toEqual(['cursor', 'limit', 'status']);
    const body = (operation('/pets', 'post').requestBody as OpenAPIV3.RequestBodyObject).content['application/json']
      ?.schema as OpenAPIV3.SchemaObject;
    expect(body.required?.sort()).toEqual(['categoryId', 'name']);
    expect(body.additionalProperties).toBe(false);
    expect(body.properties?.name).toMatchObject({ type: 'string', minLength: 1, maxLength: 200 });
    const petId = (operation('/pets/{petId}', 'get').parameters as OpenAPIV3.ParameterObject[])[0];
    expect(petId).toMatchObject({
      name: 'petId',
      in: 'path',
      required: true,
      schema: { type: 'integer', format: 'int64' },
    });
  });
});

describe('documented response headers', () => {
  it('every response documents the rate-limit headers, and the headers each status really sends', () => {
    for (const [path, method] of [
      ['/pets', 'get'],
      ['/pets', 'post'],
      ['/pets/{petId}', 'get'],
    ] as const) {
      for (const [status, response] of Object.entries(operation(path, method).responses) as [
        string,
        OpenAPIV3.ResponseObject,
      ][]) {
        const names = Object.keys(response.headers ?? {});
        expect(names, `${method} ${path} ${status}`).toEqual(
          expect.arrayContaining([
            'X-RateLimit-Limit',
            'X-RateLimit-Remaining',
            'X-RateLimit-Reset',
            'RateLimit-Policy',
            'RateLimit',
          ]),
        );
        if (status === '429') expect(names).toContain('Retry-After');
        if (status === '401') expect(names).toContain('WWW-Authenticate');
      }
    }
    expect(
      Object.keys((operation('/pets', 'get').responses['200'] as OpenAPIV3.ResponseObject).headers ?? {}),
    ).toContain('Link');
    expect(
      Object.keys((operation('/pets', 'post').responses['201'] as OpenAPIV3.ResponseObject).headers ?? {}),
    ).toContain('Location');
    expect(
      Object.keys((operation('/pets/{petId}', 'get').responses['200'] as OpenAPIV3.ResponseObject).headers ?? {}),
    ).toEqual(expect.arrayContaining(['Deprecation', 'Sunset', 'Link']));
  });

  it('every documented response declares its headers in the route that answers it: a new route brings its own', async () => {
    const probe = await startTestServer({
      extend: (app) => {
        app.get(
          '/v1/probe',
          {
            schema: {
              operationId: 'probe',
              tags: ['animals'],
              response: {
                200: answer(z.object({ ok: z.boolean() }), 'A probe.', {
                  'X-Probe': { type: 'string', description: 'Declared by the route.' },
                }),
                ...errorAnswers([429]),
              },
            },
          },
          async () => ({ ok: true }),
        );
      },
    });
    try {
      const document = (await (await fetch(`${probe.baseUrl}/openapi.json`)).json()) as OpenAPIV3.Document;
      const responses = document.paths['/probe']?.get?.responses ?? {};
      const headersOf = (status: string) =>
        Object.keys((responses[status] as OpenAPIV3.ResponseObject | undefined)?.headers ?? {});
      expect(headersOf('200')).toEqual([
        'X-RateLimit-Limit',
        'X-RateLimit-Remaining',
        'X-RateLimit-Reset',
        'RateLimit-Policy',
        'RateLimit',
        'X-Probe',
      ]);
      expect(headersOf('429')).toContain('Retry-After');
      expect(headersOf('429')).not.toContain('X-Probe');
      expect((responses['200'] as OpenAPIV3.ResponseObject).headers?.['X-Probe']).toEqual({
        description: 'Declared by the route.',
        schema: { type: 'string' },
      });
    } finally {
      await probe.stop();
    }
  });

  it('the headers real responses carry are the documented ones, status by status', async () => {
    const h = bearer(server.key);
    for (const name of ['Header one', 'Header two']) {
      await fetch(`${server.baseUrl}/pets`, {
        method: 'POST',
        headers: jsonHeaders(server.key),
        body: JSON.stringify({ name, categoryId: 1 }),
      });
    }
    const tight = server.engine.services.accounts.create({
      name: 'tight',
      planId: 'enterprise',
      perMinute: 1,
      perDay: 10,
    });
    const tightKey = server.engine.services.keys.create({ accountId: tight.id }).key;
    await (await fetch(`${server.baseUrl}/pets?limit=1`, { headers: bearer(tightKey) })).arrayBuffer();
    const created = await fetch(`${server.baseUrl}/pets`, {
      method: 'POST',
      headers: jsonHeaders(server.key),
      body: JSON.stringify({ name: 'Documented', categoryId: 2 }),
    });
    const cases: [string, 'get' | 'post', Response][] = [
      ['/pets', 'get', await fetch(`${server.baseUrl}/pets?limit=1`, { headers: h })],
      ['/pets', 'get', await fetch(`${server.baseUrl}/pets?limit=0`, { headers: h })],
      ['/pets', 'get', await fetch(`${server.baseUrl}/pets`)],
      ['/pets', 'get', await fetch(`${server.baseUrl}/pets`, { method: 'DELETE', headers: h })],
      ['/pets', 'get', await fetch(`${server.baseUrl}/pets?limit=1`, { headers: bearer(tightKey) })],
      ['/pets', 'post', created],
      [
        '/pets',
        'post',
        await fetch(`${server.baseUrl}/pets`, {
          method: 'POST',
          headers: { ...h, 'content-type': 'text/plain' },
          body: 'x',
        }),
      ],
      ['/pets/{petId}', 'get', await fetch(created.headers.get('location') ?? '', { headers: h })],
      ['/pets/{petId}', 'get', await fetch(`${server.baseUrl}/pets/987654`, { headers: h })],
      ['/pets/{petId}', 'get', await fetch(`${server.baseUrl}/pets/abc`, { headers: h })],
      ['/pets/{petId}', 'get', await fetch(`${server.baseUrl}/pets/1`)],
    ];
    for (const [path, method, response] of cases) {
      await response.arrayBuffer();
      const documented = operation(path, method).responses[String(response.status)] as
        OpenAPIV3.ResponseObject | undefined;
      expect(documented, `${method} ${path} documents ${response.status}`).toBeDefined();
      for (const name of Object.keys(documented?.headers ?? {}))
        expect(response.headers.has(name), `${method} ${path} ${response.status}: ${name}`).toBe(true);
    }
  });
});

describe('the document matches what the server really returns', () => {
  it('listPets 200, createPet 201 and getPet 200', async () => {
    const created = await fetch(`${server.baseUrl}/pets`, {
      method: 'POST',
      headers: jsonHeaders(server.key),
      body: JSON.stringify({ name: 'Schema 🐢', categoryId: 3, status: 'sold' }),
    });
    const location = created.headers.get('location') ?? '';
    await expectDocumented(created, '/pets', 'post', 201);
    await expectDocumented(await fetch(`${server.baseUrl}/pets`, { headers: bearer(server.key) }), '/pets', 'get', 200);
    await expectDocumented(await fetch(location, { headers: bearer(server.key) }), '/pets/{petId}', 'get', 200);
  });

  it('the documented 200 schema rejects what the server must not return', () => {
    const validate = compile(responseSchema('/pets/{petId}', 'get', 200));
    expect(validate({ id: 1, name: 'A', categoryId: 1, status: 'available' })).toBe(true);
    expect(validate({ id: 0, name: 'A', categoryId: 1, status: 'available' })).toBe(false);
    expect(validate({ id: 1, name: 'A', categoryId: 1, status: 'adopted' })).toBe(false);
    expect(validate({ id: 1, name: 'A', categoryId: 1, status: 'available', createdAt: 1 })).toBe(false);
  });

  it('error bodies: 400, 401, 404, 413, 415 and 410 as documented', async () => {
    const h = bearer(server.key);
    await expectDocumented(await fetch(`${server.baseUrl}/pets?limit=0`, { headers: h }), '/pets', 'get', 400);
    await expectDocumented(await fetch(`${server.baseUrl}/pets`), '/pets', 'get', 401);
    await expectDocumented(
      await fetch(`${server.baseUrl}/pets`, { method: 'POST', headers: jsonHeaders(server.key), body: '{}' }),
      '/pets',
      'post',
      400,
    );
    await expectDocumented(
      await fetch(`${server.baseUrl}/pets`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'A', categoryId: 1 }),
      }),
      '/pets',
      'post',
      401,
    );
    await expectDocumented(
      await fetch(`${server.baseUrl}/pets`, {
        method: 'POST',
        headers: { ...h, 'content-type': 'text/plain' },
        body: 'x',
      }),
      '/pets',
      'post',
      415,
    );
    await expectDocumented(
      await fetch(`${server.baseUrl}/pets`, {
        method: 'POST',
        headers: jsonHeaders(server.key),
        body: JSON.stringify({ name: 'x'.repeat(1_100_000), categoryId: 1 }),
      }),
      '/pets',
      'post',
      413,
    );
    await expectDocumented(await fetch(`${server.baseUrl}/pets/abc`, { headers: h }), '/pets/{petId}', 'get', 400);
    await expectDocumented(await fetch(`${server.baseUrl}/pets/1`), '/pets/{petId}', 'get', 401);
    await expectDocumented(await fetch(`${server.baseUrl}/pets/987654`, { headers: h }), '/pets/{petId}', 'get', 404);
    const now = server.clock.now();
    server.clock.set(Date.UTC(2031, 0, 1));
    try {
      await expectDocumented(await fetch(`${server.baseUrl}/pets/1`, { headers: h }), '/pets/{petId}', 'get', 410);
    } finally {
      server.clock.set(now);
    }
  });

  it('405 bodies match the Error schema', async () => {
    const response = await fetch(`${server.baseUrl}/pets`, { method: 'DELETE', headers: bearer(server.key) });
    expect(response.status).toBe(405);
    const validate = compile(resolved.components?.schemas?.Error);
    expect(validate(await response.json()), JSON.stringify(validate.errors)).toBe(true);
  });
});
