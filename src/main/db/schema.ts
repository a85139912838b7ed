import { customType, index, integer, primaryKey, real, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { sql } from 'drizzle-orm';
import type { DeployFailure } from '../../shared/deploy-failures';
import { DNS_CHECK_REASONS, type FailedDnsQuery } from '../../shared/dns-check';
import { SPECIES } from '../../shared/species';
import { DEPARTURES } from '../../shared/outcomes';

export const categories = sqliteTable(
  'categories',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    name: text('name').notNull(),
    /** foldName(name): names are unique regardless of case (beyond ASCII) and of compatibility forms. */
    nameFolded: text('name_folded').notNull().default(''),
    /** What kind of animal it holds, whatever the shelter calls it: protocols, age scale, reports and portals read this. */
    species: text('species', { enum: SPECIES }).notNull().default('other'),
  },
  (table) => [uniqueIndex('categories_name_folded_unique').on(table.nameFolded)],
);

export const pets = sqliteTable(
  'pets',
  {
    // AUTOINCREMENT: an id is never handed out twice, even after deletes.
    id: integer('id').primaryKey({ autoIncrement: true }),
    name: text('name').notNull(),
    /** foldForSearch(name), what search matches against (case and accents ignored). */
    nameFolded: text('name_folded').notNull().default(''),
    categoryId: integer('category_id')
      .notNull()
      .references(() => categories.id),
    status: text('status', { enum: ['available', 'pending', 'sold'] }).notNull(),
    createdAt: integer('created_at').notNull(),
    updatedAt: integer('updated_at').notNull(),
    /** The animal's one version (record, status and profile): every write adds one, a save from an older one is refused (edit_conflict). */
    version: integer('version').notNull().default(1),
    /** With `sold`: how it left care when that was no adoption (died, transferred…); null while in care or adopted. */
    departure: text('departure', { enum: DEPARTURES }),
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
    /** When it was recorded. */
    changedAt: integer('changed_at').notNull(),
    /** When the movement behind it happened (a back-dated adoption's day); null: as recorded. */
    happenedAt: integer('happened_at'),
    /** With `sold`: the outcome when the animal left care other than by adoption. */
    departure: text('departure', { enum: DEPARTURES }),
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

export const accounts = sqliteTable(
  'accounts',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    name: text('name').notNull(),
    /** foldName(name): names are unique regardless of case, like categories. */
    nameFolded: text('name_folded').notNull().default(''),
    planId: text('plan_id', { enum: ['free', 'pro', 'business', 'enterprise'] })
      .notNull()
      .references(() => plans.id),
    // Enterprise figures, set per account; ignored on the other plans.
    customPerMinute: integer('custom_per_minute'),
    customPerDay: integer('custom_per_day'),
    createdAt: integer('created_at').notNull(),
  },
  (table) => [uniqueIndex('accounts_name_folded_unique').on(table.nameFolded)],
);

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

/**
 * Requests counted per fixed UTC window. `subject` is `account:<id>`, or `address:<ip>` for requests
 * without a valid key. Past windows are kept a while for the usage chart.
 */
export const usageWindows = sqliteTable(
  'usage_windows',
  {
    subject: text('subject').notNull(),
    kind: text('kind', { enum: ['minute', 'day'] }).notNull(),
    start: integer('start').notNull(),
    accepted: integer('accepted').notNull().default(0),
    rejected: integer('rejected').notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.subject, table.kind, table.start] })],
);

/** Temporary bans of keys; a lifted or expired ban stays as history. */
export const bans = sqliteTable(
  'bans',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    keyId: integer('key_id')
      .notNull()
      .references(() => apiKeys.id),
    accountId: integer('account_id').notNull(),
    startedAt: integer('started_at').notNull(),
    until: integer('until').notNull(),
    liftedAt: integer('lifted_at'),
  },
  (table) => [
    index('bans_key').on(table.keyId, table.until),
    index('bans_account').on(table.accountId, table.startedAt),
  ],
);

/** Requests a key made after its 429, before that window reset: more than the plan allows bans it. */
export const keyStrikes = sqliteTable('key_strikes', {
  keyId: integer('key_id').primaryKey(),
  windowResetAt: integer('window_reset_at').notNull(),
  strikes: integer('strikes').notNull(),
});

/**
 * The first answer of a POST /pets sent with an Idempotency-Key, per account, kept 24 hours: a retry
 * with the same key and body gets it again instead of a second pet.
 */
export const idempotentCreations = sqliteTable(
  'idempotent_creations',
  {
    accountId: integer('account_id').notNull(),
    idempotencyKey: text('idempotency_key').notNull(),
    /** SHA-256 of the body as parsed, to tell a retry from another request under the same key. */
    requestHash: text('request_hash').notNull(),
    /** The 201's body (the Pet) as first sent. */
    response: text('response').notNull(),
    petId: integer('pet_id').notNull(),
    createdAt: integer('created_at').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.accountId, table.idempotencyKey] }),
    index('idempotent_creations_created').on(table.createdAt),
  ],
);

/** Usage resets asked for by another process (the CLI); the server zeroes its counters on seeing one. */
export const usageResets = sqliteTable('usage_resets', {
  id: integer('id').primaryKey({ autoIncrement: true }),
  subject: text('subject').notNull(),
  at: integer('at').notNull(),
});

/** Published sites (docs/contract.md, "Published sites and custom domains"): a project is an account's static site, served at <slug>.<sites-host>. */
export const projects = sqliteTable(
  'projects',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id),
    name: text('name').notNull(),
    slug: text('slug').notNull(),
    // The deploy being served: the latest successful one, or an earlier one after a rollback.
    liveDeployNumber: integer('live_deploy_number'),
    createdAt: integer('created_at').notNull(),
  },
  (table) => [uniqueIndex('projects_slug_unique').on(table.slug), index('projects_account').on(table.accountId)],
);

