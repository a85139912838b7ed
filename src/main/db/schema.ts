import { sql } from 'drizzle-orm';
import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';

export const categories = sqliteTable(
  'categories',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    name: text('name').notNull(),
  },
  (table) => [uniqueIndex('categories_name_unique').on(sql`lower(${table.name})`)],
);

export const pets = sqliteTable(
  'pets',
  {
    // AUTOINCREMENT: an id is never handed out twice, even after deletes.
    id: integer('id').primaryKey({ autoIncrement: true }),
    name: text('name').notNull(),
    categoryId: integer('category_id')
      .notNull()
      .references(() => categories.id),
    status: text('status', { enum: ['available', 'pending', 'sold'] }).notNull(),
    createdAt: integer('created_at').notNull(),
    updatedAt: integer('updated_at').notNull(),
  },
  (table) => [
    index('pets_status_id').on(table.status, table.id),
    index('pets_category_id').on(table.categoryId, table.id),
  ],
);

export const petStatusHistory = sqliteTable(
  'pet_status_history',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    petId: integer('pet_id')
      .notNull()
      .references(() => pets.id, { onDelete: 'cascade' }),
    fromStatus: text('from_status', { enum: ['available', 'pending', 'sold'] }),
    toStatus: text('to_status', { enum: ['available', 'pending', 'sold'] }).notNull(),
    changedAt: integer('changed_at').notNull(),
  },
  (table) => [index('pet_status_history_pet').on(table.petId, table.changedAt)],
);

export const plans = sqliteTable('plans', {
  id: text('id', { enum: ['free', 'pro', 'business', 'enterprise'] }).primaryKey(),
  name: text('name').notNull(),
  perMinute: integer('per_minute'),
  perDay: integer('per_day'),
  banThreshold: integer('ban_threshold').notNull(),
  banMinutes: integer('ban_minutes').notNull(),
});

export const accounts = sqliteTable('accounts', {
  id: integer('id').primaryKey({ autoIncrement: true }),
  name: text('name').notNull(),
  planId: text('plan_id', { enum: ['free', 'pro', 'business', 'enterprise'] })
    .notNull()
    .references(() => plans.id),
  // Enterprise figures, set per account; ignored on the other plans.
  customPerMinute: integer('custom_per_minute'),
  customPerDay: integer('custom_per_day'),
  createdAt: integer('created_at').notNull(),
});

export const apiKeys = sqliteTable(
  'api_keys',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id),
    hash: text('hash').notNull(),
    displayPrefix: text('display_prefix').notNull(),
    label: text('label').notNull().default(''),
    createdAt: integer('created_at').notNull(),
    lastUsedAt: integer('last_used_at'),
    revokedAt: integer('revoked_at'),
  },
  (table) => [uniqueIndex('api_keys_hash_unique').on(table.hash), index('api_keys_account').on(table.accountId)],
);

/** Small facts about this database itself (e.g. that the default categories were seeded once). */
export const meta = sqliteTable('meta', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
});
