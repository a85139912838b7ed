import { RENEW_BEFORE_MS } from '../../../shared/sites';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
/** After the 1st, 2nd, 3rd, 4th failed attempt in a row; then once a day. */
export const CERTIFICATE_RETRY_DELAYS_MS = [5 * MINUTE, 30 * MINUTE, 2 * HOUR, 8 * HOUR] as const;
export const CERTIFICATE_RETRY_DAILY_MS = 24 * HOUR;
/**
 * Failed attempts allowed per domain in any hour, re-verify included: below Let's Encrypt's limit of 5
 * failed validations per hostname per account per hour, so a stuck domain never locks itself out.
 */
export const FAILED_ATTEMPTS_PER_HOUR = 3;
/** Failures remembered: enough for the backoff step and the hourly cap. */
const FAILURES_KEPT = 10;

/** When the hourly cap lets another attempt run: now, or an hour after the oldest failure that fills it. */
export function capReleasedAt(failures: readonly number[], now: number): number {
  const lastHour = failures.filter((at) => at > now - HOUR).sort((a, b) => a - b);
  if (lastHour.length < FAILED_ATTEMPTS_PER_HOUR) return now;
  return (lastHour[lastHour.length - FAILED_ATTEMPTS_PER_HOUR] ?? now) + HOUR;
}

/** The failures after one more at `now`, and when to try again. */
export function afterFailure(failures: readonly number[], now: number): { failures: number[]; nextAttemptAt: number } {
  const next = [...failures, now].slice(-FAILURES_KEPT);
  const delay = CERTIFICATE_RETRY_DELAYS_MS[next.length - 1] ?? CERTIFICATE_RETRY_DAILY_MS;
  return { failures: next, nextAttemptAt: Math.max(now + delay, capReleasedAt(next, now)) };
}

/** Renewal: 30 days before expiry, or a third of the lifetime for a short-lived certificate. */
export function renewalAt(notBefore: number, notAfter: number): number {
  return notAfter - Math.min(RENEW_BEFORE_MS, Math.floor((notAfter - notBefore) / 3));
}
