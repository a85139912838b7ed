import type Database from 'better-sqlite3';
import type { Clock } from '../../shared/clock';
import { windowEnd, windowStart } from '../../shared/quota';
import { quotaStatements, type QuotaStatements } from './quota-rows';

/** Form counters sit beside the API's in usage_windows, under their own subjects so neither reads the other's. */
const SUBJECT_PREFIX = 'form:';

/**
 * The public forms' limits, counted by the quota engine's own rows: a day window per subject (an
 * address, an e-mail) in usage_windows, on the same window arithmetic (shared/quota.ts) and the
 * engine's clock. Written through on every admission, so a restart (or a robot waiting for one)
 * finds the day's counts where they were.
 */
export class FormLimitCounters {
  private readonly rows: Pick<QuotaStatements, 'readCounter' | 'writeCounter'>;

  constructor(
    sqlite: Database.Database,
    private readonly clock: Clock,
  ) {
    this.rows = quotaStatements(sqlite);
  }

  private count(subject: string, start: number): number {
    return this.rows.readCounter.get(SUBJECT_PREFIX + subject, 'day', start)?.accepted ?? 0;
  }

  /** Counts one submission for every subject when all are under their figure; none is counted otherwise. */
  admit(subjects: ReadonlyArray<{ subject: string; perDay: number }>): { admitted: boolean; retryAfter: number } {
    const now = this.clock.now();
    const start = windowStart('day', now);
    const retryAfter = Math.max(1, Math.ceil((windowEnd('day', now) - now) / 1000));
    const counted = subjects.map(({ subject, perDay }) => ({ subject, perDay, used: this.count(subject, start) }));
    if (counted.some(({ used, perDay }) => used >= perDay)) return { admitted: false, retryAfter };
    for (const { subject, used } of counted)
      this.rows.writeCounter.run({
        subject: SUBJECT_PREFIX + subject,
        kind: 'day',
        start,
        accepted: used + 1,
        rejected: 0,
      });
    return { admitted: true, retryAfter };
  }

  /** Whether the subject has room left today, without counting. */
  hasRoom(subject: string, perDay: number): boolean {
    return this.count(subject, windowStart('day', this.clock.now())) < perDay;
  }
}
