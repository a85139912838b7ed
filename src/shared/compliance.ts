/**
 * The client-compliance report (pure, so it is tested on hand-made sequences): from one key's logged
 * requests, how the client handled its rate limits, check by check (compliance-checks.ts).
 */
import { runChecks } from './compliance-checks';
import {
  DEFAULT_CHECK_SETTINGS,
  type CheckSettings,
  type ComplianceReport,
  type ObservedRequest,
  type TimelineBucket,
} from './compliance-model';

export * from './compliance-model';

/** Requests are taken in arrival order; `from`/`to` bound the timeline (default: the first and last request). */
export function complianceReport(
  keyId: number,
  requests: readonly ObservedRequest[],
  range: { from?: number; to?: number } = {},
  settings: CheckSettings = DEFAULT_CHECK_SETTINGS,
): ComplianceReport {
  const sorted = [...requests].sort((a, b) => a.at - b.at || a.id - b.id);
  const { rules, wasted } = runChecks(sorted, settings);
  const accepted = sorted.filter((request) => request.status < 400).length;
  const rateLimited = sorted.filter((request) => request.code === 'rate_limited').length;
  const banned = sorted.filter((request) => request.code === 'api_key_banned').length;
  const from = range.from ?? sorted[0]?.at ?? 0;
  const to = Math.max(from, range.to ?? sorted.at(-1)?.at ?? from);
  return {
    keyId,
    from,
    to,
    totals: {
      requests: sorted.length,
      accepted,
      rateLimited,
      banned,
      other: sorted.length - accepted - rateLimited - banned,
      wasted,
    },
    rules,
    timeline: timeline(sorted, from, to),
  };
}

const BUCKETS_MS = [1_000, 5_000, 15_000, 60_000, 300_000, 900_000, 3_600_000, 21_600_000, 86_400_000];
const MAX_BUCKETS = 120;

/** Requests per bucket (at most 120 of them), with the minute (or day) windows' starts to draw. */
function timeline(requests: readonly ObservedRequest[], from: number, to: number): ComplianceReport['timeline'] {
  const span = to - from + 1;
  const bucketMs = BUCKETS_MS.find((size) => span / size <= MAX_BUCKETS) ?? Math.ceil(span / MAX_BUCKETS);
  const first = from - (from % bucketMs);
  const count = Math.floor((to - first) / bucketMs) + 1;
  const buckets: TimelineBucket[] = Array.from({ length: count }, (_, i) => ({
    start: first + i * bucketMs,
    accepted: 0,
    rateLimited: 0,
    banned: 0,
    other: 0,
  }));
  for (const request of requests) {
    const bucket = buckets[Math.floor((request.at - first) / bucketMs)];
    if (!bucket) continue;
    if (request.status < 400) bucket.accepted += 1;
    else if (request.code === 'rate_limited') bucket.rateLimited += 1;
    else if (request.code === 'api_key_banned') bucket.banned += 1;
    else bucket.other += 1;
  }
  const windowKind = bucketMs < 60_000 ? 'minute' : bucketMs < 86_400_000 ? 'day' : null;
  const windowMs = windowKind === 'minute' ? 60_000 : 86_400_000;
  const windowStarts: number[] = [];
  if (windowKind)
    for (let start = first - (first % windowMs) + windowMs; start <= first + count * bucketMs; start += windowMs)
      windowStarts.push(start);
  return { bucketMs, buckets, windowKind, windowStarts };
}
