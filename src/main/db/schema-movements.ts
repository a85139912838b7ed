/**
 * The shelter's day: people, and each animal's movements. PRIVATE, every table: nothing
 * here is published (lint keeps publishing/ and sites/ from importing people/ or movements/).
 * drizzle-kit reads this file too (drizzle.config.ts).
 */
import { sql } from 'drizzle-orm';
import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { pets } from './schema';
import {
  FACES,
  FEE_METHODS,
  INTAKE_TYPES,
  MOVEMENT_KINDS,
  OUTCOME_TYPES,
  TRANSFER_ORIGINS,
} from '../../shared/movements';
import { PERSON_KINDS, type PersonRole } from '../../shared/people';

export const people = sqliteTable(
  'people',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    name: text('name').notNull(),
    /** foldForSearch(name): case and accents folded, what search and the duplicate check match. */
    nameFolded: text('name_folded').notNull(),
    kind: text('kind', { enum: PERSON_KINDS }).notNull().default('person'),
    roles: text('roles', { mode: 'json' }).$type<PersonRole[]>().notNull().default([]),
    phones: text('phones', { mode: 'json' }).$type<string[]>().notNull().default([]),
    /** Each phone's digits alone, space-separated and framed by spaces (" 0612 4471 "): the duplicate check and search. */
    phoneDigits: text('phone_digits').notNull().default(''),
    email: text('email'),
    emailFolded: text('email_folded'),
    address: text('address'),
    postcode: text('postcode'),
    /** The postcode without spaces, upper case. */
    postcodeFolded: text('postcode_folded'),
    idChecked: integer('id_checked', { mode: 'boolean' }).notNull().default(false),
    idCheckedWhat: text('id_checked_what'),
    notes: text('notes'),
    doNotAdopt: integer('do_not_adopt', { mode: 'boolean' }).notNull().default(false),
    doNotAdoptReason: text('do_not_adopt_reason'),
    fosterApproved: integer('foster_approved', { mode: 'boolean' }).notNull().default(false),
    fosterCapacity: integer('foster_capacity'),
    fosterSpecies: text('foster_species', { mode: 'json' }).$type<number[]>().notNull().default([]),
    forgottenAt: integer('forgotten_at'),
    createdAt: integer('created_at').notNull(),
    updatedAt: integer('updated_at').notNull(),
    /** Every write adds one; a save from an older one is refused (edit_conflict). */
    version: integer('version').notNull().default(1),
  },
  (table) => [
    index('people_name_folded').on(table.nameFolded),
    index('people_email_folded').on(table.emailFolded),
    index('people_postcode_folded').on(table.postcodeFolded, table.nameFolded),
  ],
);

/** A stay in care: opened by an intake, closed by an outcome. At most one open stay per animal (the partial unique index). */
export const stays = sqliteTable(
  'stays',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    petId: integer('pet_id')
      .notNull()
      .references(() => pets.id, { onDelete: 'cascade' }),
    intakeType: text('intake_type', { enum: INTAKE_TYPES }).notNull(),
    transferFrom: text('transfer_from', { enum: TRANSFER_ORIGINS }),
    intakeAt: integer('intake_at').notNull(),
    intakePersonId: integer('intake_person_id').references(() => people.id),
    intakeReason: text('intake_reason'),
    intakeCondition: text('intake_condition'),
    outcomeType: text('outcome_type', { enum: OUTCOME_TYPES }),
    outcomeAt: integer('outcome_at'),
    outcomePersonId: integer('outcome_person_id').references(() => people.id),
    outcomeReason: text('outcome_reason'),
    /** A transfer out's destination (0021): how far, and the receiving organisation's name; null before it was recorded. */
    transferTo: text('transfer_to', { enum: TRANSFER_ORIGINS }),
    receivingOrganisation: text('receiving_organisation'),
    // Hundredths of the shelter's currency: exact, unlike a REAL.
    feeHundredths: integer('fee_hundredths'),
    feeMethod: text('fee_method', { enum: FEE_METHODS }),
  },
  (table) => [
    uniqueIndex('stays_one_open')
      .on(table.petId)
      .where(sql`${table.outcomeAt} IS NULL`),
    index('stays_pet').on(table.petId, table.intakeAt),
    index('stays_open_intake')
      .on(table.intakeAt)
      .where(sql`${table.outcomeAt} IS NULL`),
    index('stays_intake_at').on(table.intakeAt),
  ],
);

/** At most one reservation per animal not ended (the partial unique index); an expired one ends when the next is made. */
export const reservations = sqliteTable(
  'reservations',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    stayId: integer('stay_id')
      .notNull()
      .references(() => stays.id, { onDelete: 'cascade' }),
    petId: integer('pet_id').notNull(),
    personId: integer('person_id')
      .notNull()
      .references(() => people.id),
    reservedAt: integer('reserved_at').notNull(),
    expiresAt: integer('expires_at'),
    endedAt: integer('ended_at'),
    end: text('end', { enum: ['cancelled', 'completed', 'closed_by_outcome', 'expired'] }),
    /** When the engine saw it past its expiry and gave the animal back (`pending` → `available`); the reservation stays open until staff end it. */
    lapsedAt: integer('lapsed_at'),
  },
  (table) => [
    uniqueIndex('reservations_one_active')
      .on(table.petId)
      .where(sql`${table.endedAt} IS NULL`),
    index('reservations_stay').on(table.stayId),
    index('reservations_person').on(table.personId),
    index('reservations_open')
      .on(table.reservedAt)
      .where(sql`${table.endedAt} IS NULL`),
  ],
);

/** Foster placements: one open placement per animal at a time. */
export const fosterPlacements = sqliteTable(
  'foster_placements',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    stayId: integer('stay_id')
      .notNull()
      .references(() => stays.id, { onDelete: 'cascade' }),
    petId: integer('pet_id').notNull(),
    personId: integer('person_id')
      .notNull()
      .references(() => people.id),
    startedAt: integer('started_at').notNull(),
    expectedEndAt: integer('expected_end_at'),
    endedAt: integer('ended_at'),
  },
  (table) => [
    uniqueIndex('foster_placements_one_open')
      .on(table.petId)
      .where(sql`${table.endedAt} IS NULL`),
    index('foster_placements_stay').on(table.stayId),
    index('foster_placements_person').on(table.personId),
    index('foster_placements_open')
      .on(table.expectedEndAt)
      .where(sql`${table.endedAt} IS NULL`),
  ],
);

/** Every movement recorded, with the face that recorded it: the animal's movement history. */
export const movementEvents = sqliteTable(
  'movement_events',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    petId: integer('pet_id')
      .notNull()
      .references(() => pets.id, { onDelete: 'cascade' }),
    stayId: integer('stay_id').notNull(),
    kind: text('kind', { enum: MOVEMENT_KINDS }).notNull(),
    type: text('type'),
    /** When it happened, as staff gave it. */
    at: integer('at').notNull(),
    /** When it was recorded (the engine's real clock). */
    recordedAt: integer('recorded_at').notNull(),
    by: text('by', { enum: FACES }),
    personId: integer('person_id').references(() => people.id),
    details: text('details', { mode: 'json' }).$type<Record<string, unknown>>().notNull().default({}),
  },
  (table) => [
    index('movement_events_pet').on(table.petId, table.at),
    index('movement_events_at').on(table.at),
    index('movement_events_kind_at').on(table.kind, table.at),
    index('movement_events_person').on(table.personId, table.at),
  ],
);
