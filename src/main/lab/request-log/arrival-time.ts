/**
 * Arrival times finer than Date.now()'s whole milliseconds, for the checks that tell requests apart
 * within a millisecond or measure a spread of a few (jitter, backoff): a Date.now() reading plus
 * the sub-millisecond part of a monotonic clock (performance.now()) kept in step with Date.now().
 * The fraction is always within [0, 1), so a precise arrival never leaves the millisecond that was
 * read: it agrees with Date, the rate-limit headers and Retry-After, which are made from it.
 */
export class ArrivalTimes {
  /** Date.now() as performance.now() predicts it. */
  private anchorDate = Date.now();
  private anchorPerf = performance.now();

  /**
   * `date`, a Date.now() reading taken just before performance.now() read `perfNow`, with its
   * microseconds. A fractional `date` (a test's clock) is kept as it is.
   */
  precise(date: number, perfNow: number): number {
    // Not Number.isInteger: slow on epoch milliseconds in V8, like Math.round.
    if (date % 1 !== 0) return date;
    let estimate = this.anchorDate + (perfNow - this.anchorPerf);
    if (estimate < date) {
      // Date.now() is the real moment rounded down, so the real moment is at least `date`.
      this.anchorDate += date - estimate;
      estimate = date;
    } else if (estimate >= date + 1) {
      // Ahead of the system clock: a pause between the two readings, or the system clock slowed
      // (NTP). Stepped back a microsecond at a time, so arrivals never go back by more.
      this.anchorDate -= Math.min(estimate - date - 1, STEP_BACK_MS);
    }
    return date + Math.floor(Math.min(estimate - date, 0.999) * 1000) / 1000;
  }
}

const STEP_BACK_MS = 0.001;
