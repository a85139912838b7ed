import type Database from 'better-sqlite3';
import { WINDOW_MS, windowEnd, type WindowKind, type WindowUsage } from '../../shared/quota';
import type { AccountLimits } from '../accounts/accounts';
import type { BanRecord } from '../../shared/models';

/**
 * The quota's rows: who a quota is for, the counters and strikes it keeps in memory, how long its
 * rows are kept, and the prepared statements that read and write usage_windows, key_strikes, bans
 * and usage_resets (the quota service owns those tables).
 */

/** Whose quota it is: an account (all its keys share it), or an address without a key. */
export type QuotaOwner = { kind: 'account'; accountId: number } | { kind: 'address'; address: string };

/** Who makes a request: the owner of the quota it draws on, and for an account the key (bans are per key). */
export type QuotaSubject = { kind: 'account'; accountId: number; keyId: number } | { kind: 'address'; address: string };

export type Admission =
  | { outcome: 'accepted'; windows: WindowUsage[] }
  | { outcome: 'rate_limited' | 'banned'; windows: WindowUsage[]; retryAfter: number; message: string };

export interface Counter {
  subject: string;
  kind: WindowKind;
  start: number;
  accepted: number;
  rejected: number;
  dirty: boolean;
}

export interface Strike {
  windowResetAt: number;
  strikes: number;
  dirty: boolean;
}

/** Minute rows are kept for the last-hour chart, day rows for a month. */
export const KEEP_MS: Record<WindowKind, number> = { minute: 2 * 3_600_000, day: 35 * 86_400_000 };
/** Finished windows kept in memory while they cannot be written (a full disk); beyond this the oldest are lost. */
export const MAX_UNWRITTEN_WINDOWS = 100_000;

export function subjectOf(owner: QuotaOwner): string {
  return owner.kind === 'account' ? `account:${owner.accountId}` : `address:${owner.address}`;
}

/** The statements the quota service runs, prepared once. */
export function quotaStatements(sqlite: Database.Database) {
  return {
    readCounter: sqlite.prepare<[string, string, number], { accepted: number; rejected: number }>(
      'SELECT accepted, rejected FROM usage_windows WHERE subject = ? AND kind = ? AND start = ?',
    ),
    writeCounter: sqlite.prepare(
      `INSERT INTO usage_windows (subject, kind, start, accepted, rejected) VALUES (@subject, @kind, @start, @accepted, @rejected)
       ON CONFLICT (subject, kind, start) DO UPDATE SET accepted = excluded.accepted, rejected = excluded.rejected`,
    ),
    pruneCounters: sqlite.prepare('DELETE FROM usage_windows WHERE kind = ? AND start < ?'),
    writeStrike: sqlite.prepare(
      `INSERT INTO key_strikes (key_id, window_reset_at, strikes) VALUES (?, ?, ?)
       ON CONFLICT (key_id) DO UPDATE SET window_reset_at = excluded.window_reset_at, strikes = excluded.strikes`,
    ),
    deleteStrike: sqlite.prepare('DELETE FROM key_strikes WHERE key_id = ?'),
    insertBan: sqlite.prepare('INSERT INTO bans (key_id, account_id, started_at, until) VALUES (?, ?, ?, ?)'),
    activeBans: sqlite.prepare<[number], BanRecord>(
      'SELECT id, key_id AS keyId, account_id AS accountId, started_at AS startedAt, until, lifted_at AS liftedAt FROM bans WHERE lifted_at IS NULL AND until > ?',
    ),
    minuteHistory: sqlite.prepare<[string, number], { start: number; accepted: number; rejected: number }>(
      "SELECT start, accepted, rejected FROM usage_windows WHERE subject = ? AND kind = 'minute' AND start >= ?",
    ),
    bansSince: sqlite.prepare<[number, number], { n: number }>(
      'SELECT count(*) AS n FROM bans WHERE account_id = ? AND started_at >= ?',
    ),
    liftBan: sqlite.prepare('UPDATE bans SET lifted_at = ? WHERE key_id = ? AND lifted_at IS NULL AND until > ?'),
    newResets: sqlite.prepare<[number], { id: number; subject: string }>(
      'SELECT id, subject FROM usage_resets WHERE id > ? ORDER BY id',
    ),
  };
}

export type QuotaStatements = ReturnType<typeof quotaStatements>;

/** A counter as the usage of its window: its limit from the account's, used, and when it resets. */
export function usageOf(
  counter: Counter,
  limits: Pick<AccountLimits, 'perMinute' | 'perDay'>,
  now: number,
): WindowUsage {
  return {
    kind: counter.kind,
    limit: counter.kind === 'minute' ? limits.perMinute : limits.perDay,
    used: counter.accepted,
    resetAt: windowEnd(counter.kind, now),
  };
}

type MinuteRow = { start: number; accepted: number; rejected: number };

/** The last hour minute by minute from `hourStart`: the live counter where there is one, else the stored row, else nothing. */
export function lastHourOf(
  hourStart: number,
  stored: readonly MinuteRow[],
  live: (start: number) => MinuteRow | undefined,
): MinuteRow[] {
  const rows = new Map(stored.map((row) => [row.start, row] as const));
  return Array.from({ length: 60 }, (_, i) => {
    const start = hourStart + i * WINDOW_MS.minute;
    const row = live(start) ?? rows.get(start);
    return { start, accepted: row?.accepted ?? 0, rejected: row?.rejected ?? 0 };
  });
}
