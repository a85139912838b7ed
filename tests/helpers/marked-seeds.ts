/** For the privacy tests: a value for every field a schema marks, each one a marker found nowhere else, so a new marked field is seeded and looked for without a line of its own. */
import type { z } from 'zod';
import { markedFields } from '../../src/shared/privacy';

export interface MarkedSeeds {
  /** What to save: each marked field with a marker value its schema takes. */
  values: Record<string, unknown>;
  /** The texts that must appear in nothing published or exported. */
  markers: string[];
}

/** An object schema's fields, through .partial(), refinements and the like; undefined for anything else. */
function shapeOf(schema: z.ZodType): Record<string, z.ZodType> | undefined {
  const def = schema._zod.def as unknown as {
    shape?: Record<string, z.ZodType>;
    innerType?: z.ZodType;
    in?: z.ZodType;
  };
  if (def.shape) return def.shape;
  const inner = def.innerType ?? def.in;
  return inner ? shapeOf(inner) : undefined;
}

/** The field's schema inside an object schema. */
function fieldSchema(schema: z.ZodType, field: string): z.ZodType {
  const found = shapeOf(schema)?.[field];
  if (!found) throw new Error(`no field ${field}`);
  return found;
}

/** Seeds every marked field of `schema`; `tag` (a few letters) keeps two schemas' markers apart. A field none of the shapes tried fits is named, to be given a shape here. */
export function markedSeeds(schema: z.ZodType, tag: string, index = 0): MarkedSeeds {
  const values: Record<string, unknown> = {};
  const markers: string[] = [];
  markedFields(schema).forEach((field, position) => {
    // Short (a postcode takes 20 characters), letters and digits only (a microchip takes nothing else).
    const word = `Qzvx${tag}${position}w${index}`;
    const digits = `770090${String(100 + index * 10 + position).padStart(4, '0')}`;
    const candidates: [unknown, string][] = [
      [word, word],
      [`${word.toLowerCase()}@marker.example`, word.toLowerCase()],
      [`+44 ${digits}`, digits],
      [[`+44 ${digits}`], digits],
      [[word], word],
    ];
    const fits = candidates.find(([value]) => fieldSchema(schema, field).safeParse(value).success);
    if (!fits)
      throw new Error(
        `${tag}.${field} is marked but takes none of the seeds tried: give tests/helpers/marked-seeds.ts a shape for it`,
      );
    values[field] = fits[0];
    markers.push(fits[1]);
  });
  // An unmarked object whose own fields are marked (a report's contact): those are seeded inside it.
  for (const field of Object.keys(shapeOf(schema) ?? {}).filter((name) => !(name in values))) {
    const inner = fieldSchema(schema, field);
    const nested = markedSeeds(inner, `${tag}${field.slice(0, 2)}`, index);
    if (Object.keys(nested.values).length > 0 && inner.safeParse(nested.values).success) {
      values[field] = nested.values;
      markers.push(...nested.markers);
    }
  }
  return { values, markers };
}