/** Every deploy attempt, numbered per project; a failed one keeps its reason and has no files. */
export const deploys = sqliteTable(
  'deploys',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id),
    number: integer('number').notNull(),
    source: text('source', { enum: ['folder', 'adoption_page'] }).notNull(),
    folder: text('folder'),
    outcome: text('outcome', { enum: ['succeeded', 'failed'] }).notNull(),
    /** The English of `failure`, as the API and the CLI show it (and all a deploy recorded before failures were typed has). */
    reason: text('reason'),
    failure: text('failure', { mode: 'json' }).$type<DeployFailure>(),
    fileCount: integer('file_count').notNull(),
    byteSize: integer('byte_size').notNull(),
    createdAt: integer('created_at').notNull(),
  },
  (table) => [uniqueIndex('deploys_project_number').on(table.projectId, table.number)],
);

/**
 * Custom domains of projects. A removed domain keeps its row (removed_at) so its Host answers
 * "no site at this domain" rather than the API; only attached names must be unique.
 */
export const domains = sqliteTable(
  'domains',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id),
    name: text('name').notNull(),
    kind: text('kind', { enum: ['apex', 'subdomain'] }).notNull(),
    role: text('role', { enum: ['primary', 'redirect'] }).notNull(),
    redirectStatus: integer('redirect_status'),
    status: text('status', { enum: ['pending', 'verified', 'conflict', 'error'] }).notNull(),
    expected: text('expected', { mode: 'json' }).$type<string[]>().notNull(),
    found: text('found', { mode: 'json' }).$type<string[]>().notNull(),
    // What the last check found, never advice text (src/shared/dns-check.ts): each face words it.
    checkReason: text('check_reason', { enum: DNS_CHECK_REASONS }).notNull().default('not_checked'),
    // The query that failed, for check_reason 'query_failed'.
    checkQuery: text('check_query', { mode: 'json' }).$type<FailedDnsQuery>(),
    checkedAt: integer('checked_at'),
    // Automatic checks since the last manual one: picks the next backoff step.
    automaticChecks: integer('automatic_checks').notNull().default(0),
    nextCheckAt: integer('next_check_at'),
    verifiedAt: integer('verified_at'),
    // The domain's TLS certificate (src/main/sites/certificates): its private key is a file in the data dir, never here.
    certificateState: text('certificate_state', { enum: ['none', 'pending', 'issued', 'failed'] })
      .notNull()
      .default('none'),
    certificateIssuer: text('certificate_issuer'),
    certificateReason: text('certificate_reason'),
    certificateRequestedAt: integer('certificate_requested_at'),
    certificateIssuedAt: integer('certificate_issued_at'),
    certificateNotBefore: integer('certificate_not_before'),
    certificateNotAfter: integer('certificate_not_after'),
    // The served chain (leaf first), PEM: public.
    certificateChain: text('certificate_chain'),
    // The next issuing attempt: first issue, retry after a failure, or renewal.
    certificateNextAttemptAt: integer('certificate_next_attempt_at'),
    // When the attempts since the last success failed: the backoff and the per-hour cap.
    certificateFailures: text('certificate_failures', { mode: 'json' }).$type<number[]>().notNull().default([]),
    createdAt: integer('created_at').notNull(),
    removedAt: integer('removed_at'),
  },
  (table) => [
    uniqueIndex('domains_name_attached')
      .on(table.name)
      .where(sql`${table.removedAt} IS NULL`),
    uniqueIndex('domains_one_primary')
      .on(table.projectId)
      .where(sql`${table.role} = 'primary' AND ${table.removedAt} IS NULL`),
    index('domains_project').on(table.projectId),
    index('domains_next_check').on(table.nextCheckAt),
  ],
);

/**
 * Where earlier releases kept the quota lab's request log (one row per answer). The log now lives in
 * its own file (lab/request-log/store.ts); on first open its rows and batches move there and these
 * two tables are left empty (lab/request-log/earlier-releases.ts).
 */
export const requestLog = sqliteTable(
  'request_log',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    at: integer('at').notNull(),
    method: text('method').notNull(),
    host: text('host'),
    url: text('url').notNull(),
    status: integer('status').notNull(),
    code: text('code'),
    keyId: integer('key_id'),
    accountId: integer('account_id'),
    address: text('address'),
    latencyMs: real('latency_ms').notNull(),
    head: text('head').notNull(),
  },
  (table) => [index('request_log_key_at').on(table.keyId, table.at), index('request_log_at').on(table.at)],
);

/**
 * An earlier release's batch as it sits in a TEXT column: text (the first releases), or the bytes
 * of FORMAT 2 or 3 written as a Buffer, which SQLite keeps as a BLOB whatever the column's type.
 * The column stays `text` in SQL: declaring it `blob` would make drizzle-kit rebuild, in a
 * migration of its own, a table that is only ever emptied.
 */
const earlierBatchData = customType<{ data: Buffer | string; driverData: Buffer | string }>({
  dataType: () => 'text',
});

/** Earlier releases' unread batches of answers (text, FORMAT 2 or 3): moved into the log's own file on first open. */
export const requestLogBatches = sqliteTable('request_log_batches', {
  id: integer('id').primaryKey(),
  rows: integer('rows').notNull(),
  lastAt: integer('last_at').notNull(),
  data: earlierBatchData('data').notNull(),
});
