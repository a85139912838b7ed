/**
 * Contracts signed on the spot: the signed PDF itself, kept with the stay (PRIVATE: the adopter's
 * details and hand; never published, in every backup with the database). Rows are never updated but
 * to name the contract that replaced them; a correction is a new row. drizzle-kit reads this file too.
 */
import { blob, index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { pets } from './schema';
import { stays } from './schema-movements';
import { CONTRACT_KINDS } from '../../shared/contracts';

export const signedContracts = sqliteTable(
  'signed_contracts',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    stayId: integer('stay_id')
      .notNull()
      .references(() => stays.id, { onDelete: 'cascade' }),
    petId: integer('pet_id')
      .notNull()
      .references(() => pets.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: CONTRACT_KINDS }).notNull(),
    signerName: text('signer_name').notNull(),
    signedAt: integer('signed_at').notNull(),
    /** The staff member at the desk (null: the desk itself). */
    staffId: integer('staff_id'),
    textSha256: text('text_sha256').notNull(),
    pdfSha256: text('pdf_sha256').notNull(),
    pdf: blob('pdf', { mode: 'buffer' }).notNull(),
    replaces: integer('replaces'),
    /** A foster agreement's placement: signed once per placement, not per stay. */
    placementId: integer('placement_id'),
    replacedBy: integer('replaced_by'),
  },
  (table) => [
    index('signed_contracts_stay').on(table.stayId, table.kind),
    uniqueIndex('signed_contracts_pdf').on(table.pdfSha256),
  ],
);
