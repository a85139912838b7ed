/**
 * The shelter's own profile, one per environment: who publishes the adoption site (its title, contact
 * and "how to adopt"), the currency of every adoption fee, and the terms its adoption contracts
 * print. All of it is public but the contract's terms, marked private (shared/privacy.ts): only the
 * contract prints them, and what publishes reads the shelter through `publishedShelter`.
 */
import { z } from 'zod';
import { nameSchema } from './names';
import { paragraphsSchema } from './pet-profile';
import { cutByMarks, privateField } from './privacy';

/** A logo is shown small: 1 MiB is plenty for a PNG, JPEG or WebP of it. */
export const LOGO_MAX_BYTES = 1024 * 1024;
export const LOGO_MEDIA_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;
export type LogoMediaType = (typeof LOGO_MEDIA_TYPES)[number];

/** ISO 4217 codes as the runtime's ICU knows them (Node and Chromium ship the full list). */
const KNOWN_CURRENCIES: ReadonlySet<string> = new Set(
  typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('currency') : [],
);

export const CurrencySchema = z
  .string({ error: 'must be an ISO 4217 currency code, e.g. USD, EUR, GBP' })
  .trim()
  .transform((code) => code.toUpperCase())
  .refine((code) => /^[A-Z]{3}$/.test(code) && (KNOWN_CURRENCIES.size === 0 || KNOWN_CURRENCIES.has(code)), {
    error: 'must be an ISO 4217 currency code, e.g. USD, EUR, GBP',
    params: { reason: 'currency_unknown' },
  });

/** The languages the adoption site, its feeds, the kennel cards and the contract are published in. */
export const PUBLISHED_LANGUAGES = ['en', 'fr', 'es', 'de'] as const;
export type PublishedLanguage = (typeof PUBLISHED_LANGUAGES)[number];
/** Each language's name in itself, for the window's select and the CLI's help. */
export const LANGUAGE_NAMES: Record<PublishedLanguage, string> = {
  en: 'English',
  fr: 'Français',
  es: 'Español',
  de: 'Deutsch',
};

/** One of the languages the shelter publishes in, which the window speaks too. */
export const LanguageSchema = z.enum(PUBLISHED_LANGUAGES, {
  error: `must be one of ${PUBLISHED_LANGUAGES.join(', ')}`,
});

const PhoneSchema = z
  .string({ error: 'must be a string' })
  .trim()
  .regex(/^\+?[0-9][0-9 ().\-/]{2,38}(\s*(x|ext\.?)\s*[0-9]{1,6})?$/i, {
    error: 'must be a phone number: digits, spaces, + ( ) - . / and an optional extension',
  });

/** Several pages of a printed contract; a counter beside the field shows how much is left. */
export const CONTRACT_TERMS_MAX = 10_000;

const shelterFields = {
  name: nameSchema(200).describe('Shown as the title of the adoption site.'),
  address: paragraphsSchema(500),
  phone: PhoneSchema,
  email: z
    .string({ error: 'must be a string' })
    .trim()
    .pipe(z.email({ error: 'must be an email address' })),
  website: z
    .string({ error: 'must be a string' })
    .trim()
    .pipe(z.url({ protocol: /^https?$/, error: 'must be a web address starting with https:// or http://' })),
  openingHours: paragraphsSchema(1_000),
  howToAdopt: paragraphsSchema(5_000).describe('Plain text; paragraphs separated by blank lines.'),
  currency: CurrencySchema.describe('ISO 4217 code of every adoption fee.'),
  language: LanguageSchema.describe(
    'What the adoption site, its feeds, the kennel cards and the contract are published in; English when not set.',
  ),
  contractTerms: privateField(
    paragraphsSchema(CONTRACT_TERMS_MAX),
    'Printed on adoption contracts only. Paragraphs separated by blank lines.',
  ),
};

export type ShelterField = keyof typeof shelterFields;
export const SHELTER_FIELDS = Object.keys(shelterFields) as ShelterField[];

/** A change: a field given sets it, `null` clears it, an absent field stays as it is. */
export const ShelterChangeSchema = z.strictObject(
  Object.fromEntries(Object.entries(shelterFields).map(([key, schema]) => [key, schema.nullable().optional()])) as {
    [K in ShelterField]: z.ZodOptional<z.ZodNullable<(typeof shelterFields)[K]>>;
  },
  {
    error: (issue) =>
      issue.code === 'unrecognized_keys' ? `has unknown field(s) ${issue.keys.join(', ')}` : 'must be an object',
  },
);
export type ShelterChange = z.input<typeof ShelterChangeSchema>;

const ShelterLogoInfoSchema = z.object({
  mediaType: z.enum(LOGO_MEDIA_TYPES),
  byteSize: z.number(),
  updatedAt: z.number(),
});
export type ShelterLogoInfo = z.output<typeof ShelterLogoInfoSchema>;

/** The stored profile: unset fields are absent; `logo` describes the stored image (its bytes come from ShelterService.logo()). */
/** `version`: every write adds one (0 before the first); a save from an older one is refused (edit_conflict). */
export const ShelterProfileSchema = z.object({
  ...(Object.fromEntries(Object.entries(shelterFields).map(([key, schema]) => [key, schema.optional()])) as {
    [K in ShelterField]: z.ZodOptional<(typeof shelterFields)[K]>;
  }),
  logo: ShelterLogoInfoSchema.nullable(),
  version: z.int(),
});
export type ShelterProfile = { [K in ShelterField]?: z.output<(typeof shelterFields)[K]> } & {
  logo: ShelterLogoInfo | null;
  version: number;
};

/** The shelter as anything published reads it: every marked field (the contract's terms) left out. */
export function publishedShelter(profile: ShelterProfile): ShelterProfile {
  return cutByMarks(ShelterProfileSchema, profile);
}

/** A logo sent from the window or the CLI: the file's bytes, base64. */
export const LogoUploadSchema = z
  .string({ error: 'must be the image, base64-encoded' })
  .max(Math.ceil(LOGO_MAX_BYTES / 3) * 4 + 4, { error: `must be at most ${LOGO_MAX_BYTES / 1024 / 1024} MiB` })
  .regex(/^[A-Za-z0-9+/]*={0,2}$/, { error: 'must be base64' });

/** The image type by its first bytes (never by a file name): PNG, JPEG or WebP, else null. */
export function logoMediaType(bytes: Uint8Array): LogoMediaType | null {
  const starts = (...values: number[]) => values.every((value, index) => bytes[index] === value);
  if (starts(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return 'image/png';
  if (starts(0xff, 0xd8, 0xff)) return 'image/jpeg';
  const riff = starts(0x52, 0x49, 0x46, 0x46);
  const webp = bytes[8] === 0x57 && bytes[9] === 0x45 && bytes[10] === 0x42 && bytes[11] === 0x50;
  return riff && webp ? 'image/webp' : null;
}
