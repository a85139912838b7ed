import type Database from 'better-sqlite3';
import type { z } from 'zod';
import { ADMIN_CONTRACT } from '../../shared/admin-contract';
import { withoutApiKeys, type AuditEntry, type AuditFilter } from '../../shared/audit';
import type { Clock } from '../../shared/clock';
import { KEY_PREFIX } from '../../shared/environments';
import { replaceMarked } from '../../shared/privacy';
import { DESK_NAME, isDeskName } from '../../shared/staff';
import { changedFields } from './changes';

/** What one successful admin write leaves behind, before redaction. */
export interface AuditWrite {
  staffId: number | null;
  staffName: string;
  address: string | null;
  channel: string;
  input: unknown;
  result: unknown;
  /** The record before an edit (audit/before.ts); its changed fields are kept as before → after. */
  before?: unknown;
}

/** Longer strings are file bodies (base64 photos, site uploads): only their size is kept, as for bytes. */
const LONGEST_KEPT = 2_000;
const RECORD_FIELDS = [
  'id',
  'petId',
  'personId',
  'doseId',
  'treatmentId',
  'projectId',
  'accountId',
  'keyId',
  'photoId',
  'domainId',
];

/**
 * A person's details never stay in the trail: for the people register's channels every text is
 * kept as "[personal]" (the fields changed are named, their values are not), so "forget this
 * person" leaves nothing of them behind in an append-only table.
 */
const PERSONAL_CHANNEL = /^people\./;

function withoutPersonalText(value: unknown): unknown {
  if (typeof value === 'string') return '[personal]';
  if (Array.isArray(value)) return value.map(withoutPersonalText);
  if (value && typeof value === 'object')
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [key, key === 'environment' ? item : withoutPersonalText(item)]),
    );
  return value;
}

/**
 * A secret field's value as the trail keeps it: nothing, but an API key alone is left to the
 * key-shaped net that follows, which keeps its prefix, so a reader sees which environment's key was sent.
 */
function secretKept(value: unknown): unknown {
  if (value === '') return value;
  const kept = typeof value === 'string' ? withoutApiKeys(value) : undefined;
  return Object.values(KEY_PREFIX).some((prefix) => kept === `${prefix}[removed]`) ? value : '[removed]';
}

/** Texts and bytes as the trail keeps them: an API key removed by its shape, whatever field, header or text it stands in, and file bodies by their size. */
function withoutKeysAndBodies(value: unknown): unknown {
  // A photo decoded from the upload arrives as bytes: walking them would cost a step per byte.
  if (ArrayBuffer.isView(value) || value instanceof ArrayBuffer) return `[${value.byteLength} bytes]`;
  if (typeof value === 'string')
    return value.length > LONGEST_KEPT ? `[${value.length} characters]` : withoutApiKeys(value);
  if (Array.isArray(value)) return value.map(withoutKeysAndBodies);
  if (value && typeof value === 'object')
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [withoutApiKeys(key), withoutKeysAndBodies(item)]),
    );
  return value;
}

/**
 * The input as the trail keeps it: every field the schema (the channel's input schema) marks secret
 * removed, then API keys removed by their shape and file bodies replaced by their size, whatever the
 * field's name (shared/privacy.ts: a mark on the field, never a name matched).
 */
export function redacted(value: unknown, schema?: z.ZodType): unknown {
  return withoutKeysAndBodies(schema ? replaceMarked(schema, value, ['secret'], secretKept) : value);
}

/** The channel's input schema, whose marks say what the trail leaves out. */
function inputSchemaOf(channel: string): z.ZodType | undefined {
  return Object.hasOwn(ADMIN_CONTRACT, channel)
    ? ADMIN_CONTRACT[channel as keyof typeof ADMIN_CONTRACT].input
    : undefined;
}

/** The record a write touched: an id named in the input, else the result's own id (or its person's: people.add answers `{ person, warnings }`). */
function recordOf(input: unknown, result: unknown): string | null {
  const person = result && typeof result === 'object' ? (result as { person?: unknown }).person : undefined;
  for (const source of [input, result, person]) {
    if (!source || typeof source !== 'object') continue;
    const fields = source as Record<string, unknown>;
    const found = RECORD_FIELDS.find((field) => typeof fields[field] === 'number' || typeof fields[field] === 'string');
    if (found) return String(fields[found]);
  }
  return null;
}

