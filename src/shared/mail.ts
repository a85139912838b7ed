import { z } from 'zod';
import { PUBLISHED_LANGUAGES } from './shelter';
import { secretField } from './privacy';

/** How the connection to the shelter's SMTP provider is secured: TLS from the first byte (465), STARTTLS (587), or none (a relay on this machine). */
export const MAIL_SECURITY = ['tls', 'starttls', 'none'] as const;
export type MailSecurity = (typeof MAIL_SECURITY)[number];

/**
 * A message's life: queued (waiting, perhaps after a temporary refusal), sending (handed to the
 * server now), sent, failed (refused for good, with the server's reason), unsure (the process
 * stopped, or the line went quiet, after the message was handed over: it may have arrived, so it
 * is never resent without staff saying so).
 */
export const OUTBOX_STATUSES = ['queued', 'sending', 'sent', 'failed', 'unsure'] as const;
export type OutboxStatus = (typeof OUTBOX_STATUSES)[number];

/** What a message is for; `essential` ones (part of an adoption the person is in) go out even after an opt-out. */
export const MAIL_KINDS = ['test', 'message', 'adoption', 'contract', 'reminder', 'follow_up', 'notice'] as const;
export type MailKind = (typeof MAIL_KINDS)[number];

export const MailLanguageSchema = z.enum(PUBLISHED_LANGUAGES);

export const MailSettingsSchema = z.object({
  host: z.string().trim().min(1).max(253),
  port: z.number().int().min(1).max(65_535),
  security: z.enum(MAIL_SECURITY),
  username: z.string().max(320).nullable(),
  fromAddress: z.email(),
  fromName: z.string().max(200).nullable(),
  /** At most this many messages in any 24 hours (providers have a cap). */
  dailyCap: z.number().int().min(1).max(1_000_000),
  /** The shelter server's address the unsubscribe links open (https://…); none: no List-Unsubscribe header. */
  unsubscribeBase: z.url({ protocol: /^https?$/ }).nullable(),
});
export type MailSettings = z.infer<typeof MailSettingsSchema>;

export const MailSettingsInputSchema = MailSettingsSchema.partial().extend({
  /** Stored in a 0600 file of its own, never in the database, the trail or an answer. */
  password: secretField(z.string().max(1_000)).optional(),
});
export type MailSettingsInput = z.infer<typeof MailSettingsInputSchema>;

/** The settings as shown: never the password, only whether one is stored. */
export interface MailSettingsView {
  settings: MailSettings | null;
  passwordStored: boolean;
  paused: boolean;
  sentLast24h: number;
}

/** A message's words and attachments together, before encoding: providers refuse far less than theirs (10 MiB is under every common cap once base64 adds a third). */
export const MAIL_MAX_BYTES = 10 * 1024 * 1024;

/** An attachment as the Outbox page lists it: never its bytes. */
export interface OutboxAttachment {
  name: string;
  contentType: string;
  size: number;
}

export interface OutboxRow {
  id: number;
  messageId: string;
  personId: number | null;
  toAddress: string;
  language: string;
  kind: MailKind;
  subject: string;
  status: OutboxStatus;
  attempts: number;
  nextAttemptAt: number | null;
  /** The server's answer (or what went wrong) of the last attempt. */
  lastError: string | null;
  createdAt: number;
  sentAt: number | null;
  attachments: OutboxAttachment[];
}

export interface OutboxPage {
  rows: OutboxRow[];
  /** The next page starts below this id; null on the last page. */
  nextBefore: number | null;
  counts: Record<OutboxStatus, number>;
}

export const OutboxListInputSchema = z.object({
  status: z.enum(OUTBOX_STATUSES).optional(),
  before: z.number().int().positive().optional(),
  limit: z.number().int().min(1).max(200).default(50),
});
export type OutboxListInput = z.input<typeof OutboxListInputSchema>;
