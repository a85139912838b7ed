/**
 * The checks about a client's many requests at once: its workers' comebacks (`jitter`), the
 * requests queued behind a refusal (`in-flight`), and a refusal whose rate-limit fields were
 * garbage (`malformed`). Each says "not applicable" when the traffic never exercised it.
 */
import { malformedRateLimitFields } from './compliance-headers';
import {
  duration,
  evidenceOf,
  isLimited,
  JITTER_SPAN_MS,
  verdict,
  WAIT_TOLERANCE_MS,
  type Evidence,
  type ObservedRequest,
  type RuleVerdict,
} from './compliance-model';
import {
  hasWorkers,
  retriesHonoured,
  targetOf,
  waitOf,
  workerOf,
  type Requests,
  type SentAfter,
  type Wait,
} from './compliance-traffic';

/**
 * `jitter`: workers throttled together (a run of refusals, one window: the server refuses every
 * request until it resets) do not all come back within JITTER_SPAN_MS. The workers are the
 * distinct connections (or keys) the run's refusals went to; their comebacks, the first as many
 * requests sent after the run's last refusal was answered. Not applicable with a single connection,
 * or to a client sending one request at a time (hasWorkers), whatever connections it used.
 */
export function jitter(sorted: Requests, sentAfter: SentAfter): RuleVerdict {
  const title = 'Spreads retries across workers';
  // One request at a time over connections a pool rotates, or the server closed, is no set of workers.
  if (!hasWorkers(sorted))
    return verdict(
      'jitter',
      title,
      'not_tested',
      'The client sent one request at a time: there were no workers to spread.',
    );
  const lockstep: Evidence[] = [];
  let runs = 0;
  let worst: { span: number; count: number } | undefined;
  for (let start = 0; start < sorted.length;) {
    if (!isLimited(sorted[start]!)) {
      start += 1;
      continue;
    }
    let end = start;
    while (end + 1 < sorted.length && isLimited(sorted[end + 1]!)) end += 1;
    const run = sorted.slice(start, end + 1);
    start = end + 1;
    const workers = new Set(run.map(workerOf));
    if (workers.has(null) || workers.size < 2) continue;
    const last = run.at(-1)!;
    const comebacks = sorted
      .slice(end + 1)
      .filter((request) => sentAfter(request, last))
      .slice(0, workers.size);
    if (comebacks.length < 2) continue;
    runs += 1;
    const span = comebacks.at(-1)!.at - comebacks[0]!.at;
    if (!worst || span < worst.span) worst = { span, count: comebacks.length };
    if (span >= JITTER_SPAN_MS) continue;
    for (const request of comebacks) {
      lockstep.push(
        evidenceOf(
          request,
          `one of ${comebacks.length} workers throttled by the 429s #${run[0]!.id}–#${last.id} (${workers.size} connections): all came back within ${duration(span)} (under ${JITTER_SPAN_MS} ms)`,
        ),
      );
    }
  }
  if (runs === 0)
    return verdict(
      'jitter',
      title,
      'not_tested',
      'No 429s reached two or more connections at once: there were no workers to spread.',
    );
  if (lockstep.length === 0)
    return verdict(
      'jitter',
      title,
      'pass',
      `Workers throttled together came back spread over ${duration(worst?.span ?? 0)} at the least (${runs} run(s) of 429s).`,
    );
  return verdict(
    'jitter',
    title,
    'fail',
    `Workers throttled by the same 429s came back within ${JITTER_SPAN_MS} ms of each other: retries in lockstep hit the limit again together.`,
    lockstep,
  );
}

/**
 * `in-flight`: after a refusal, the key sends nothing new until the wait is over, from any
 * connection: requests queued behind it are held. `retry-after` judges the refused request's own
 * retry; this judges every other target. A request already on its way when the refusal went out
 * (another connection, the same burst: see sentAfterIn) cannot be held.
 */
export function inFlight(sorted: Requests, sentAfter: SentAfter): RuleVerdict {
  const title = 'Holds queued requests after a 429';
  const released: Evidence[] = [];
  let latest: { refusal: ObservedRequest; wait: Wait } | undefined;
  let followed = 0;
  for (const request of sorted) {
    if (latest && targetOf(request) !== targetOf(latest.refusal) && sentAfter(request, latest.refusal)) {
      followed += 1;
      const { refusal, wait } = latest;
      if (request.at < wait.until - WAIT_TOLERANCE_MS) {
        released.push(
          evidenceOf(
            request,
            `a new request (${targetOf(request)}) sent ${duration(request.at - refusal.at)} after request #${refusal.id}'s ${refusal.status} (${targetOf(refusal)}, ${wait.told}): ${duration(wait.until - request.at)} before the wait was over`,
          ),
        );
      }
    }
    if (!isLimited(request)) continue;
    const wait = waitOf(request);
    if (wait && (!latest || sentAfter(request, latest.refusal) || wait.until > latest.wait.until))
      latest = { refusal: request, wait };
  }
  if (followed === 0)
    return verdict(
      'in-flight',
      title,
      'not_tested',
      sorted.some(isLimited)
        ? 'No other request followed a 429: nothing queued to hold.'
        : 'No 429 in this range: nothing to hold.',
    );
  if (released.length === 0)
    return verdict(
      'in-flight',
      title,
      'pass',
      `Nothing new was sent while a 429's wait ran (${followed} later request(s) checked).`,
    );
  return verdict(
    'in-flight',
    title,
    'fail',
    `${released.length} new request(s) went out while a 429 said wait: the client released its queue.`,
    released,
  );
}

/**
 * `malformed` (draft-ietf-httpapi-ratelimit-headers §5: malformed fields MUST be ignored): after a
 * refusal whose RateLimit fields were garbage, the retry still honours its Retry-After. Those
 * refusals are judged here and not by `retry-after`, so a client is told which one it got wrong.
 */
export function malformed(sorted: Requests, sentAfter: SentAfter): RuleVerdict {
  const title = 'Ignores malformed RateLimit fields';
  const garbled = sorted.find((request) => isLimited(request) && malformedRateLimitFields(request) !== null);
  if (!garbled)
    return verdict(
      'malformed',
      title,
      'not_tested',
      'No refusal carried malformed RateLimit fields (the `malformed` header profile sends them).',
    );
  const { early, followed } = retriesHonoured(sorted, sentAfter, true);
  const why = malformedRateLimitFields(garbled);
  if (followed === 0)
    return verdict(
      'malformed',
      title,
      'not_tested',
      `Refusals carried malformed fields (${why}), but none was retried.`,
    );
  if (early.length === 0)
    return verdict(
      'malformed',
      title,
      'pass',
      `Every retry after a refusal with malformed fields waited its Retry-After (${followed} checked; ${why}).`,
    );
  return verdict(
    'malformed',
    title,
    'fail',
    `${early.length} retry(ies) after a refusal with malformed RateLimit fields came before its Retry-After (${why}).`,
    early,
  );
}
