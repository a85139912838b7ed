/**
 * The messages that go out by themselves: one template per occasion, its named placeholders, and
 * the settings staff choose (which are on, the follow-up's delay and questions, staff notices).
 */
import { z } from 'zod';
import { personalField } from './privacy';
import { PUBLISHED_LANGUAGES, type PublishedLanguage } from './shelter';

/** Each automatic message, by what causes it. */
export const TEMPLATE_KINDS = [
  'application_received',
  'application_approved',
  'application_declined',
  'reservation_confirmed',
  'reservation_expiring',
  'signed_contract',
  'follow_up',
  'dose_due_foster',
  'dose_due_adopter',
  'staff_new_application',
  'staff_signed_contract',
] as const;
export type TemplateKind = (typeof TEMPLATE_KINDS)[number];

/** The placeholders each template may name, `{{petName}}`; `shelter` is every template's. */
export const TEMPLATE_PLACEHOLDERS = {
  application_received: ['shelter', 'applicantName', 'petName'],
  application_approved: ['shelter', 'applicantName', 'petName'],
  application_declined: ['shelter', 'applicantName', 'petName'],
  reservation_confirmed: ['shelter', 'adopterName', 'petName', 'expiresOn'],
  reservation_expiring: ['shelter', 'adopterName', 'petName', 'expiresOn'],
  signed_contract: ['shelter', 'adopterName', 'petName', 'document', 'signedAt'],
  follow_up: ['shelter', 'adopterName', 'petName', 'adoptedOn', 'days', 'questions'],
  dose_due_foster: ['shelter', 'fosterName', 'petName', 'vaccine', 'dueOn'],
  dose_due_adopter: ['shelter', 'adopterName', 'petName', 'vaccine', 'dueOn'],
  staff_new_application: ['shelter', 'applicantName', 'petName'],
  staff_signed_contract: ['shelter', 'adopterName', 'petName', 'document', 'signedAt'],
} as const satisfies Record<TemplateKind, readonly string[]>;

export type Placeholder<K extends TemplateKind> = (typeof TEMPLATE_PLACEHOLDERS)[K][number];
/** The values one message of kind K is filled with: every placeholder it allows, from the record. */
export type TemplateValues<K extends TemplateKind> = Record<Placeholder<K>, string>;

/** Who a template goes to: the person it is about, or the staff members who asked for notices. */
export type TemplateAudience = 'person' | 'staff';

export const TemplateWordsSchema = z.strictObject({
  subject: z.string().trim().min(1).max(300),
  paragraphs: z.array(z.string().max(5_000)).min(1).max(30),
});
export type TemplateWords = z.infer<typeof TemplateWordsSchema>;

export const TemplateInputSchema = z.strictObject({
  kind: z.enum(TEMPLATE_KINDS),
  language: z.enum(PUBLISHED_LANGUAGES),
  /** null goes back to the default words. */
  words: TemplateWordsSchema.nullable(),
});
export type TemplateInput = z.infer<typeof TemplateInputSchema>;

export interface TemplateView {
  kind: TemplateKind;
  language: PublishedLanguage;
  placeholders: readonly string[];
  /** Part of an adoption the person is in: sent whatever their opt-out. */
  essential: boolean;
  audience: TemplateAudience;
  enabled: boolean;
  words: TemplateWords;
  /** The shelter's own words, not the default ones. */
  edited: boolean;
}

export const AutomationSettingsSchema = z.strictObject({
  /** The follow-up goes this many days after an adoption. */
  followUpDays: z.int().min(1).max(365),
  /** The shelter's questions, listed in the follow-up (`{{questions}}`). */
  followUpQuestions: z.array(z.string().trim().min(1).max(500)).max(20),
  /** The kinds staff turned off: none of them is queued. */
  disabled: z.array(z.enum(TEMPLATE_KINDS)).max(TEMPLATE_KINDS.length),
});
export type AutomationSettings = z.infer<typeof AutomationSettingsSchema>;

export const DEFAULT_AUTOMATION: AutomationSettings = { followUpDays: 14, followUpQuestions: [], disabled: [] };

export const STAFF_NOTICE_KINDS = ['staff_new_application', 'staff_signed_contract'] as const;
export type StaffNoticeKind = (typeof STAFF_NOTICE_KINDS)[number];

export const StaffNoticeInputSchema = z.strictObject({
  staffId: z.int().positive(),
  /** null: this member wants no notices. */
  address: personalField(z.email().nullable()),
  kinds: z.array(z.enum(STAFF_NOTICE_KINDS)).max(STAFF_NOTICE_KINDS.length),
});
export type StaffNoticeInput = z.infer<typeof StaffNoticeInputSchema>;

export interface StaffNotice {
  staffId: number;
  name: string;
  address: string | null;
  kinds: StaffNoticeKind[];
}

export interface AutomationView {
  settings: AutomationSettings;
  notices: StaffNotice[];
}

/** The record a preview is filled from. */
export const PreviewInputSchema = z.strictObject({
  kind: z.enum(TEMPLATE_KINDS),
  language: z.enum(PUBLISHED_LANGUAGES),
  words: TemplateWordsSchema,
  petId: z.int().positive().optional(),
  personId: z.int().positive().optional(),
});
export type PreviewInput = z.infer<typeof PreviewInputSchema>;

export interface TemplatePreview {
  subject: string;
  text: string;
  html: string;
}
