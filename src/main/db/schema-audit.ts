/** The audit trail: one row per successful admin write, never updated or removed. */
import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';

export const auditEntries = sqliteTable(
  'audit_entries',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    at: integer('at').notNull(),
    /** null for the desk (the admin token, the desktop shell, a single desk). */
    staffId: integer('staff_id'),
    staffName: text('staff_name').notNull(),
    address: text('address'),
    channel: text('channel').notNull(),
    record: text('record'),
    /** JSON: the input with its secrets removed. */
    input: text('input').notNull(),
    /** JSON `{ field: { before, after } }` for the edits that show it (audit/before.ts); null for other writes. */
    changes: text('changes'),
  },
  (table) => [index('audit_entries_at').on(table.at), index('audit_entries_record').on(table.record)],
);
