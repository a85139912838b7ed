/**
 * The front door: the public forms' settings, what visitors sent through them and each change of
 * state. PRIVATE, every table: a submission is personal and is never published or exported.
 * drizzle-kit reads this file too (drizzle.config.ts).
 */
import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { pets } from './schema';
import { people } from './schema-movements';
import { FORM_KINDS, SUBMISSION_STATES, type FormSettings } from '../../shared/front-door';

/** One row per form kind once the shelter has chosen its questions; the defaults stand until then. */
export const frontDoorForms = sqliteTable('front_door_forms', {
  kind: text('kind', { enum: FORM_KINDS }).primaryKey(),
  settings: text('settings', { mode: 'json' }).$type<FormSettings>().notNull(),
  updatedAt: integer('updated_at').notNull(),
});

export const frontDoorSubmissions = sqliteTable(
  'front_door_submissions',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    kind: text('kind', { enum: FORM_KINDS }).notNull(),
    petId: integer('pet_id').references(() => pets.id, { onDelete: 'set null' }),
    state: text('state', { enum: SUBMISSION_STATES }).notNull().default('new'),
    name: text('name').notNull(),
    email: text('email').notNull(),
    /** The e-mail in lower case: the per-e-mail limit and the duplicate question. */
    emailFolded: text('email_folded').notNull(),
    phone: text('phone'),
    postcode: text('postcode'),
    /** `[{question, label, answer}]`, the question's words as they were asked. */
    answers: text('answers', { mode: 'json' }).$type<{ question: string; label: string; answer: string }[]>().notNull(),
    consentText: text('consent_text').notNull(),
    retentionDays: integer('retention_days').notNull(),
    personId: integer('person_id').references(() => people.id, { onDelete: 'set null' }),
    rank: integer('rank').notNull(),
    visitBookedFor: integer('visit_booked_for'),
    visitDoneAt: integer('visit_done_at'),
    visitNotes: text('visit_notes'),
    reservationMade: integer('reservation_made', { mode: 'boolean' }).notNull().default(false),
    receivedAt: integer('received_at').notNull(),
    updatedAt: integer('updated_at').notNull(),
    closedAt: integer('closed_at'),
  },
  (table) => [
    index('front_door_submissions_pet').on(table.petId, table.rank),
    index('front_door_submissions_state').on(table.state, table.receivedAt),
    // The Incoming page: the newest first, all of them or one form's, without sorting the whole queue.
    index('front_door_submissions_received').on(table.receivedAt),
    index('front_door_submissions_kind').on(table.kind, table.receivedAt),
    index('front_door_submissions_person').on(table.personId),
  ],
);

export const frontDoorEvents = sqliteTable(
  'front_door_events',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    submissionId: integer('submission_id')
      .notNull()
      .references(() => frontDoorSubmissions.id, { onDelete: 'cascade' }),
    at: integer('at').notNull(),
    fromState: text('from_state', { enum: SUBMISSION_STATES }),
    toState: text('to_state', { enum: SUBMISSION_STATES }).notNull(),
    note: text('note'),
  },
  (table) => [index('front_door_events_submission').on(table.submissionId)],
);

/** Animals whose applications are paused: the site's page says so and the form refuses new ones. */
export const frontDoorPaused = sqliteTable('front_door_paused', {
  petId: integer('pet_id')
    .primaryKey()
    .references(() => pets.id, { onDelete: 'cascade' }),
  pausedAt: integer('paused_at').notNull(),
});
