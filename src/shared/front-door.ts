/**
 * The shelter's front door: the forms its adoption site offers the public (apply to adopt, I can
 * foster), what a visitor sends through them, and the review queue staff work through. A
 * submission's every answer is personal: it is shown to staff only, never published or exported.
 */
import { z } from 'zod';
import { personalField } from './privacy';

export const FORM_KINDS = ['apply', 'foster'] as const;
export type FormKind = (typeof FORM_KINDS)[number];

/** Our own questions, asked when the shelter keeps them on (each may be required). */
export const STANDARD_QUESTIONS = [
  'household',
  'otherAnimals',
  'children',
  'garden',
  'experience',
  'visitAvailability',
] as const;
export type StandardQuestion = (typeof STANDARD_QUESTIONS)[number];

export const QUESTION_TYPES = ['text', 'yesNo', 'choice'] as const;
export type QuestionType = (typeof QUESTION_TYPES)[number];

export const SUBMISSION_STATES = ['new', 'in_review', 'home_visit', 'approved', 'declined', 'withdrawn'] as const;
export type SubmissionState = (typeof SUBMISSION_STATES)[number];

/** The states a submission is closed in: declined and withdrawn ones are deleted after the consent's period. */
export const CLOSED_STATES: readonly SubmissionState[] = ['approved', 'declined', 'withdrawn'];
export const EXPIRING_STATES: readonly SubmissionState[] = ['declined', 'withdrawn'];

/** Where each state may go next (approval goes through `applications.approve`, which reserves the animal). */
export const NEXT_STATES: Readonly<Record<SubmissionState, readonly SubmissionState[]>> = {
  new: ['in_review', 'declined', 'withdrawn'],
  in_review: ['home_visit', 'declined', 'withdrawn'],
  home_visit: ['declined', 'withdrawn'],
  approved: ['withdrawn'],
  declined: [],
  withdrawn: [],
};

export const DEFAULT_RETENTION_DAYS = 28;
export const DEFAULT_MIN_FILL_SECONDS = 3;

const label = (max: number) =>
  z
    .string({ error: 'must be a string' })
    .trim()
    .min(1, { error: 'must not be empty' })
    .max(max, { error: `must be at most ${max} characters` });

export const CustomQuestionSchema = z.strictObject({
  /** Stable across edits, so the answers already received keep their question. */
  id: z.string().regex(/^[a-z0-9-]{1,40}$/, { error: 'must be 1–40 of a-z, 0-9 and -' }),
  label: label(300),
  type: z.enum(QUESTION_TYPES),
  required: z.boolean(),
  /** For `choice`: the options offered, in order. */
  options: z.array(label(120)).max(20).optional(),
});
export type CustomQuestion = z.infer<typeof CustomQuestionSchema>;

export const FormLimitsSchema = z.strictObject({
  perAddressPerDay: z.int().min(1).max(10_000),
  perEmailPerDay: z.int().min(1).max(10_000),
  minFillSeconds: z.int().min(0).max(600),
});
export type FormLimits = z.infer<typeof FormLimitsSchema>;

export const FormSettingsSchema = z.strictObject({
  open: z.boolean(),
  standard: z.array(z.strictObject({ question: z.enum(STANDARD_QUESTIONS), required: z.boolean() })).max(20),
  custom: z.array(CustomQuestionSchema).max(30),
  /** What the visitor agrees to, in the shelter's own words; null: our standard sentence in the site's language. */
  consentText: label(2000).nullable(),
  retentionDays: z.int().min(1).max(3650),
  limits: FormLimitsSchema,
});
export type FormSettings = z.infer<typeof FormSettingsSchema>;

export interface FrontDoorForm extends FormSettings {
  kind: FormKind;
}

export const FormKindSchema = z.enum(FORM_KINDS);
export const SubmissionStateSchema = z.enum(SUBMISSION_STATES);

/** What the form page received, checked before anything is stored: the contact fields and each answer. */
export const SubmittedFieldsSchema = z.strictObject({
  name: personalField(label(200)),
  email: personalField(z.email({ error: 'must be an email address' }).max(254)),
  phone: personalField(z.string().trim().max(40).nullable()),
  postcode: personalField(z.string().trim().max(20).nullable()),
  answers: personalField(z.record(z.string().max(40), z.string().max(4000))),
});
export type SubmittedFields = z.infer<typeof SubmittedFieldsSchema>;

export interface HomeVisit {
  bookedFor: number | null;
  doneAt: number | null;
  notes: string | null;
}

export interface SubmissionEvent {
  at: number;
  from: SubmissionState | null;
  to: SubmissionState;
  note: string | null;
}

/** One application or offer to foster as staff see it. */
export interface Submission {
  id: number;
  kind: FormKind;
  pet: { id: number; name: string } | null;
  state: SubmissionState;
  name: string;
  email: string;
  phone: string | null;
  postcode: string | null;
  /** The question's words as asked, and the answer given. */
  answers: { question: string; label: string; answer: string }[];
  consentText: string;
  retentionDays: number;
  personId: number | null;
  /** The shelter's order among the animal's applications (1 first). */
  rank: number;
  visit: HomeVisit;
  reservationMade: boolean;
  receivedAt: number;
  updatedAt: number;
  closedAt: number | null;
}

export interface SubmissionDetails extends Submission {
  events: SubmissionEvent[];
}

export interface PetApplications {
  petId: number;
  paused: boolean;
  /** Open applications in the shelter's order: the first is next in line when the animal is free again. */
  waiting: Submission[];
  closed: Submission[];
}

export const SubmissionFilterSchema = z
  .strictObject({
    state: SubmissionStateSchema.optional(),
    kind: FormKindSchema.optional(),
    petId: z.int().positive().optional(),
    personId: z.int().positive().optional(),
    open: z.boolean().optional(),
  })
  .optional();
export type SubmissionFilter = z.infer<typeof SubmissionFilterSchema>;

/** `at` left out: the next day at this time, on the engine's clock (never the window's own). */
export const HomeVisitBookingSchema = z.strictObject({ at: z.int().nonnegative().optional() });
export const HomeVisitRecordSchema = z.strictObject({
  notes: personalField(z.string().trim().max(4000)),
  at: z.int().nonnegative().optional(),
});
