/**
 * Lost and found: reports of an animal lost by its owner or found by someone, entered at the desk or
 * sent from the adoption site's forms, and their matches against each other and against the strays in
 * care. The reporter's contact is marked personal, the microchip private (shared/privacy.ts): a
 * volunteer sees the animal described, never who reported it.
 */
import { z } from 'zod';
import { MomentSchema } from './movements';
import { nameSchema } from './names';
import { AGE_GROUPS, MicrochipSchema, PET_SEXES, PET_SIZES, paragraphsSchema } from './pet-profile';
import { personalField, privateField } from './privacy';
import { SPECIES } from './species';

export const REPORT_KINDS = ['lost', 'found'] as const;
export type ReportKind = (typeof REPORT_KINDS)[number];

/** Open while it waits for a match; returned once a match is confirmed; closed by staff (found at home, withdrawn). */
export const REPORT_STATES = ['open', 'returned', 'closed'] as const;
export type ReportState = (typeof REPORT_STATES)[number];

/** Where a report came from: typed at the desk (the window or the CLI) or sent from the site's form. */
export const REPORT_SOURCES = ['desk', 'site'] as const;
export type ReportSource = (typeof REPORT_SOURCES)[number];

/** The fields a match compares, in the order its explanation lists them. */
export const MATCH_FIELDS = [
  'microchip',
  'colour',
  'breed',
  'sex',
  'ageGroup',
  'size',
  'area',
  'date',
  'features',
] as const;
export type MatchField = (typeof MATCH_FIELDS)[number];

const oneOf = <const T extends readonly [string, ...string[]]>(values: T) =>
  z.enum(values, { error: `must be one of ${values.join(', ')}` });

const PhoneSchema = z
  .string({ error: 'must be a string' })
  .trim()
  .regex(/^\+?[0-9 ().\-/]{3,40}$/, { error: 'must be a phone number: digits, spaces, + ( ) . - /' });

const ContactSchema = z.strictObject({
  name: personalField(nameSchema(200)),
  phone: personalField(PhoneSchema).optional(),
  email: personalField(z.email({ error: 'must be an email address' }).max(254)).optional(),
});
export type ReportContact = z.output<typeof ContactSchema>;

/**
 * A new report, whichever face sends it: the desk's form, `lost-found add`, and the site's
 * "I found an animal" / "I lost my pet" forms (which pass it to `recordReport`). Only the kind,
 * the species, when and the reporter's name are required.
 */
export const ReportInputSchema = z.strictObject({
  kind: oneOf(REPORT_KINDS),
  species: oneOf(SPECIES),
  sex: oneOf(PET_SEXES).optional(),
  colour: nameSchema(100).optional(),
  breed: nameSchema(100).optional(),
  size: oneOf(PET_SIZES).optional(),
  ageGroup: oneOf(AGE_GROUPS).optional(),
  microchip: privateField(MicrochipSchema, 'The microchip number, when the owner or a vet knows it.').optional(),
  /** The postcode of where it was lost or found: areas compare by it. */
  postcode: nameSchema(20).optional(),
  /** Where, in the reporter's words: a street, a park, a village. */
  place: nameSchema(300).optional(),
  /** When it was lost or found. */
  seenAt: MomentSchema,
  features: paragraphsSchema(2000).describe('Distinguishing features: marks, collar, scars, behaviour.').optional(),
  contact: ContactSchema,
});
export type ReportInput = z.input<typeof ReportInputSchema>;

export const ReportQuerySchema = z.strictObject({
  kind: oneOf(REPORT_KINDS).optional(),
  state: oneOf(REPORT_STATES).optional(),
  limit: z.int().min(1).max(1000).optional(),
});
export type ReportQuery = z.input<typeof ReportQuerySchema>;

export const ConfirmInputSchema = z
  .strictObject({
    reportId: z.int().positive(),
    /** A stray in care this (lost) report is: it goes home, a return-to-owner outcome. */
    petId: z.int().positive().optional(),
    /** Or the other report (found for lost, lost for found): both are returned. */
    otherReportId: z.int().positive().optional(),
  })
  .refine((confirm) => (confirm.petId === undefined) !== (confirm.otherReportId === undefined), {
    error: 'give either petId or otherReportId',
    path: ['petId'],
    params: { reason: 'confirm_one_match' },
  });
export type ConfirmInput = z.input<typeof ConfirmInputSchema>;

const moment = z.number();

/** A report as staff see it. */
export const ReportSchema = z.object({
  id: z.int(),
  kind: z.enum(REPORT_KINDS),
  state: z.enum(REPORT_STATES),
  source: z.enum(REPORT_SOURCES),
  species: z.enum(SPECIES),
  sex: z.enum(PET_SEXES).nullable(),
  colour: z.string().nullable(),
  breed: z.string().nullable(),
  size: z.enum(PET_SIZES).nullable(),
  ageGroup: z.enum(AGE_GROUPS).nullable(),
  microchip: privateField(z.string().nullable()),
  postcode: z.string().nullable(),
  place: z.string().nullable(),
  seenAt: moment,
  features: z.string().nullable(),
  contact: personalField(ContactSchema, 'Who reported it.'),
  /** The animal it went home as, once returned through a stray in care. */
  returnedPetId: z.int().nullable(),
  createdAt: moment,
  updatedAt: moment,
});
export type Report = z.output<typeof ReportSchema>;

/** How one field compared: its points out of the field's weight, and the words that agreed where words are compared. */
export const FieldVerdictSchema = z.object({
  field: z.enum(MATCH_FIELDS),
  verdict: z.enum(['same', 'close', 'different', 'unknown']),
  points: z.number(),
  weight: z.number(),
  words: z.array(z.string()).optional(),
});
export type FieldVerdict = z.output<typeof FieldVerdictSchema>;

/** A candidate: a stray in care or another report, its score out of 100 and why. */
export const MatchSchema = z.object({
  /** 100 and certain when the microchips agree. */
  score: z.number(),
  certain: z.boolean(),
  fields: z.array(FieldVerdictSchema),
  pet: z.object({ id: z.int(), name: z.string(), intakeAt: moment }).nullable(),
  report: ReportSchema.nullable(),
});
export type Match = z.output<typeof MatchSchema>;

/** A report with its candidates, best first. */
export const ReportWithMatchesSchema = z.object({ report: ReportSchema, matches: z.array(MatchSchema) });
export type ReportWithMatches = z.output<typeof ReportWithMatchesSchema>;

export const ReportListSchema = z.array(ReportSchema);

/** How many reports the Today card lists, and how many of each one's likely matches it is sent. */
export const WAITING_SHOWN = 20;
export const WAITING_MATCHES_SHOWN = 3;

/** A report on the Today card: its best likely matches, best first, and how many likely matches it has in all. */
export const WaitingEntrySchema = z.object({
  report: ReportSchema,
  matches: z.array(MatchSchema),
  likely: z.int(),
});
export type WaitingEntry = z.output<typeof WaitingEntrySchema>;

/**
 * The Today card: the first WAITING_SHOWN open reports with a likely match, best first (the newer of
 * two at one score), and how many more there are; the card reads no more than it lists.
 */
export const MatchesWaitingSchema = z.object({ entries: z.array(WaitingEntrySchema), more: z.int() });
export type MatchesWaiting = z.output<typeof MatchesWaitingSchema>;

/** A score from which a candidate is shown as likely (on Today, first on the record). */
export const LIKELY_SCORE = 60;
