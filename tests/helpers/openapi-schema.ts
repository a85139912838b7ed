import { Ajv, type ValidateFunction } from 'ajv';

type Schema = Record<string, unknown>;

/**
 * OpenAPI 3.0 schema objects are almost JSON Schema: turn the 3.0-only spellings (boolean
 * exclusiveMinimum/Maximum, nullable) into what Ajv 8 understands. Input must be dereferenced.
 */
export function toJsonSchema(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(toJsonSchema);
  if (typeof schema !== 'object' || schema === null) return schema;
  const out: Schema = {};
  for (const [key, value] of Object.entries(schema as Schema)) out[key] = toJsonSchema(value);
  for (const [exclusive, bound] of [
    ['exclusiveMinimum', 'minimum'],
    ['exclusiveMaximum', 'maximum'],
  ] as const) {
    if (out[exclusive] === true) {
      out[exclusive] = out[bound];
      delete out[bound];
    } else if (out[exclusive] === false) {
      delete out[exclusive];
    }
  }
  if (out.nullable === true && typeof out.type === 'string') out.type = [out.type, 'null'];
  delete out.nullable;
  return out;
}

export function schemaValidator(): (schema: unknown) => ValidateFunction {
  const ajv = new Ajv({ strict: false, allErrors: true });
  ajv.addFormat('int64', { type: 'number', validate: (value: number) => Number.isSafeInteger(value) });
  ajv.addFormat('int32', {
    type: 'number',
    validate: (value: number) => Number.isInteger(value) && Math.abs(value) < 2 ** 31,
  });
  return (schema) => ajv.compile(toJsonSchema(schema) as Schema);
}
