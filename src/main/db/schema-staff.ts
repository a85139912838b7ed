/** Staff accounts, their sessions and invitations; they live in the production database (docs/decisions.md). */
import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { STAFF_ROLES } from '../../shared/staff';

/** One person who logs in. `login` is stored lower-case; `password_hash` is `scrypt$N$r$p$salt$hash` (base64url). */
export const staffMembers = sqliteTable(
  'staff_members',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    name: text('name').notNull(),
    login: text('login').notNull(),
    role: text('role', { enum: STAFF_ROLES }).notNull(),
    active: integer('active', { mode: 'boolean' }).notNull().default(true),
    passwordHash: text('password_hash').notNull(),
    createdAt: integer('created_at').notNull(),
    passwordChangedAt: integer('password_changed_at').notNull(),
    /** The language the window speaks to this member; null until they choose one. */
    language: text('language', { enum: ['en', 'fr', 'es', 'de'] }),
  },
  (table) => [uniqueIndex('staff_members_login_unique').on(table.login)],
);

/** A logged-in browser: only the SHA-256 of its random id is kept, so a copy of the file logs nobody in. */
export const staffSessions = sqliteTable(
  'staff_sessions',
  {
    idHash: text('id_hash').primaryKey(),
    staffId: integer('staff_id')
      .notNull()
      .references(() => staffMembers.id, { onDelete: 'cascade' }),
    createdAt: integer('created_at').notNull(),
    lastSeenAt: integer('last_seen_at').notNull(),
    address: text('address'),
  },
  (table) => [index('staff_sessions_staff').on(table.staffId)],
);

/** A one-time code an owner gives a new member: hashed, expiring, used once. */
export const staffInvites = sqliteTable(
  'staff_invites',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    codeHash: text('code_hash').notNull(),
    name: text('name').notNull(),
    role: text('role', { enum: STAFF_ROLES }).notNull(),
    createdAt: integer('created_at').notNull(),
    expiresAt: integer('expires_at').notNull(),
    usedAt: integer('used_at'),
    usedBy: integer('used_by').references(() => staffMembers.id, { onDelete: 'set null' }),
    /** The owner who made it; null for the desk. */
    invitedBy: integer('invited_by').references(() => staffMembers.id, { onDelete: 'set null' }),
    /** Set when an owner takes it back: the code then works no more. */
    revokedAt: integer('revoked_at'),
  },
  (table) => [uniqueIndex('staff_invites_code_unique').on(table.codeHash)],
);

/**
 * Attempts at a secret (a login's password, one's own current password, an invitation's code), in
 * fixed minute and day windows on the real clock, never the quota lab's. `subject` is the login, the
 * invitation's id or empty; `address` the caller's, or empty where the count is not per address.
 */
export const staffAttempts = sqliteTable(
  'staff_attempts',
  {
    kind: text('kind', { enum: ['login', 'address', 'password', 'invitation'] }).notNull(),
    subject: text('subject').notNull(),
    address: text('address').notNull(),
    span: text('span', { enum: ['minute', 'day'] }).notNull(),
    startedAt: integer('started_at').notNull(),
    attempts: integer('attempts').notNull(),
    /** The end of this window once its attempts are used up: a lockout until then. */
    fullUntil: integer('full_until'),
  },
  (table) => [primaryKey({ columns: [table.kind, table.subject, table.address, table.span] })],
);

/** Where a member held a session lately: from there, the per-login brake others set off does not hold them. */
export const staffKnownAddresses = sqliteTable(
  'staff_known_addresses',
  {
    staffId: integer('staff_id')
      .notNull()
      .references(() => staffMembers.id, { onDelete: 'cascade' }),
    address: text('address').notNull(),
    lastSeenAt: integer('last_seen_at').notNull(),
  },
  (table) => [primaryKey({ columns: [table.staffId, table.address] })],
);
