import type { Clock } from '../../shared/clock';
import { windowEnd, windowStart } from '../../shared/quota';

/**
 * The public forms' limits, counted like the API's plans: a day window per subject (an address, an
 * e-mail), on the same window arithmetic (shared/quota.ts) and the lab's clock, so a tester moving
 * it sees the limits reset as the API's do. In memory: a restart forgets the day's counts, as a
 * form's refusal is a courtesy to the queue, not a bill.
 */
export class FormLimitCounters {
  private readonly counts = new Map<string, number>();
  private windowAt = Number.NEGATIVE_INFINITY;

  constructor(private readonly clock: Clock) {}

  /** Counts one submission for every subject when all are under their figure; none is counted otherwise. */
  admit(subjects: ReadonlyArray<{ subject: string; perDay: number }>): { admitted: boolean; retryAfter: number } {
    const now = this.clock.now();
    const start = windowStart('day', now);
    if (start !== this.windowAt) {
      this.counts.clear();
      this.windowAt = start;
    }
    const retryAfter = Math.max(1, Math.ceil((windowEnd('day', now) - now) / 1000));
    if (subjects.some(({ subject, perDay }) => (this.counts.get(subject) ?? 0) >= perDay))
      return { admitted: false, retryAfter };
    for (const { subject } of subjects) this.counts.set(subject, (this.counts.get(subject) ?? 0) + 1);
    return { admitted: true, retryAfter };
  }

  /** Whether the subject has room left today, without counting. */
  hasRoom(subject: string, perDay: number): boolean {
    const start = windowStart('day', this.clock.now());
    return start !== this.windowAt || (this.counts.get(subject) ?? 0) < perDay;
  }
}
