/**
 * Private, personal, secret: one mark on the schema field (docs/security.md). The mark is zod
 * metadata (`private: true`, `personal: true` or `secret: true`, which JSON Schema readers see too),
 * and everything that hides a field reads it from there: the published pet, the volunteer's view of
 * an answer, the audit trail's redaction and the privacy tests' seeds. A field marked tomorrow is
 * hidden everywhere without a second line.
 *
 * - private: the staff's only (a microchip, a kennel, internal and medical notes, the contract's terms);
 * - personal: people's details (names, phones, emails, addresses of adopters, fosters, finders, vets);
 * - secret: what opens something (passwords, API keys, invite codes, tokens).
 */
import type { z } from 'zod';

export const PRIVACY_MARKS = ['private', 'personal', 'secret'] as const;
export type PrivacyMark = (typeof PRIVACY_MARKS)[number];

/** Where each mark's description starts, so the window's and the OpenAPI readers' words say it too. */
const MARK_WORDS: Record<PrivacyMark, string> = {
  private: 'PRIVATE, never published.',
  personal: "PERSONAL, a person's details: never published, never shown to volunteers.",
  secret: 'SECRET, never kept in the audit trail.',
};

function marked<S extends z.ZodType>(mark: PrivacyMark, schema: S, description?: string): S {
  return schema.meta({
    [mark]: true,
    ...(description === undefined ? {} : { description: `${MARK_WORDS[mark]} ${description}` }),
  });
}

/** The staff's only: never published, never shown to a volunteer. */
export const privateField = <S extends z.ZodType>(schema: S, description?: string): S =>
  marked('private', schema, description);
/** A person's details: never published, never shown to a volunteer. */
export const personalField = <S extends z.ZodType>(schema: S, description?: string): S =>
  marked('personal', schema, description);
/** What opens something: never published, never shown to a volunteer, never kept in the audit trail. */
export const secretField = <S extends z.ZodType>(schema: S, description?: string): S =>
  marked('secret', schema, description);

/** The parts of a zod definition the walk reads (zod 4's `_zod.def`). */
interface Def {
  type: string;
  innerType?: z.ZodType;
  in?: z.ZodType;
  out?: z.ZodType;
  getter?: () => z.ZodType;
  shape?: Record<string, z.ZodType>;
  catchall?: z.ZodType;
  element?: z.ZodType;
  valueType?: z.ZodType;
  options?: readonly z.ZodType[];
  left?: z.ZodType;
  right?: z.ZodType;
  items?: readonly z.ZodType[];
}

const defOf = (schema: z.ZodType): Def => schema._zod.def as unknown as Def;

/** The schemas a wrapper stands for: optional, nullable, default, readonly, a pipe's two ends, a lazy's target. */
function wrapped(schema: z.ZodType): z.ZodType[] {
  const def = defOf(schema);
  if (def.innerType) return [def.innerType];
  if (def.type === 'pipe') return [def.in, def.out].filter((part): part is z.ZodType => part !== undefined);
  if (def.type === 'lazy' && def.getter) return [def.getter()];
  return [];
}

/** The field's mark, on it or on anything it wraps (`.optional()`, `.nullable()`, a transform); undefined for an unmarked field. */
export function markOf(schema: z.ZodType): PrivacyMark | undefined {
  const meta = schema.meta() as Partial<Record<PrivacyMark, unknown>> | undefined;
  const own = PRIVACY_MARKS.find((mark) => meta?.[mark] === true);
  if (own) return own;
  for (const inner of wrapped(schema)) {
    const found = markOf(inner);
    if (found) return found;
  }
  return undefined;
}

/** Left out of the walk's answer. */
const DROP = Symbol('drop');
/** What becomes of a marked field's value: itself, a replacement, or DROP. */
type OnMarked = (mark: PrivacyMark, value: unknown) => unknown;

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value) && !ArrayBuffer.isView(value);

/** An object's fields, each through its own schema (a field the schema does not describe is kept as it is). */
function walkFields(
  value: Record<string, unknown>,
  fieldOf: (key: string) => z.ZodType | undefined,
  onMarked: OnMarked,
): Record<string, unknown> {
  const kept: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    const field = fieldOf(key);
    const mark = field ? markOf(field) : undefined;
    const shown = field === undefined ? item : mark ? onMarked(mark, item) : walk(field, item, onMarked);
    if (shown !== DROP) kept[key] = shown;
  }
  return kept;
}

/** The schema and the value walked together: objects, records, arrays, tuples, wrappers, unions and intersections. */
function walk(schema: z.ZodType, value: unknown, onMarked: OnMarked): unknown {
  if (value === null || value === undefined) return value;
  const def = defOf(schema);
  const inner = wrapped(schema);
  if (inner.length > 0) return inner.reduce<unknown>((current, part) => walk(part, current, onMarked), value);
  if (def.type === 'object' && def.shape && isPlainObject(value)) {
    const { shape, catchall } = def;
    return walkFields(value, (key) => (Object.hasOwn(shape, key) ? shape[key] : catchall), onMarked);
  }
  if (def.type === 'record' && def.valueType && isPlainObject(value)) {
    const values = def.valueType;
    return walkFields(value, () => values, onMarked);
  }
  if (def.type === 'array' && def.element && Array.isArray(value)) {
    const element = def.element;
    return value.map((item: unknown) => walk(element, item, onMarked));
  }
  if (def.type === 'tuple' && def.items && Array.isArray(value)) {
    const items = def.items;
    return value.map((item: unknown, index) => (items[index] ? walk(items[index], item, onMarked) : item));
  }
  // A union or an intersection: a field any branch marks is hidden (the value may be either branch).
  const branches = def.type === 'union' ? def.options : def.type === 'intersection' ? [def.left, def.right] : undefined;
  if (branches)
    return branches.reduce<unknown>((current, branch) => (branch ? walk(branch, current, onMarked) : current), value);
  return value;
}

/**
 * The value with every field the schema marks with one of `hidden` left out: by default all three
 * marks, what a volunteer and anything published see. A mark is read on an object's (or a record's) field.
 */
export function cutByMarks<T>(schema: z.ZodType, value: T, hidden: readonly PrivacyMark[] = PRIVACY_MARKS): T {
  return walk(schema, value, (mark, item) => (hidden.includes(mark) ? DROP : item)) as T;
}

/** The value with every field the schema marks with one of `marks` replaced by what `replace` makes of its value. */
export function replaceMarked(
  schema: z.ZodType,
  value: unknown,
  marks: readonly PrivacyMark[],
  replace: (value: unknown) => unknown,
): unknown {
  return walk(schema, value, (mark, item) => (marks.includes(mark) ? replace(item) : item));
}

/** The object schema's fields with one of `marks` (all three by default): the names a privacy test seeds, a form leaves out. */
export function markedFields(schema: z.ZodType, marks: readonly PrivacyMark[] = PRIVACY_MARKS): string[] {
  const def = defOf(schema);
  const inner = wrapped(schema);
  if (inner.length > 0) return [...new Set(inner.flatMap((part) => markedFields(part, marks)))];
  if (def.type !== 'object' || !def.shape) return [];
  return Object.entries(def.shape)
    .filter(([, field]) => {
      const mark = markOf(field);
      return mark !== undefined && marks.includes(mark);
    })
    .map(([key]) => key);
}