/** Which version of which record (edit conflicts): `record` null for the shelter profile, whose entries name none. */
export interface VersionQuery {
  channels: readonly string[];
  record: string | null;
  environment: string;
  version: number;
}

/**
 * The desk is the writer with no member (staff_id NULL): a member named "Desk" before such names
 * were refused must not have their entries listed as the desk's, nor the desk's as theirs. A
 * member's name finds the entries recorded under it and every entry of whoever bears it now, so a
 * member renamed since (a typo at the invitation) is found by the name they have today too.
 */
function staffCondition(staff: string | undefined): [string, (string | number)[] | undefined] {
  if (staff === undefined) return ['', undefined];
  if (isDeskName(staff)) return ['staff_id IS NULL AND staff_name = ?', [DESK_NAME]];
  return [
    '(staff_name = ? COLLATE NOCASE OR staff_id IN (SELECT id FROM staff_members WHERE name = ? COLLATE NOCASE))',
    [staff, staff],
  ];
}

/** An entry as stored: its input and changes still JSON text. */
type EntryRow = Omit<AuditEntry, 'input' | 'changes'> & { input: string; changes: string | null };

/** The audit trail: append-only, so nothing here updates or deletes a row. */
export class AuditService {
  constructor(
    private readonly sqlite: Database.Database,
    private readonly clock: Clock,
  ) {}

  record(write: AuditWrite): void {
    const kept = PERSONAL_CHANNEL.test(write.channel) ? withoutPersonalText : (value: unknown) => value;
    const changes =
      write.before === undefined ? null : JSON.stringify(kept(redacted(changedFields(write.before, write.result))));
    this.sqlite
      .prepare(
        'INSERT INTO audit_entries (at, staff_id, staff_name, address, channel, record, input, changes) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
      )
      .run(
        this.clock.now(),
        write.staffId,
        write.staffName,
        write.address,
        write.channel,
        recordOf(write.input, write.result),
        JSON.stringify(kept(redacted(write.input, inputSchemaOf(write.channel))) ?? null),
        changes,
      );
  }

  /**
   * The newest entry whose write took the record to `version` (its changes say `version` before →
   * after): who made it. Undefined when no admin write did (the CLI, the public API, a movement).
   */
  versionWriter(query: VersionQuery): { staffName: string; at: number } | undefined {
    const channels = query.channels.map(() => '?').join(', ');
    const sql = `SELECT staff_name AS staffName, at FROM audit_entries WHERE record IS ? AND channel IN (${channels})
      AND json_extract(input, '$.environment') = ? AND json_extract(changes, '$.version.after') = ? ORDER BY id DESC LIMIT 1`;
    return this.sqlite
      .prepare<unknown[], { staffName: string; at: number }>(sql)
      .get(query.record, ...query.channels, query.environment, query.version);
  }

  /** Newest first; `before` (an entry's id) continues after a page that ended with that entry. */
  list(filter: AuditFilter = {}): AuditEntry[] {
    const where: string[] = [];
    const values: (string | number)[] = [];
    const one = (value: string | number | undefined) => (value === undefined ? undefined : [value]);
    const conditions: [string, (string | number)[] | undefined][] = [
      staffCondition(filter.staff),
      ['at >= ?', one(filter.from)],
      ['at <= ?', one(filter.to)],
      ['record = ?', one(filter.record)],
      ['channel = ?', one(filter.channel)],
      // Ids only grow (append-only), so "older than the last shown" pages without skipping or repeating.
      ['id < ?', one(filter.before)],
    ];
    for (const [condition, given] of conditions) {
      if (given === undefined) continue;
      where.push(condition);
      values.push(...given);
    }
    const sql = `SELECT id, at, staff_id AS staffId, staff_name AS staffName, address, channel, record, input, changes FROM audit_entries ${where.length ? `WHERE ${where.join(' AND ')}` : ''} ORDER BY id DESC LIMIT ?`;
    const rows = this.sqlite.prepare(sql).all(...values, filter.limit ?? 200) as EntryRow[];
    return rows.map((row) => ({
      ...row,
      input: JSON.parse(row.input) as unknown,
      changes: row.changes === null ? null : (JSON.parse(row.changes) as AuditEntry['changes']),
    }));
  }
}
