/**
 * The outbox: the shelter's SMTP settings (never the password: a 0600 file of its own), every
 * message written in the same transaction as what caused it, and each person's mail choices.
 * PRIVATE, every table (addresses and what was said to people). drizzle-kit reads this file too.
 */
import { sql } from 'drizzle-orm';
import { blob, index, integer, primaryKey, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { signedContracts } from './schema-contracts';
import { people } from './schema-movements';
import { MAIL_KINDS, MAIL_SECURITY, OUTBOX_STATUSES } from '../../shared/mail';
import { TEMPLATE_KINDS } from '../../shared/mail-templates';

/** One row (id 1) once staff saved the settings. */
export const mailSettings = sqliteTable('mail_settings', {
  id: integer('id').primaryKey(),
  host: text('host').notNull(),
  port: integer('port').notNull(),
  security: text('security', { enum: MAIL_SECURITY }).notNull(),
  username: text('username'),
  fromAddress: text('from_address').notNull(),
  fromName: text('from_name'),
  dailyCap: integer('daily_cap').notNull(),
  unsubscribeBase: text('unsubscribe_base'),
  paused: integer('paused', { mode: 'boolean' }).notNull().default(false),
  updatedAt: integer('updated_at').notNull(),
});

export const outbox = sqliteTable(
  'outbox',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    /** <…@from-domain>, made at enqueue and sent with every attempt: a receiver can tell a copy. */
    messageId: text('message_id').notNull(),
    personId: integer('person_id').references(() => people.id),
    toAddress: text('to_address').notNull(),
    language: text('language').notNull(),
    kind: text('kind', { enum: MAIL_KINDS }).notNull(),
    /** Part of an adoption the person is in: sent whatever their opt-out. */
    essential: integer('essential', { mode: 'boolean' }).notNull().default(false),
    subject: text('subject').notNull(),
    textBody: text('text_body').notNull(),
    htmlBody: text('html_body').notNull(),
    status: text('status', { enum: OUTBOX_STATUSES }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: integer('next_attempt_at'),
    lastError: text('last_error'),
    createdAt: integer('created_at').notNull(),
    /** When the server accepted it (sent), or when it was handed over (sending, unsure): what the daily cap counts. */
    sentAt: integer('sent_at'),
    /** What caused an automatic message, `follow_up:stay:12`: the unique index makes one message per occasion, however often it is asked for. */
    occasion: text('occasion'),
  },
  (table) => [
    uniqueIndex('outbox_message_id').on(table.messageId),
    index('outbox_due')
      .on(table.nextAttemptAt)
      .where(sql`${table.status} = 'queued'`),
    index('outbox_status').on(table.status, table.id),
    index('outbox_person').on(table.personId, table.id),
    index('outbox_sent_at').on(table.sentAt),
    uniqueIndex('outbox_occasion').on(table.occasion),
  ],
);

/**
 * A message's attachments: the bytes themselves, or the signed contract they are (its PDF is read
 * from there when sent, never copied). Exactly one of the two is set.
 */
export const outboxAttachments = sqliteTable(
  'outbox_attachments',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    outboxId: integer('outbox_id')
      .notNull()
      .references(() => outbox.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    contentType: text('content_type').notNull(),
    size: integer('size').notNull(),
    bytes: blob('bytes', { mode: 'buffer' }),
    signedContractId: integer('signed_contract_id').references(() => signedContracts.id, { onDelete: 'cascade' }),
  },
  (table) => [index('outbox_attachments_message').on(table.outboxId)],
);

/** A person's language for mail and their opt-out; the token is what their unsubscribe link carries. */
export const mailRecipients = sqliteTable(
  'mail_recipients',
  {
    personId: integer('person_id')
      .primaryKey()
      .references(() => people.id, { onDelete: 'cascade' }),
    language: text('language', { enum: ['en', 'fr', 'es', 'de'] }),
    optedOutAt: integer('opted_out_at'),
    unsubscribeToken: text('unsubscribe_token').notNull(),
  },
  (table) => [uniqueIndex('mail_recipients_token').on(table.unsubscribeToken)],
);

/** The shelter's own words for an automatic message in one language; none: the default words. */
export const mailTemplates = sqliteTable(
  'mail_templates',
  {
    kind: text('kind', { enum: TEMPLATE_KINDS }).notNull(),
    language: text('language', { enum: ['en', 'fr', 'es', 'de'] }).notNull(),
    subject: text('subject').notNull(),
    /** JSON array of strings. */
    paragraphs: text('paragraphs').notNull(),
    updatedAt: integer('updated_at').notNull(),
  },
  (table) => [primaryKey({ columns: [table.kind, table.language] })],
);

/** One row (id 1) once staff changed them: the follow-up's delay and questions (JSON), the kinds turned off (JSON). */
export const mailAutomation = sqliteTable('mail_automation', {
  id: integer('id').primaryKey(),
  followUpDays: integer('follow_up_days').notNull(),
  followUpQuestions: text('follow_up_questions').notNull(),
  disabled: text('disabled').notNull(),
  updatedAt: integer('updated_at').notNull(),
});

/** A staff member's address for notices and the kinds they want (JSON). */
export const mailStaffNotices = sqliteTable('mail_staff_notices', {
  staffId: integer('staff_id').primaryKey(),
  address: text('address').notNull(),
  kinds: text('kinds').notNull(),
  updatedAt: integer('updated_at').notNull(),
});

/**
 * An automatic occasion settled without a message (the person opted out, or was forgotten): the
 * engine's job asks about it once, not every minute of its window. No personal data: the occasion
 * names a record (`follow_up:stay:12`), the reason is a word.
 */
export const mailSkippedOccasions = sqliteTable('mail_skipped_occasions', {
  occasion: text('occasion').primaryKey(),
  reason: text('reason', { enum: ['opted_out', 'forgotten'] }).notNull(),
  skippedAt: integer('skipped_at').notNull(),
});
