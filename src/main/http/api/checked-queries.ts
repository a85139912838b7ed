import type { FastifySchemaCompiler, FastifySchemaValidationError } from 'fastify';
import type { FastifyRouteSchemaDef, FastifyValidationResult } from 'fastify/types/schema';
import { validatorCompiler } from 'fastify-type-provider-zod';

/** What the zod validator compiler's functions return. */
type Checked = { value?: unknown; error?: Error | FastifySchemaValidationError[] };

/** Distinct accepted query strings kept per route; beyond this they are all checked again. */
const MAX_KEPT = 1_000;

/**
 * The zod validator compiler, except that a route's query strings are checked once each: a list is
 * asked for again and again with the same few queries, and zod's parse was about 4 % of such a
 * request. Only accepted queries of plain values are kept, frozen (every request shares them);
 * anything else is checked, and refused, as before.
 */
export function checkedOnceQueries<S>(route: FastifyRouteSchemaDef<S>): FastifyValidationResult {
  // The route's schema parts are zod's (every schema is), as the compiler expects.
  const validate = (validatorCompiler as FastifySchemaCompiler<S>)(route);
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
