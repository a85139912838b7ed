/**
 * The client-compliance report (pure, so it is tested on hand-made sequences): from one key's logged
 * requests, does the client honour Retry-After, back off when 429s repeat, and stay clear of a ban?
 */

/** What the report needs of a logged request. */
export interface ObservedRequest {
  id: number;
  /** Arrival by the environment's clock, epoch ms. */
  at: number;
  method: string;
  path: string;
  status: number;
  code: string | null;
  retryAfter: number | null;
}

export type RuleId = 'honours_retry_after' | 'backs_off' | 'avoids_ban';
/** Each check's stable id, as the gate, JUnit and docs/quota-lab name it. */
export const CHECK_IDS: Record<RuleId, string> = { honours_retry_after: 'retry-after', backs_off: 'backoff', avoids_ban: 'ban' };
export type Verdict = 'pass' | 'fail' | 'not_tested';

export interface Evidence {
  requestId: number;
  at: number;
  method: string;
  path: string;
  status: number;
  code: string | null;
  /** Why this request counts against the rule, in words. */
  note: string;
}

export interface RuleVerdict {
  rule: RuleId;
  title: string;
  verdict: Verdict;
  summary: string;
  /** The offending requests (the first EVIDENCE_MAX of them); `offences` counts them all. */
  evidence: Evidence[];
  offences: number;
}

export interface TimelineBucket {
  start: number;
  accepted: number;
  rateLimited: number;
  banned: number;
  other: number;
}

export interface ComplianceReport {
  keyId: number;
  from: number;
  to: number;
  totals: { requests: number; accepted: number; rateLimited: number; banned: number; other: number; wasted: number };
  rules: RuleVerdict[];
  timeline: { bucketMs: number; buckets: TimelineBucket[]; windowKind: 'minute' | 'day' | null; windowStarts: number[] };
}

/** Timers and clocks may fire a little early; a wait this much short of Retry-After still counts as honoured. */
export const WAIT_TOLERANCE_MS = 100;
/** Exponential backoff: each wait while 429s repeat is at least this many times the one before. */
export const BACKOFF_FACTOR = 1.5;
/**
 * A gap shorter than this between two requests is no wait at all: it is what a client sending
 * back-to-back takes to get its next request out. Without the floor, 0 ms growing to 1 ms would pass as backoff.
 */
export const NO_WAIT_MS = 50;
export const EVIDENCE_MAX = 50;

const TITLES: Record<RuleId, string> = {
  honours_retry_after: 'Honours Retry-After',
  backs_off: 'Backs off when 429s repeat',
  avoids_ban: 'Avoids a ban',
};

const isLimited = (request: ObservedRequest) => request.status === 429;
/** A duration readable at its own scale: "0.4 ms", "38 ms", "7.51 s", "21.0 s". */
export function duration(ms: number): string {
  if (ms < 10) return `${ms.toFixed(1)} ms`;
  if (ms < 1_000) return `${Math.round(ms)} ms`;
  return `${(ms / 1000).toFixed(ms < 10_000 ? 2 : 1)} s`;
}

function evidenceOf(request: ObservedRequest, note: string): Evidence {
  const { id, at, method, path, status, code } = request;
  return { requestId: id, at, method, path, status, code, note };
}

function verdict(rule: RuleId, result: Verdict, summary: string, offending: Evidence[]): RuleVerdict {
  return { rule, title: TITLES[rule], verdict: result, summary, evidence: offending.slice(0, EVIDENCE_MAX), offences: offending.length };
}

