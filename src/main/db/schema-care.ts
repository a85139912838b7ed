/**
 * Care: each animal's vaccinations, treatments and tests, their history, and the
 * protocols per category. PRIVATE, every table: nothing here is published (lint keeps sites/, cards/
 * and portals/ from importing care/ or this file). drizzle-kit reads this file too (drizzle.config.ts).
 */
import { sql } from 'drizzle-orm';
import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { categories, pets } from './schema';
import { people } from './schema-movements';
import { CARE_EVENT_KINDS, DOSE_STATUSES, TEST_RESULTS, TREATMENT_KINDS, type ProtocolStep } from '../../shared/care';
import { FACES } from '../../shared/movements';

/** A vaccination: scheduled (waiting), given, or skipped with a reason. Days are YYYY-MM-DD. */
export const careDoses = sqliteTable(
  'care_doses',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    petId: integer('pet_id')
      .notNull()
      .references(() => pets.id, { onDelete: 'cascade' }),
    vaccine: text('vaccine').notNull(),
    /** The vaccine's name in lower case: "rabies" and "Rabies" are one vaccine. */
    vaccineFolded: text('vaccine_folded').notNull(),
    status: text('status', { enum: DOSE_STATUSES }).notNull(),
    /** Set by hand or by an intake step; null while the due date follows the animal's age (age_weeks, not_before). */
    dueDate: text('due_date'),
    ageWeeks: integer('age_weeks'),
    notBefore: text('not_before'),
    givenDate: text('given_date'),
    expiresDate: text('expires_date'),
    batch: text('batch'),
    manufacturer: text('manufacturer'),
    givenBy: text('given_by'),
    vetId: integer('vet_id').references(() => people.id),
    skipReason: text('skip_reason'),
    notes: text('notes'),
    protocolStep: integer('protocol_step'),
    createdAt: integer('created_at').notNull(),
    updatedAt: integer('updated_at').notNull(),
  },
  (table) => [
    index('care_doses_pet').on(table.petId, table.vaccineFolded),
    index('care_doses_waiting')
      .on(table.petId)
      .where(sql`${table.status} = 'scheduled'`),
  ],
);

/** Treatments, procedures (spay/neuter) and tests, each with the day it was done. */
export const careTreatments = sqliteTable(
  'care_treatments',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    petId: integer('pet_id')
      .notNull()
      .references(() => pets.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: TREATMENT_KINDS }).notNull(),
    product: text('product'),
    givenDate: text('given_date').notNull(),
    result: text('result', { enum: TEST_RESULTS }),
    nextDueDate: text('next_due_date'),
    givenBy: text('given_by'),
    vetId: integer('vet_id').references(() => people.id),
    notes: text('notes'),
    createdAt: integer('created_at').notNull(),
    updatedAt: integer('updated_at').notNull(),
  },
  (table) => [index('care_treatments_pet').on(table.petId, table.givenDate)],
);

/** Every change of an animal's care, with the face that made it: its care history. */
export const careEvents = sqliteTable(
  'care_events',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    petId: integer('pet_id')
      .notNull()
      .references(() => pets.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: CARE_EVENT_KINDS }).notNull(),
    doseId: integer('dose_id'),
    treatmentId: integer('treatment_id'),
    recordedAt: integer('recorded_at').notNull(),
    by: text('by', { enum: FACES }),
    details: text('details', { mode: 'json' }).$type<Record<string, unknown>>().notNull().default({}),
  },
  (table) => [index('care_events_pet').on(table.petId, table.recordedAt)],
);

/** A category's protocol as staff set it; a category without a row follows the shipped default of its age scale. */
export const careProtocols = sqliteTable('care_protocols', {
  categoryId: integer('category_id')
    .primaryKey()
    .references(() => categories.id, { onDelete: 'cascade' }),
  steps: text('steps', { mode: 'json' }).$type<ProtocolStep[]>().notNull(),
  updatedAt: integer('updated_at').notNull(),
});
