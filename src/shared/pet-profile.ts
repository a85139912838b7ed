/**
 * A pet's profile: what staff record about an animal beyond the public API's Pet (name, category,
 * status). Every field is optional. Three fields are PRIVATE (microchip number, kennel location,
 * internal notes): they are marked private on the schema field (shared/privacy.ts) and never leave
 * the shelter — anything published (the adoption site, feeds, portal exports) goes through
 * `publicProfile`, which drops every marked field.
 */
import { z } from 'zod';
import { nameSchema } from './names';
import { DEPARTURES } from './outcomes';
import { PetSchema } from './pet';
import { cutByMarks, markedFields, privateField } from './privacy';
import type { Species } from './species';

export const PET_SEXES = ['female', 'male', 'unknown'] as const;
export const PET_SIZES = ['small', 'medium', 'large', 'xlarge'] as const;
/** Petfinder's coat lengths, which RescueGroups' coatLength maps onto. */
export const PET_COATS = ['hairless', 'short', 'medium', 'long', 'wire', 'curly'] as const;
export const GOOD_WITH = ['yes', 'no', 'unknown'] as const;
export const AGE_GROUPS = ['baby', 'young', 'adult', 'senior'] as const;

export type PetSex = (typeof PET_SEXES)[number];
export type PetSize = (typeof PET_SIZES)[number];
export type PetCoat = (typeof PET_COATS)[number];
export type GoodWith = (typeof GOOD_WITH)[number];
export type AgeGroup = (typeof AGE_GROUPS)[number];

export const DESCRIPTION_MAX = 5_000;
/**
 * `1,000,000`: a whole number as en-US writes it, for the messages these schemas are built with. Not
 * toLocaleString: that, run as the server starts, keeps MiB of ICU's locale data resident for good.
 */
function withThousands(whole: number): string {
  return String(whole).replace(/\B(?=(\d{3})+$)/g, ',');
}

export const ADOPTION_FEE_MAX = 1_000_000;

const oneOf = <const T extends readonly [string, ...string[]]>(values: T) =>
  z.enum(values, { error: `must be one of ${values.join(', ')}` });

/** Controls (C0, DEL, C1) but the line feed, and the Unicode line and paragraph separators. */
const CONTROL_BUT_NEWLINE = /(?!\n)[\p{Cc}\p{Zl}\p{Zp}]/u;
const LONE_SURROGATE = /\p{Cs}/u;

/** Plain text with paragraphs: line ends become \n, no other control character, no markup is interpreted anywhere. */
export function paragraphsSchema(max: number) {
  return z
    .string({ error: 'must be a string' })
    .transform((text) => text.replace(/\r\n?/g, '\n').trim())
    .refine((text) => text.length > 0, {
      error: 'must not be empty (leave it unset instead)',
      params: { reason: 'text_empty' },
      abort: true,
    })
    .refine((text) => !CONTROL_BUT_NEWLINE.test(text), {
      error: 'must not contain control characters (line breaks are fine)',
      params: { reason: 'text_control' },
      abort: true,
    })
    .refine((text) => !LONE_SURROGATE.test(text), {
      error: 'must be valid Unicode text',
      params: { reason: 'text_not_unicode' },
      abort: true,
    })
    .refine((text) => text.length <= max, {
      error: `must be at most ${withThousands(max)} characters`,
      params: { reason: 'text_too_long', max },
    });
}

const line = (max: number) => nameSchema(max);

function isRealDate(year: number, month: number, day: number): boolean {
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** A calendar date, YYYY-MM-DD. */
const DateSchema = z
  .string({ error: 'must be a date, YYYY-MM-DD' })
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'must be a date, YYYY-MM-DD', abort: true })
  .refine((text) => isRealDate(Number(text.slice(0, 4)), Number(text.slice(5, 7)), Number(text.slice(8, 10))), {
    error: 'must be a real date, YYYY-MM-DD',
    params: { reason: 'date_not_real' },
  })
  .refine((text) => text >= '1900-01-01', { error: 'must be 1900 or later', params: { reason: 'date_before_1900' } });

const BIRTH_RULE = 'must be a date (YYYY-MM-DD), or an estimate: a month (YYYY-MM) or a year (YYYY)';