/** Requests are taken in arrival order; `from`/`to` bound the timeline (default: the first and last request). */
export function complianceReport(keyId: number, requests: readonly ObservedRequest[], range: { from?: number; to?: number } = {}): ComplianceReport {
  const sorted = [...requests].sort((a, b) => a.at - b.at || a.id - b.id);
  const limited = sorted.filter(isLimited);

  // Rule 1: no request before the wait the latest 429 asked for has passed. Only the latest counts: a
  // shorter Retry-After of a later 429 replaces a longer one, as the server's own counters moved on.
  const early: Evidence[] = [];
  let wasted = 0;
  let waitUntil = -Infinity;
  let toldBy: ObservedRequest | undefined;
  let followed429s = 0;
  for (const [index, request] of sorted.entries()) {
    const previous = sorted[index - 1];
    if (previous && isLimited(previous)) followed429s += 1;
    if (toldBy && request.at < waitUntil - WAIT_TOLERANCE_MS) {
      early.push(evidenceOf(request, `sent ${duration(request.at - toldBy.at)} after request #${toldBy.id}'s 429, which said Retry-After: ${toldBy.retryAfter} s (${duration(waitUntil - request.at)} too early)`));
      // Wasted: sent early and refused. One that got through early cost the client nothing.
      if (isLimited(request)) wasted += 1;
    }
    if (isLimited(request) && request.retryAfter !== null) {
      waitUntil = request.at + request.retryAfter * 1000;
      toldBy = request;
    }
  }
  const honours =
    followed429s === 0
      ? verdict('honours_retry_after', 'not_tested', limited.length === 0 ? 'No 429 in this range: nothing to honour yet.' : 'No request followed the last 429 in this range.', [])
      : early.length === 0
        ? verdict('honours_retry_after', 'pass', `Every request after a 429 waited at least its Retry-After (${followed429s} checked).`, [])
        : verdict('honours_retry_after', 'fail', `${early.length} request(s) were sent before the Retry-After of an earlier 429 had passed.`, early);

  // Rule 2: while 429s repeat, each wait grows (by BACKOFF_FACTOR), unless it already honours Retry-After.
  // A gap under NO_WAIT_MS is no wait, however it compares with the one before.
  const flat: Evidence[] = [];
  let streaks = 0;
  for (let index = 1; index < sorted.length; index += 1) {
    const previous = sorted[index - 1];
    const current = sorted[index];
    if (!previous || !current || !isLimited(previous) || !isLimited(current)) continue;
    const before = sorted[index - 2];
    if (!before || !isLimited(before)) {
      streaks += 1;
      continue;
    }
    const lastWait = previous.at - before.at;
    const wait = current.at - previous.at;
    const honoured = previous.retryAfter !== null && wait >= previous.retryAfter * 1000 - WAIT_TOLERANCE_MS;
    // Strictly longer, too: a client retrying without any pause never backs off, however fast it is.
    if (!honoured && wait < NO_WAIT_MS) {
      flat.push(evidenceOf(current, `retried ${duration(wait)} after another 429 (under ${NO_WAIT_MS} ms: no wait), having waited ${duration(lastWait)} before`));
    } else if (!honoured && (wait < lastWait * BACKOFF_FACTOR || wait <= lastWait)) {
      flat.push(evidenceOf(current, `waited ${duration(wait)} after another 429, having waited ${duration(lastWait)} before: backoff needs at least ${duration(Math.max(lastWait * BACKOFF_FACTOR, NO_WAIT_MS))} (×${BACKOFF_FACTOR})`));
    }
  }
  const backsOff =
    limited.length === 0
      ? verdict('backs_off', 'not_tested', 'No 429 in this range: backoff was never needed.', [])
      : flat.length > 0
        ? verdict('backs_off', 'fail', `${flat.length} retry(ies) after repeated 429s did not wait longer than the retry before (×${BACKOFF_FACTOR} at least).`, flat)
        : verdict('backs_off', 'pass', streaks === 0 ? 'No 429 was followed by another: the client waited long enough each time.' : `Waits grew while 429s repeated (${streaks} run(s) of 429s).`, []);

  // Rule 3: no ban.
  const banned = sorted.filter((request) => request.code === 'api_key_banned');
  const firstBan = banned[0];
  const avoids =
    limited.length === 0
      ? verdict('avoids_ban', 'not_tested', 'No 429 in this range: no ban was ever near.', [])
      : firstBan
        ? verdict(
            'avoids_ban',
            'fail',
            `The key was banned: ${banned.length} request(s) answered api_key_banned, the first at ${new Date(firstBan.at).toISOString()}.`,
            banned.map((request, index) => evidenceOf(request, index === 0 ? 'this request got the key banned: it kept sending after a 429' : 'sent while the key was banned')),
          )
        : verdict('avoids_ban', 'pass', `${limited.length} request(s) got 429, and none led to a ban.`, []);

  const accepted = sorted.filter((request) => request.status < 400).length;
  const rateLimited = sorted.filter((request) => request.code === 'rate_limited').length;
  const from = range.from ?? sorted[0]?.at ?? 0;
  const to = Math.max(from, range.to ?? sorted.at(-1)?.at ?? from);
  return {
    keyId,
    from,
    to,
    totals: { requests: sorted.length, accepted, rateLimited, banned: banned.length, other: sorted.length - accepted - rateLimited - banned.length, wasted },
    rules: [honours, backsOff, avoids],
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
  const buckets: TimelineBucket[] = Array.from({ length: count }, (_, i) => ({ start: first + i * bucketMs, accepted: 0, rateLimited: 0, banned: 0, other: 0 }));
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
  if (windowKind) for (let start = first - (first % windowMs) + windowMs; start <= first + count * bucketMs; start += windowMs) windowStarts.push(start);
  return { bucketMs, buckets, windowKind, windowStarts };
}
