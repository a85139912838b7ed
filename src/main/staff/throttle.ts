import type Database from 'better-sqlite3';
import type { Clock } from '../../shared/clock';
import { AppError } from '../../shared/errors';
import type { AttemptKind, AttemptLimits, StaffLockout } from '../../shared/staff';

const SPANS = { minute: 60_000, day: 86_400_000 } as const;
type Span = keyof typeof SPANS;

/** Who an attempt is counted against: a login, an address, a member's own password, an invitation. */
export interface AttemptSubject {
  kind: AttemptKind;
  /** The login, or the invitation's id; empty for an address. */
  subject: string;
  /** The caller's address, where the count is per address; empty otherwise. */
  address: string;
}

interface AttemptRow {
  startedAt: number;
  attempts: number;
}

/**
 * Attempts at the staff's secrets, counted in fixed minute and day windows in `staff_attempts`. The
 * clock is the engine's real one, never the quota lab's: whoever may move the lab clock must not
 * win more guesses by it. Written at once, so a restart forgets nothing and the CLI sees lockouts.
 */
export class AttemptThrottle {
  private readonly statements;

  constructor(
    sqlite: Database.Database,
    private readonly clock: Clock,
  ) {
    this.statements = {
      read: sqlite.prepare<[string, string, string, string], AttemptRow>(
        'SELECT started_at AS startedAt, attempts FROM staff_attempts WHERE kind = ? AND subject = ? AND address = ? AND span = ?',
      ),
      write: sqlite.prepare(
        `INSERT INTO staff_attempts (kind, subject, address, span, started_at, attempts, full_until) VALUES (?, ?, ?, ?, ?, ?, ?)
         ON CONFLICT (kind, subject, address, span) DO UPDATE SET started_at = excluded.started_at, attempts = excluded.attempts, full_until = excluded.full_until`,
      ),
      lockouts: sqlite.prepare<[number], { kind: AttemptKind; subject: string; address: string; until: number }>(
        'SELECT kind, subject, address, max(full_until) AS until FROM staff_attempts WHERE full_until > ? GROUP BY kind, subject, address ORDER BY until DESC',
      ),
      forget: sqlite.prepare(
        'DELETE FROM staff_attempts WHERE full_until IS NULL AND started_at < ? OR full_until <= ?',
      ),
    };
  }

  /** Counts one attempt, or refuses it (`rate_limited`, uncounted) while a window of its subject is used up. */
  admit(who: AttemptSubject, limits: AttemptLimits): void {
    const now = this.clock.now();
    this.forgetEnded(now);
    const windows = (Object.keys(SPANS) as Span[]).map((span) => this.window(who, span, now));
    const full = windows.filter(({ span, attempts }) => attempts >= limitOf(limits, span));
    if (full.length > 0) {
      const retryAfter = Math.max(1, Math.ceil((Math.max(...full.map(({ endsAt }) => endsAt)) - now) / 1000));
      throw new AppError('rate_limited', `Too many attempts; try again in ${retryAfter} s.`, {
        headers: { 'retry-after': String(retryAfter) },
        details: { reason: 'login_throttled', retryAfter },
      });
    }
    for (const { span, startedAt, attempts, endsAt } of windows) {
      const counted = attempts + 1;
      this.statements.write.run(
        who.kind,
        who.subject,
        who.address,
        span,
        startedAt,
        counted,
        counted >= limitOf(limits, span) ? endsAt : null,
      );
    }
  }

  /** The subjects refused now, and until when: what owners see on the Staff page. */
  lockouts(): StaffLockout[] {
    const now = this.clock.now();
    this.forgetEnded(now);
    return this.statements.lockouts.all(now).map(({ kind, subject, address, until }) => ({
      kind,
      subject: subject || null,
      address: address || null,
      until,
    }));
  }

  /** Windows that ended tell nothing more: dropped at each attempt, so many addresses guessing leave no lasting rows. */
  private forgetEnded(now: number): void {
    this.statements.forget.run(now - SPANS.day, now);
  }

  private window(
    who: AttemptSubject,
    span: Span,
    now: number,
  ): { span: Span; startedAt: number; attempts: number; endsAt: number } {
    const startedAt = Math.floor(now / SPANS[span]) * SPANS[span];
    const row = this.statements.read.get(who.kind, who.subject, who.address, span);
    return {
      span,
      startedAt,
      attempts: row?.startedAt === startedAt ? row.attempts : 0,
      endsAt: startedAt + SPANS[span],
    };
  }
}

const limitOf = (limits: AttemptLimits, span: Span) => (span === 'minute' ? limits.perMinute : limits.perDay);