/** The calendar day of `ms` where the face runs (its local date), YYYY-MM-DD. */
export function localDay(ms: number): string {
  const date = new Date(ms);
  return `${String(date.getFullYear()).padStart(4, '0')}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;
}

/** True when the birth date (or the start of the month or year an estimate names) lies after `today` (YYYY-MM-DD). */
export function isFutureBirthDate(birthDate: string, today: string): boolean {
  const start = birthDate.length === 4 ? `${birthDate}-01-01` : birthDate.length === 7 ? `${birthDate}-01` : birthDate;
  return start > today;
}

const birthDateFutureRule = (today: string) =>
  `must not be after today (${today}): an animal is born before it arrives`;

/**
 * A known birth date (YYYY-MM-DD) or an estimate to the month (YYYY-MM) or the year (YYYY), not after
 * today. Today is the real day where the face runs, never the quota lab's clock: a birth is a real-world fact.
 */
const BirthDateSchema = z
  .string({ error: BIRTH_RULE })
  .regex(/^\d{4}(-\d{2}(-\d{2})?)?$/, { error: BIRTH_RULE, abort: true })
  .refine(
    (text) => {
      const [year = 0, month = 1, day = 1] = text.split('-').map(Number);
      return year >= 1900 && isRealDate(year, month, day);
    },
    { error: BIRTH_RULE, params: { reason: 'birth_date_unreadable' }, abort: true },
  )
  .superRefine((text, context) => {
    const today = localDay(Date.now());
    if (isFutureBirthDate(text, today))
      context.addIssue({
        code: 'custom',
        message: birthDateFutureRule(today),
        params: { reason: 'birth_date_future', today },
      });
  });

/** Whole money with at most two decimals (cents); the currency is the shelter's (ShelterProfile.currency). */
const FeeSchema = z
  .number({ error: 'must be an amount, e.g. 150 or 85.50' })
  .min(0, { error: 'must be 0 or more' })
  .max(ADOPTION_FEE_MAX, { error: `must be at most ${withThousands(ADOPTION_FEE_MAX)}` })
  .refine((amount) => Math.abs(Math.round(amount * 100) - amount * 100) < 1e-6, {
    error: 'must have at most two decimals (cents): it is never rounded',
    params: { reason: 'fee_decimals' },
  });

export const MICROCHIP_MAX = 40;
export const MICROCHIP_RULE = `must be 1 to ${MICROCHIP_MAX} letters and digits, with no spaces, hyphens or dots (e.g. 985141000123456)`;
const MICROCHIP = new RegExp(`^[A-Za-z0-9]{1,${MICROCHIP_MAX}}$`);

/** Letters and digits only, as the chip reader shows them: a separator would make one chip two numbers to a search. */
export const MicrochipSchema = z
  .string({ error: 'must be a string' })
  .trim()
  .refine((text) => MICROCHIP.test(text), {
    error: MICROCHIP_RULE,
    params: { reason: 'microchip_characters', max: MICROCHIP_MAX },
  });

/** The fields anything published may show. */
const publicFields = {
  breedPrimary: line(100).describe('Primary breed, e.g. "Labrador Retriever".'),
  breedSecondary: line(100).describe('Secondary breed of a cross.'),
  breedMixed: z
    .boolean({ error: 'must be true or false' })
    .describe('A mix (of the breeds given, or of unknown ones).'),
  sex: oneOf(PET_SEXES),
  birthDate: BirthDateSchema.describe('Known birth date, or an estimate to the month or year; gives the age group.'),
  size: oneOf(PET_SIZES).describe('Expected adult size.'),
  color: line(100).describe('Colour(s), e.g. "black and white".'),
  coat: oneOf(PET_COATS).describe('Coat length.'),
  description: paragraphsSchema(DESCRIPTION_MAX).describe('Plain text; paragraphs separated by blank lines.'),
  goodWithKids: oneOf(GOOD_WITH),
  goodWithDogs: oneOf(GOOD_WITH),
  goodWithCats: oneOf(GOOD_WITH),
  houseTrained: z.boolean({ error: 'must be true or false' }),
  spayedNeutered: z.boolean({ error: 'must be true or false' }),
  specialNeeds: paragraphsSchema(1_000).describe('Medical or behavioural needs an adopter must know.'),
  intakeDate: DateSchema.describe('The day the animal came in.'),
  adoptionFee: FeeSchema.describe("Amount in the shelter's currency."),
};

/** The fields that stay with the shelter (its staff views and its own backup export): apart for the types, hidden by their mark. */
const privateFields = {
  microchipNumber: privateField(MicrochipSchema, 'Microchip (transponder) number.'),
  kennelLocation: privateField(line(100), 'Where the animal is housed, e.g. "Kennel B4".'),
  internalNotes: privateField(paragraphsSchema(DESCRIPTION_MAX), 'Staff notes.'),
};

const profileFields = { ...publicFields, ...privateFields };

export type PetProfileField = keyof typeof profileFields;
export const PET_PROFILE_FIELDS = Object.keys(profileFields) as PetProfileField[];

const unknownFields = {
  error: (issue: z.core.$ZodRawIssue) =>
    issue.code === 'unrecognized_keys'
      ? `has unknown field(s) ${(issue as { keys: string[] }).keys.join(', ')}`
      : 'must be an object',
};

const optionalShape = <T extends Record<string, z.ZodType>>(fields: T) =>
  Object.fromEntries(Object.entries(fields).map(([key, schema]) => [key, schema.optional()])) as {
    [K in keyof T]: z.ZodOptional<T[K]>;
  };

/**
 * A whole profile: any field may be absent (not recorded). No registry `id` on these schemas:
 * the public API's OpenAPI generator lists every schema with one among its components.
 */
export const PetProfileSchema = z.strictObject(optionalShape(profileFields), unknownFields);
export type PetProfile = z.infer<typeof PetProfileSchema>;

/** What may be published: the profile without its private fields. */
export const PublicPetProfileSchema = z.strictObject(optionalShape(publicFields), unknownFields);
export type PublicPetProfile = z.infer<typeof PublicPetProfileSchema>;

/** A change: a field given sets it, `null` clears it, an absent field stays as it is. */
export const PetProfileChangeSchema = z.strictObject(
  Object.fromEntries(Object.entries(profileFields).map(([key, schema]) => [key, schema.nullable().optional()])) as {
    [K in PetProfileField]: z.ZodOptional<z.ZodNullable<(typeof profileFields)[K]>>;
  },
  unknownFields,
);
export type PetProfileChange = z.input<typeof PetProfileChangeSchema>;

/** The fields marked private, personal or secret: what nothing published shows. */
export const PRIVATE_PROFILE_FIELDS = markedFields(PetProfileSchema) as (keyof typeof privateFields)[];

/** True for the fields that must never be published. */
export function isPrivateProfileField(field: string): boolean {
  return (PRIVATE_PROFILE_FIELDS as string[]).includes(field);
}

/** The profile as anything published may show it: every marked field dropped. */
export function publicProfile(profile: PetProfile): PublicPetProfile {
  return Object.fromEntries(
    Object.entries(cutByMarks(PetProfileSchema, profile)).filter(([, value]) => value !== undefined),
  ) as PublicPetProfile;
}

/** One saved change of a profile: each field changed, with its value before and after (null: unset). */
export interface ProfileChange {
  changedAt: number;
  fields: Partial<Record<PetProfileField, { from: unknown; to: unknown }>>;
}

/** A profile as a save answers it: with the animal's version after the save, for the next save to start from. */
export type SavedPetProfile = PetProfile & { version: number };

/** The pet's record as the admin side answers it (models.ts's PetRecord). */
const PetRecordSchema = PetSchema.extend({
  createdAt: z.number(),
  updatedAt: z.number(),
  version: z.int(),
  departure: z.enum(DEPARTURES).nullable(),
});

/** What staff see of one pet: its record, its whole profile (private fields included) and the age group it gives. */
export const PetDetailsSchema = z.object({
  pet: PetRecordSchema,
  profile: PetProfileSchema,
  /** From the birth date and the category (AGE_THRESHOLDS_MONTHS); null without a birth date. */
  ageGroup: z.enum(AGE_GROUPS).nullable(),
  /** The shelter's currency (ISO 4217) the adoption fee is in; null until the shelter profile names one. */
  currency: z.string().nullable(),
});
export type PetDetails = z.output<typeof PetDetailsSchema>;

/** Which age thresholds a category follows, from its name. */
export type AgeScale = 'dog' | 'cat' | 'other';

/**
 * Age groups in months of age, [young from, adult from, senior from]: baby below the first.
 * Dogs: baby < 6 months, young < 2 years, adult < 8 years, senior from 8 (large breeds age sooner;
 * 8 is the usual shelter cut). Cats: baby < 6 months, young < 2 years, adult < 10 years, senior from 10
 * (the AAFP/AAHA life stages put "senior" at 10). Others (rabbits, small animals, birds): baby < 6
 * months, young < 1 year, adult < 5 years, senior from 5.
 */
export const AGE_THRESHOLDS_MONTHS: Record<AgeScale, readonly [number, number, number]> = {
  dog: [6, 24, 96],
  cat: [6, 24, 120],
  other: [6, 12, 60],
};

/** Dogs and cats by their category's species (never its name, which is the shelter's own word); every other species is "other". */
export function ageScaleOf(species: Species): AgeScale {
  return species === 'dog' || species === 'cat' ? species : 'other';
}

/**
 * Whole months of age on `today` (YYYY-MM-DD). An estimate counts from the middle of what it names:
 * the 15th of a month, the 1st of July of a year. Null without a birth date, or when it lies after today.
 */
export function ageInMonths(birthDate: string | undefined, today: string): number | null {
  if (!birthDate) return null;
  const [year = 0, month = 7, day = month === 7 && birthDate.length === 4 ? 1 : 15] = birthDate.split('-').map(Number);
  const [nowYear = 0, nowMonth = 1, nowDay = 1] = today.split('-').map(Number);
  let months = (nowYear - year) * 12 + (nowMonth - month);
  if (nowDay < day) months -= 1;
  return months < 0 ? null : months;
}

/** The age group on `today` (ageInMonths against the category's thresholds); null without a birth date. */
export function ageGroupOf(birthDate: string | undefined, scale: AgeScale, today: string): AgeGroup | null {
  const months = ageInMonths(birthDate, today);
  if (months === null) return null;
  const [young, adult, senior] = AGE_THRESHOLDS_MONTHS[scale];
  if (months < young) return 'baby';
  if (months < adult) return 'young';
  if (months < senior) return 'adult';
  return 'senior';
}
