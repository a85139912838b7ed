/**
 * Lost and found reports and the matches staff decided. PRIVATE, every table: the reporter's contact
 * is personal and nothing here is published. drizzle-kit reads this file too (drizzle.config.ts).
 */
import { sql } from 'drizzle-orm';
import { blob, check, index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { pets } from './schema';
import { REPORT_KINDS, REPORT_SOURCES, REPORT_STATES } from '../../shared/lost-found';
import { AGE_GROUPS, PET_SEXES, PET_SIZES } from '../../shared/pet-profile';
import { SPECIES } from '../../shared/species';
import { FACES } from '../../shared/movements';

export const lostFoundReports = sqliteTable(
  'lost_found_reports',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    kind: text('kind', { enum: REPORT_KINDS }).notNull(),
    state: text('state', { enum: REPORT_STATES }).notNull().default('open'),
    source: text('source', { enum: REPORT_SOURCES }).notNull(),
    species: text('species', { enum: SPECIES }).notNull(),
    sex: text('sex', { enum: PET_SEXES }),
    colour: text('colour'),
    breed: text('breed'),
    size: text('size', { enum: PET_SIZES }),
    ageGroup: text('age_group', { enum: AGE_GROUPS }),
    /** Upper case, as a reader shows it: one chip is one value to compare. */
    microchip: text('microchip'),
    postcode: text('postcode'),
    place: text('place'),
    seenAt: integer('seen_at').notNull(),
    features: text('features'),
    contactName: text('contact_name').notNull(),
    contactPhone: text('contact_phone'),
    contactEmail: text('contact_email'),
    returnedPetId: integer('returned_pet_id').references(() => pets.id, { onDelete: 'set null' }),
    /** When the report's likely matches were stored (lost_found_likely_matches); null for one written without them. */
    matchesStoredAt: integer('matches_stored_at'),
    createdAt: integer('created_at').notNull(),
    updatedAt: integer('updated_at').notNull(),
  },
  (table) => [
    // A match search reads the open reports of one species and kind near a date.
    index('lost_found_reports_open_seen')
      .on(table.species, table.kind, table.seenAt)
      .where(sql`${table.state} = 'open'`),
    index('lost_found_reports_chip').on(table.microchip),
    // Today's card finds the open reports still to be matched (an import, a database from before the table) at once.
    index('lost_found_reports_unmatched')
      .on(table.id)
      .where(sql`${table.state} = 'open' AND ${table.matchesStoredAt} IS NULL`),
  ],
);

/** A report's one photo, as the photo pipeline left it (upright, resized, JPEG with no metadata); gone with its report. */
export const lostFoundReportPhotos = sqliteTable('lost_found_report_photos', {
  reportId: integer('report_id')
    .primaryKey()
    .references(() => lostFoundReports.id, { onDelete: 'cascade' }),
  jpeg: blob('jpeg', { mode: 'buffer' }).notNull(),
  width: integer('width').notNull(),
  height: integer('height').notNull(),
  createdAt: integer('created_at').notNull(),
});

/** Each confirmed match, with the face that confirmed it: a report's history and the proof of a return. */
export const lostFoundConfirmations = sqliteTable(
  'lost_found_confirmations',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    reportId: integer('report_id')
      .notNull()
      .references(() => lostFoundReports.id, { onDelete: 'cascade' }),
    petId: integer('pet_id').references(() => pets.id, { onDelete: 'set null' }),
    otherReportId: integer('other_report_id').references(() => lostFoundReports.id, { onDelete: 'set null' }),
    score: integer('score').notNull(),
    confirmedAt: integer('confirmed_at').notNull(),
    by: text('by', { enum: FACES }).notNull(),
  },
  (table) => [uniqueIndex('lost_found_confirmations_report').on(table.reportId)],
);

/**
 * Each open report's likely matches (LIKELY_SCORE and up): another open report of the other kind, or a
 * stray in care for a lost report, with the score. Written when a report is recorded or a stray's
 * description changes, dropped when a report or a stray leaves, so Today's card reads them instead
 * of comparing every report with every candidate. A report and a report are stored both ways round.
 */
export const lostFoundLikelyMatches = sqliteTable(
  'lost_found_likely_matches',
  {
    reportId: integer('report_id')
      .notNull()
      .references(() => lostFoundReports.id, { onDelete: 'cascade' }),
    otherReportId: integer('other_report_id').references(() => lostFoundReports.id, { onDelete: 'cascade' }),
    petId: integer('pet_id').references(() => pets.id, { onDelete: 'cascade' }),
    score: integer('score').notNull(),
  },
  (table) => [
    // Today's card reads a report's rows best first.
    index('lost_found_likely_matches_report').on(table.reportId, table.score),
    index('lost_found_likely_matches_other').on(table.otherReportId),
    index('lost_found_likely_matches_pet').on(table.petId),
    check('lost_found_likely_matches_one_other', sql`(${table.otherReportId} IS NULL) <> (${table.petId} IS NULL)`),
  ],
);

/** The description (matching's, as JSON) each stray's stored likely matches were worked out from: another one means they are stale. */
export const lostFoundStrayDescriptions = sqliteTable('lost_found_stray_descriptions', {
  petId: integer('pet_id')
    .primaryKey()
    .references(() => pets.id, { onDelete: 'cascade' }),
  description: text('description').notNull(),
});
