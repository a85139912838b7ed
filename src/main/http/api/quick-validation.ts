import type { FastifySchemaCompiler, FastifySchemaValidationError } from 'fastify';
import type { FastifyRouteSchemaDef, FastifyValidationResult } from 'fastify/types/schema';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { NewPetSchema, PET_NAME_MAX, PET_STATUSES, type NewPet } from '../../../shared/pet';

/** What the zod validator compiler's functions return. */
type Checked = { value?: unknown; error?: Error | FastifySchemaValidationError[] };

/** Distinct accepted query strings kept per route; beyond this they are all checked again. */
const MAX_KEPT = 1_000;

/** Valid, nothing to change: the request keeps its part as it came (Fastify sets a part only from a `value`). */
const AS_SENT: Checked = {};

/**
 * The zod validator compiler for the busiest routes, with two shortcuts that answer exactly as zod
 * would. A route's query strings are checked once each: a list is asked for again and again with
 * the same few queries, and zod's parse was about 4 % of such a request; only accepted queries of
 * plain values are kept, frozen (every request shares them). Headers that name none of the
 * schema's (all optional) headers are valid as sent: zod would copy every header, and Fastify would
 * then copy them all again on each later read of `request.headers`. Anything else is checked, and
 * refused, as before. A new pet's body of the common shape (a name in printable ASCII, a category
 * id, perhaps a status) is checked by hand, to zod's very result (`newPetAsZodReadsIt`); any other
 * body goes to zod.
 */
export function quickValidatorCompiler<S>(route: FastifyRouteSchemaDef<S>): FastifyValidationResult {
  // The route's schema parts are zod's (every schema is), as the compiler expects.
  const validate = (validatorCompiler as FastifySchemaCompiler<S>)(route);
  if (route.httpPart === 'headers') return headersChecked(route.schema, validate);
  if (route.httpPart === 'body' && route.schema === NewPetSchema) {
    return (data: unknown) => {
      const pet = newPetAsZodReadsIt(data);
      return pet === undefined ? validate(data) : { value: pet };
    };
  }
  if (route.httpPart !== 'querystring') return validate;
  const kept = new Map<string, Checked>();
  return (data: unknown) => {
    const key = queryKey(data);
    const known = key === undefined ? undefined : kept.get(key);
    if (known !== undefined) return known;
    const result = validate(data) as Checked;
    if (key !== undefined && result.error === undefined && typeof result.value === 'object' && result.value !== null) {
      if (kept.size >= MAX_KEPT) kept.clear();
      kept.set(key, { value: Object.freeze(result.value) });
    }
    return result;
  };
}

function headersChecked(schema: unknown, validate: FastifyValidationResult): FastifyValidationResult {
  const names = optionalNames(schema);
  if (names === undefined) return validate;
  return (data: unknown) => {
    if (typeof data === 'object' && data !== null && !names.some((name) => name in data)) return AS_SENT;
    return validate(data);
  };
}

/** The names of a zod object's fields when every one may be absent (undefined in, undefined out); else undefined. */
function optionalNames(schema: unknown): string[] | undefined {
  if (!(schema instanceof z.ZodObject)) return undefined;
  const shape = schema.shape as Record<string, z.ZodType>;
  const names = Object.keys(shape);
  return names.every((name) => {
    const absent = shape[name]?.safeParse(undefined);
    return absent?.success === true && absent.data === undefined;
  })
    ? names
    : undefined;
}

/** The parsed query's names and values, each with its length (no separator to confuse), or undefined when a value is not one string. */
function queryKey(data: unknown): string | undefined {
  if (typeof data !== 'object' || data === null) return undefined;
  let key = '';
  for (const name in data) {
    const value: unknown = (data as Record<string, unknown>)[name];
    if (typeof value !== 'string') return undefined;
    key += `${name.length}:${name}${value.length}:${value}`;
  }
  return key;
}

const PRINTABLE_ASCII = /^[\x20-\x7e]*$/;
const STATUSES: readonly string[] = PET_STATUSES;

/**
 * What NewPetSchema makes of `data` when it is a new pet of the common shape, and undefined for
 * anything else, valid or not (zod then reads it, and words any refusal). The shape: only `name`,
 * `categoryId` and perhaps `status`; a name of printable ASCII alone, which after trimming its spaces
 * is 1 to PET_NAME_MAX characters (no control, surrogate or noncharacter can be among them, and the
 * first is visible); a positive safe integer; one of the statuses. The result has zod's fields in
 * zod's order. tests/unit/quick-validation.test.ts holds the two to the same answers.
 */
export function newPetAsZodReadsIt(data: unknown): NewPet | undefined {
  if (typeof data !== 'object' || data === null || Array.isArray(data)) return undefined;
  const { name, categoryId, status } = data as Record<string, unknown>;
  let fields = 0;
  for (const key in data) {
    if (key !== 'name' && key !== 'categoryId' && key !== 'status') return undefined;
    fields += 1;
  }
  if (typeof name !== 'string' || !PRINTABLE_ASCII.test(name)) return undefined;
  if (typeof categoryId !== 'number' || !Number.isSafeInteger(categoryId) || categoryId <= 0) return undefined;
  const trimmed = name.trim();
  if (trimmed.length === 0 || trimmed.length > PET_NAME_MAX) return undefined;
  if (status === undefined) return fields === 2 ? { name: trimmed, categoryId } : undefined;
  if (typeof status !== 'string' || !STATUSES.includes(status)) return undefined;
  return { name: trimmed, categoryId, status: status as NewPet['status'] };
}
