/** The shelter's own records: pet and shelter profiles, pet photos, what the portals were sent. drizzle-kit reads both files (drizzle.config.ts). */
import { blob, index, integer, primaryKey, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { pets } from './schema';

/**
 * A pet's profile (src/shared/pet-profile.ts), one row per pet that has one; null columns are not
 * recorded. microchip_number, kennel_location and internal_notes are PRIVATE: never published.
 */
export const petProfiles = sqliteTable('pet_profiles', {
  petId: integer('pet_id')
    .primaryKey()
    .references(() => pets.id, { onDelete: 'cascade' }),
  breedPrimary: text('breed_primary'),
  breedSecondary: text('breed_secondary'),
  breedMixed: integer('breed_mixed', { mode: 'boolean' }),
  sex: text('sex', { enum: ['female', 'male', 'unknown'] }),
  // YYYY-MM-DD, or an estimate: YYYY-MM or YYYY.
  birthDate: text('birth_date'),
  size: text('size', { enum: ['small', 'medium', 'large', 'xlarge'] }),
  color: text('color'),
  coat: text('coat', { enum: ['hairless', 'short', 'medium', 'long', 'wire', 'curly'] }),
  description: text('description'),
  goodWithKids: text('good_with_kids', { enum: ['yes', 'no', 'unknown'] }),
  goodWithDogs: text('good_with_dogs', { enum: ['yes', 'no', 'unknown'] }),
  goodWithCats: text('good_with_cats', { enum: ['yes', 'no', 'unknown'] }),
  houseTrained: integer('house_trained', { mode: 'boolean' }),
  spayedNeutered: integer('spayed_neutered', { mode: 'boolean' }),
  specialNeeds: text('special_needs'),
  intakeDate: text('intake_date'),
  // Hundredths of the shelter's currency: exact, unlike a REAL.
  adoptionFeeHundredths: integer('adoption_fee_hundredths'),
  microchipNumber: text('microchip_number'),
  kennelLocation: text('kennel_location'),
  internalNotes: text('internal_notes'),
  updatedAt: integer('updated_at').notNull(),
});

/** Each saved change of a profile: the fields changed, before and after (JSON). Part of the pet's history. */
export const petProfileChanges = sqliteTable(
  'pet_profile_changes',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    petId: integer('pet_id')
      .notNull()
      .references(() => pets.id, { onDelete: 'cascade' }),
    changedAt: integer('changed_at').notNull(),
    fields: text('fields', { mode: 'json' }).$type<Record<string, { from: unknown; to: unknown }>>().notNull(),
  },
  (table) => [index('pet_profile_changes_pet').on(table.petId, table.changedAt)],
);

/** The shelter's profile (src/shared/shelter.ts): at most one row, id 1. The logo's bytes are checked and bounded (1 MiB) before they get here. */
export const shelterProfile = sqliteTable('shelter_profile', {
  id: integer('id').primaryKey(),
  name: text('name'),
  address: text('address'),
  phone: text('phone'),
  email: text('email'),
  website: text('website'),
  openingHours: text('opening_hours'),
  howToAdopt: text('how_to_adopt'),
  currency: text('currency'),
  /** en, fr, es or de: what everything published is worded in (src/shared/shelter.ts). */
  language: text('language', { enum: ['en', 'fr', 'es', 'de'] }),
  /** Printed on adoption contracts only: never published (src/shared/shelter.ts). */
  contractTerms: text('contract_terms'),
  logo: blob('logo', { mode: 'buffer' }),
  logoMediaType: text('logo_media_type', { enum: ['image/png', 'image/jpeg', 'image/webp'] }),
  logoUpdatedAt: integer('logo_updated_at'),
  updatedAt: integer('updated_at').notNull(),
  /** Every write adds one (the logo's too); a save from an older one is refused (edit_conflict). */
  version: integer('version').notNull().default(1),
});

/**
 * A pet's photos, in order (position 0 is the cover). `hash` names the processed files in
 * <data-dir>/photos/<environment>/ (photos/store-files.ts): the same photo on two pets is one file.
 */
export const petPhotos = sqliteTable(
  'pet_photos',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    petId: integer('pet_id')
      .notNull()
      .references(() => pets.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    hash: text('hash').notNull(),
    /** Empty: the pet's own words (its name, and breed once profiles land) stand in; see photos/alt-text.ts. */
    alt: text('alt').notNull().default(''),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    bytes: integer('bytes').notNull(),
    thumbWidth: integer('thumb_width').notNull(),
    thumbHeight: integer('thumb_height').notNull(),
    createdAt: integer('created_at').notNull(),
  },
  (table) => [uniqueIndex('pet_photos_pet_hash').on(table.petId, table.hash), index('pet_photos_hash').on(table.hash)],
);

/**
 * Files whose last photo row may be gone (a removed photo, or a removed pet's cascade), filled by
 * the pet_photos_released trigger of the migration; photos/photos.ts deletes the files no row uses.
 */
export const photoReleases = sqliteTable('photo_releases', {
  hash: text('hash').primaryKey(),
});

/**
 * What the last export to an adoption portal did with each animal: `listed` (in the file) or
 * `refused` (kept out, with its problems). A portal's import deletes what the next file leaves out,
 * so the next export compares against the `listed` rows; the name stays for a pet removed since.
 */
export const portalListings = sqliteTable(
  'portal_listings',
  {
    portal: text('portal', { enum: ['rescuegroups'] }).notNull(),
    petId: integer('pet_id').notNull(),
    name: text('name').notNull(),
    state: text('state', { enum: ['listed', 'refused'] }).notNull(),
    problems: text('problems', { mode: 'json' }).$type<unknown[]>().notNull(),
    exportedAt: integer('exported_at').notNull(),
  },
  (table) => [primaryKey({ columns: [table.portal, table.petId] })],
);
