import { z } from 'zod';
import { PUBLIC_ERROR_CODES } from './errors';
import { nameSchema } from './names';
import { DEPARTURE_WORDS, type Departure } from './outcomes';

export const PET_STATUSES = ['available', 'pending', 'sold'] as const;
export type PetStatus = (typeof PET_STATUSES)[number];

/** How every face names a status: the wire keeps the contract's `sold`, people read "adopted" (as the RescueGroups file does). */
export const PET_STATUS_WORDS: Record<PetStatus, string> = {
  available: 'available',
  pending: 'pending',
  sold: 'adopted',
};

/** A status as people read it: `sold` with a departure is how the animal left (died in care, transferred out…), never "adopted". */
export function statusWords(status: PetStatus, departure: Departure | null | undefined): string {
  return status === 'sold' && departure ? DEPARTURE_WORDS[departure] : PET_STATUS_WORDS[status];
}

const STATUS_FIELDS = new Set(['status', 'fromStatus', 'toStatus']);
/** The status field a row's `departure` belongs to: a pet's own, a history line's new one. */
const DEPARTED_FIELDS = new Set(['status', 'toStatus']);

/** A pet or history row for people: each status in words (`sold` → `adopted`, or how it left); machine output keeps the wire values. */
export function statusesInWords<T extends object>(row: T): T {
  const worded: Record<string, unknown> = { ...(row as Record<string, unknown>) };
  const departure = (row as { departure?: Departure | null }).departure;
  for (const [field, value] of Object.entries(row)) {
    if (STATUS_FIELDS.has(field) && typeof value === 'string' && value in PET_STATUS_WORDS)
      worded[field] = statusWords(value as PetStatus, DEPARTED_FIELDS.has(field) ? departure : null);
  }
  return worded as T;
}

/** A status as typed by a person: the wire values, and `adopted` for `sold`; undefined for anything else. */
export function petStatusOf(typed: string): PetStatus | undefined {
  const value = typed.trim().toLowerCase();
  if (value === PET_STATUS_WORDS.sold) return 'sold';
  return (PET_STATUSES as readonly string[]).includes(value) ? (value as PetStatus) : undefined;
}

export const PET_NAME_MAX = 200;
export const PAGE_LIMIT_MAX = 100;
export const PAGE_LIMIT_DEFAULT = 20;

export const PetStatusSchema = z
  .enum(PET_STATUSES, { error: `must be one of ${PET_STATUSES.join(', ')} (sold means adopted)` })
  .meta({
    id: 'PetStatus',
    description:
      'Availability status. `available`: looking for a home; `pending`: an adoption is under way; `sold`: adopted — the animal found a home.',
  });

export const PetNameSchema = nameSchema(PET_NAME_MAX).describe(
  `The animal's name: trimmed, 1 to ${PET_NAME_MAX} characters, no control characters, at least one visible character; otherwise stored exactly.`,
);

export const CategoryIdSchema = z
  .int({ error: 'must be an integer' })
  .positive({ error: 'must be a positive integer' })
  .describe('Identifier of the category the animal belongs to.');

export const NewPetSchema = z
  .strictObject(
    {
      name: PetNameSchema,
      categoryId: CategoryIdSchema.meta({ format: 'int64' }),
      status: PetStatusSchema.optional(),
    },
    {
      error: (issue) =>
        issue.code === 'unrecognized_keys' ? `has unknown field(s) ${issue.keys.join(', ')}` : 'must be a JSON object',
    },
  )
  .meta({ id: 'NewPet', description: 'An animal to add. `status` defaults to `available`.' });
export type NewPet = z.infer<typeof NewPetSchema>;

export const PetSchema = z
  .object({
    id: z.int().positive().meta({ format: 'int64', description: 'Unique identifier assigned on creation.' }),
    name: z.string().describe("The animal's name."),
    categoryId: z
      .int()
      .positive()
      .meta({ format: 'int64', description: 'Identifier of the category the animal belongs to.' }),
    status: PetStatusSchema,
  })
  .meta({ id: 'Pet' });
export type Pet = z.infer<typeof PetSchema>;

export const PetsSchema = z.array(PetSchema).meta({ id: 'Pets' });

const LIMIT_RULE = `must be an integer from 1 to ${PAGE_LIMIT_MAX}`;

export const ListPetsQuerySchema = z.object({
  // Plain decimal digits only: z.coerce alone would also take 0x10, 1e1, " 5" and 10.0.
  limit: z.preprocess(
    (raw) => (typeof raw === 'string' && !/^[0-9]+$/.test(raw) ? Number.NaN : raw),
    z.coerce
      .number({ error: LIMIT_RULE })
      .int({ error: LIMIT_RULE })
      .min(1, { error: LIMIT_RULE })
      .max(PAGE_LIMIT_MAX, { error: LIMIT_RULE })
      .default(PAGE_LIMIT_DEFAULT)
      .describe('Maximum number of animals returned.'),
  ),
  status: PetStatusSchema.optional().describe('Filters by availability status.'),
  cursor: z
    .string({ error: 'must be a single cursor value' })
    .max(200, { error: 'is not a cursor this server issued' })
    .optional()
    .describe('Opaque position of a later page, taken from the `Link: rel="next"` header of the previous page.'),
});
export type ListPetsQuery = z.infer<typeof ListPetsQuerySchema>;

const INT64_MAX = 9_223_372_036_854_775_807n;

/** int64 on the wire; ids beyond 2^53 cannot exist here, but are still well-formed ids. */
export const PetIdParamsSchema = z.object({
  petId: z
    .string()
    .refine((raw) => /^[1-9][0-9]{0,18}$/.test(raw) && BigInt(raw) <= INT64_MAX, {
      error: 'must be a positive 64-bit integer',
    })
    .meta({ type: 'integer', format: 'int64', minimum: 1, description: 'Identifier of the animal.' }),
});

export const ErrorBodySchema = z
  .object({
    code: z.enum(PUBLIC_ERROR_CODES as [string, ...string[]]).describe('Machine-readable error code.'),
    message: z.string().describe('Human-readable description of what is wrong and how to fix it.'),
    status: z.int().describe('The HTTP status code.'),
  })
  .meta({ id: 'Error' });
