import { RECHECK_DAILY_MS, RECHECK_DELAYS_MS } from '../../shared/sites';

/**
 * When a domain still pending is checked again: 1 min after it was added or verified by hand, then
 * 10 min and 100 min after the automatic checks that follow, then once a day.
 * `automaticChecks` is how many automatic checks have run since the last manual one.
 */
export function nextCheckAt(checkedAt: number, automaticChecks: number): number {
  return checkedAt + (RECHECK_DELAYS_MS[automaticChecks] ?? RECHECK_DAILY_MS);
}
