import type { FastifyInstance, FastifyReply, FastifyRequest, RequestPayload } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { API_BASE_PATH } from '../../../../shared/environments';
import { AppError } from '../../../../shared/errors';
import { IDEMPOTENCY_KEY_PATTERN, IDEMPOTENCY_KEY_RULE } from '../../../../shared/idempotency';
import {
  ListPetsQuerySchema,
  NewPetSchema,
  PetIdParamsSchema,
  PetSchema,
  PetsSchema,
  type Pet,
} from '../../../../shared/pet';
import type { Engine } from '../../../engine/engine';
import { absoluteUrl } from '../../request-host';
import { decodeCursor } from '../cursor';
import { PetPageCache } from '../pet-page-cache';
import type { RouteRules } from '../pipeline';
import { answer, CREATED_LOCATION, errorAnswers, NEXT_PAGE_LINK } from '../responses';
import { quickValidatorCompiler } from '../quick-validation';
import { DEPRECATION_HEADERS, GET_PET_SUNSET_AT, GET_PET_SUNSET_WORDS } from './get-pet-sunset';
import { PetCreateQueue } from '../../../pets/create-queue';
import { identifyCaller } from '../caller';

const KEY_REQUIRED: RouteRules = { requiresKey: true };

/** Loose: the other headers stay as they are (the schema documents and checks this one only). */
const IdempotencyHeaderSchema = z.looseObject({
  'idempotency-key': z.string().regex(IDEMPOTENCY_KEY_PATTERN, { error: IDEMPOTENCY_KEY_RULE }).optional().meta({
    description:
      'Makes a retried POST safe: any unique string (a UUID, say), the same for every retry of one creation.',
  }),
});

/** A body is read as sent: a compressed one is refused (RFC 9110 §15.5.16) rather than misread as bad JSON. */
function refuseContentEncoding(
  request: FastifyRequest,
  _reply: FastifyReply,
  payload: RequestPayload,
  done: (error?: Error | null, payload?: RequestPayload) => void,
): void {
  const encoding = request.headers['content-encoding'];
  if (encoding === undefined || encoding.trim().toLowerCase() === 'identity') return done(null, payload);
  done(
    new AppError(
      'unsupported_media_type',
      `Content-Encoding ${encoding} is not supported: send the JSON body uncompressed.`,
      { headers: { 'accept-encoding': 'identity' } },
    ),
  );
}
const KEY_REQUIRED_DEPRECATED: RouteRules = { requiresKey: true, deprecated: true };

/** A pet as PetSchema writes it, fields in its order: the text zod's serialiser makes of a Pet. */
export function petJson(pet: Pet): string {
  return `{"id":${pet.id},"name":${JSON.stringify(pet.name)},"categoryId":${pet.categoryId},"status":${JSON.stringify(pet.status)}}`;
}

/**
 * A creation's 201: the pet the store made from a body zod had checked (or the one a replay kept,
 * made the same way), sent as PetSchema's text. A string with a JSON type is written as it is:
 * Fastify looks up no serializer and runs no preSerialization step (zod reading the pet again was
 * 2–3 % of a creation's CPU, the lookup another 1 %).
 */
function sendCreated(request: FastifyRequest, reply: FastifyReply, pet: Pet): FastifyReply {
  return reply
    .code(201)
    .header('location', absoluteUrl(request, `${API_BASE_PATH}/pets/${pet.id}`))
    .type(JSON_TYPE)
    .send(petJson(pet));
}

const JSON_TYPE = 'application/json; charset=utf-8';

