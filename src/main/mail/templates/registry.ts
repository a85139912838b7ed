import { AppError } from '../../../shared/errors';
import type { MailKind } from '../../../shared/mail';
import {
  TEMPLATE_PLACEHOLDERS,
  type Placeholder,
  type TemplateAudience,
  type TemplateKind,
  type TemplateWords,
} from '../../../shared/mail-templates';

export interface TemplateEntry<K extends TemplateKind> {
  /** How the outbox files it (the Outbox page's kinds). */
  outboxKind: MailKind;
  /** Part of an adoption the person is in: it goes even after an opt-out. */
  essential: boolean;
  audience: TemplateAudience;
  /** Where each placeholder's value comes from, for whoever reads this file. */
  sources: Record<Placeholder<K>, string>;
}

const SHELTER = "the shelter profile's name (else the sender's)";
const PET = "the animal's name";
const DOCUMENT = 'the document signed: the adoption contract, a return or a foster agreement';
const SIGNED_AT = 'the day and time it was signed';

/** One entry per automatic message; the words themselves are default-words.ts's and the stored overrides. */
export const TEMPLATES: { [K in TemplateKind]: TemplateEntry<K> } = {
  application_received: {
    outboxKind: 'adoption',
    essential: true,
    audience: 'person',
    sources: { shelter: SHELTER, applicantName: 'the name the visitor typed', petName: PET },
  },
  application_approved: {
    outboxKind: 'adoption',
    essential: true,
    audience: 'person',
    sources: { shelter: SHELTER, applicantName: 'the linked person’s name', petName: PET },
  },
  application_declined: {
    outboxKind: 'adoption',
    essential: true,
    audience: 'person',
    sources: { shelter: SHELTER, applicantName: 'the visitor’s name', petName: PET },
  },
  reservation_confirmed: {
    outboxKind: 'adoption',
    essential: true,
    audience: 'person',
    sources: { shelter: SHELTER, adopterName: 'the person reserving', petName: PET, expiresOn: 'the expiry day' },
  },
  reservation_expiring: {
    outboxKind: 'adoption',
    essential: true,
    audience: 'person',
    sources: { shelter: SHELTER, adopterName: 'the person reserving', petName: PET, expiresOn: 'the expiry day' },
  },
  signed_contract: {
    outboxKind: 'adoption',
    essential: true,
    audience: 'person',
    sources: { shelter: SHELTER, adopterName: 'the adopter', petName: PET, document: DOCUMENT, signedAt: SIGNED_AT },
  },
  follow_up: {
    outboxKind: 'follow_up',
    essential: false,
    audience: 'person',
    sources: {
      shelter: SHELTER,
      adopterName: 'the adopter',
      petName: PET,
      adoptedOn: 'the adoption’s day',
      days: 'the follow-up delay set by the shelter',
      questions: 'the shelter’s follow-up questions, one a line',
    },
  },
  dose_due_foster: {
    outboxKind: 'reminder',
    essential: false,
    audience: 'person',
    sources: {
      shelter: SHELTER,
      fosterName: 'the foster',
      petName: PET,
      vaccine: 'the dose’s vaccine',
      dueOn: 'its due day',
    },
  },
  dose_due_adopter: {
    outboxKind: 'reminder',
    essential: false,
    audience: 'person',
    sources: {
      shelter: SHELTER,
      adopterName: 'the adopter',
      petName: PET,
      vaccine: 'the dose’s vaccine',
      dueOn: 'its due day',
    },
  },
  staff_new_application: {
    outboxKind: 'notice',
    essential: true,
    audience: 'staff',
    sources: { shelter: SHELTER, applicantName: 'the visitor’s name', petName: PET },
  },
  staff_signed_contract: {
    outboxKind: 'notice',
    essential: true,
    audience: 'staff',
    sources: { shelter: SHELTER, adopterName: 'the adopter', petName: PET, document: DOCUMENT, signedAt: SIGNED_AT },
  },
};

const PLACEHOLDER = /\{\{\s*([^}]*?)\s*\}\}/g;

/** Refuses words naming a placeholder the kind has no value for (a typo would go out as `{{petNmae}}`). */
export function checkPlaceholders(kind: TemplateKind, words: TemplateWords): void {
  const allowed: readonly string[] = TEMPLATE_PLACEHOLDERS[kind];
  const pieces: Array<[`words.${string}`, string]> = [
    ['words.subject', words.subject],
    ...words.paragraphs.map((text, index): [`words.${string}`, string] => [`words.paragraphs.${index}`, text]),
  ];
  for (const [field, text] of pieces)
    for (const match of text.matchAll(PLACEHOLDER)) {
      const placeholder = match[1] ?? '';
      if (!allowed.includes(placeholder))
        throw new AppError('validation_failed', `${field}: {{${placeholder}}} is not a placeholder of ${kind}`, {
          details: { field, reason: 'unknown_placeholder', placeholder, allowed },
        });
    }
}