export function registerPetRoutes(app: FastifyInstance, engine: Engine): void {
  const { pets } = engine.services;
  const pages = new PetPageCache(pets, engine.changes);
  const creations = new PetCreateQueue(pets);
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    `${API_BASE_PATH}/pets`,
    {
      config: KEY_REQUIRED,
      validatorCompiler: quickValidatorCompiler,
      schema: {
        operationId: 'listPets',
        summary: 'List all animals',
        description:
          'Pets in id order: the animals available, pending or adopted (an animal that left care otherwise is not listed). A later page is announced by a `Link: <…>; rel="next"` header.',
        tags: ['animals'],
        querystring: ListPetsQuerySchema,
        response: {
          200: answer(PetsSchema, 'The page, in id order.', NEXT_PAGE_LINK),
          ...errorAnswers([400, 401, 405, 429]),
        },
      },
    },
    // Not async: the page is at hand, and a promise per request costs a turn of the microtask queue.
    (request, reply) => {
      const { limit, status, cursor } = request.query;
      const page = pages.get({ limit, status, afterId: cursor === undefined ? undefined : decodeCursor(cursor) });
      if (page.nextPath !== null) reply.header('link', `<${absoluteUrl(request, page.nextPath)}>; rel="next"`);
      // Already serialised (and checked against PetsSchema) when the page was cached; text with its
      // JSON type is written as it is, without the route's serializer.
      reply.type(JSON_TYPE).send(page.body as never);
    },
  );

  api.post(
    `${API_BASE_PATH}/pets`,
    {
      config: KEY_REQUIRED,
      preParsing: refuseContentEncoding,
      validatorCompiler: quickValidatorCompiler,
      schema: {
        operationId: 'createPet',
        summary: 'Add an animal',
        tags: ['animals'],
        description:
          'An optional `Idempotency-Key` (an extension of ours) makes a retry safe: the same key and body from the same account within 24 hours answer the first 201 again, with `Idempotent-Replayed: true`, instead of creating a second pet; the same key with another body is refused (422).',
        headers: IdempotencyHeaderSchema,
        body: NewPetSchema,
        response: {
          201: answer(PetSchema, 'Created; `Location` names the new pet.', CREATED_LOCATION),
          ...errorAnswers([400, 401, 405, 408, 413, 415, 422, 429, 503, 507]),
        },
      },
    },
    async (request, reply) => {
      const key = request.headers['idempotency-key'];
      if (key === undefined) {
        return sendCreated(request, reply, await creations.create(request.body));
      }
      // The pipeline let a valid key through; only a request with the header pays for finding its account again (cached).
      const caller = identifyCaller(engine, request.headers.authorization, request.ip);
      if (caller.kind !== 'key') throw new AppError('unauthorized', caller.refusal);
      const { pet, replayed } = await pets.idempotent.create(caller.accountId, key, request.body, () =>
        creations.create(request.body),
      );
      if (replayed) reply.header('idempotent-replayed', 'true');
      return sendCreated(request, reply, pet);
    },
  );

  api.get(
    `${API_BASE_PATH}/pets/:petId`,
    {
      config: KEY_REQUIRED_DEPRECATED,
      schema: {
        operationId: 'getPet',
        summary: 'Get an animal (deprecated)',
        description: `Deprecated; removed on ${GET_PET_SUNSET_WORDS} (\`Sunset\` header), after which it answers 410 \`gone\`. Use \`GET /pets\` with a \`status\` filter instead.`,
        deprecated: true,
        tags: ['animals'],
        params: PetIdParamsSchema,
        response: {
          200: answer(PetSchema, 'The animal.', DEPRECATION_HEADERS),
          ...errorAnswers([400, 401, 404, 405, 410, 429], DEPRECATION_HEADERS),
        },
      },
    },
    async (request) => {
      if (engine.clock.now() >= GET_PET_SUNSET_AT) {
        throw new AppError(
          'gone',
          `GET /pets/{petId} was removed on ${GET_PET_SUNSET_WORDS}; use GET /pets with a status filter.`,
        );
      }
      const id = Number(request.params.petId);
      // An animal that left care other than by adoption is not listed: `sold` would say it found a home.
      const pet = Number.isSafeInteger(id) ? pets.listed(id) : undefined;
      if (!pet) throw new AppError('not_found', `Pet ${request.params.petId} does not exist.`);
      return pet;
    },
  );
}
