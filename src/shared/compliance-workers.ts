/**
 * The checks about a client's many requests at once: its workers' comebacks (`jitter`), the
 * requests queued behind a refusal (`in-flight`), and a refusal whose rate-limit fields were
 * garbage (`malformed`). Each says "not applicable" when the traffic never exercised it.
 */
import { malformedRateLimitFields, malformedRateLimitWords } from './compliance-headers';
import { words } from './lab-words';
import {
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
  // One request at a time over connections a pool rotates, or the server closed, is no set of workers.
  if (!hasWorkers(sorted)) return verdict('jitter', 'not_tested', words('compliance.summaries.jitter.oneAtATime'));
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
          words('compliance.notes.lockstep', {
            count: comebacks.length,
            firstId: run[0]!.id,
            lastId: last.id,
            connections: workers.size,
            spanMs: span,
            limitMs: JITTER_SPAN_MS,
          }),
        ),
      );
    }
  }
  if (runs === 0) return verdict('jitter', 'not_tested', words('compliance.summaries.jitter.noRun'));
  if (lockstep.length === 0)
    return verdict(
      'jitter',
      'pass',
      words('compliance.summaries.jitter.pass', { spanMs: worst?.span ?? 0, count: runs }),
    );
  return verdict('jitter', 'fail', words('compliance.summaries.jitter.fail', { spanMs: JITTER_SPAN_MS }), lockstep);
}

/**
 * `in-flight`: after a refusal, the key sends nothing new until the wait is over, from any
 * connection: requests queued behind it are held. `retry-after` judges the refused request's own
 * retry; this judges every other target. A request already on its way when the refusal went out
 * (another connection, the same burst: see sentAfterIn) cannot be held.
 */
export function inFlight(sorted: Requests, sentAfter: SentAfter): RuleVerdict {
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
            words('compliance.notes.released', {
              target: targetOf(request),
              sinceMs: request.at - refusal.at,
              refusalId: refusal.id,
              status: refusal.status,
              refusedTarget: targetOf(refusal),
              told: wait.toldWords,
              earlyMs: wait.until - request.at,
            }),
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
      'not_tested',
      words(
        sorted.some(isLimited) ? 'compliance.summaries.in-flight.notFollowed' : 'compliance.summaries.in-flight.no429',
      ),
    );
  if (released.length === 0)
    return verdict('in-flight', 'pass', words('compliance.summaries.in-flight.pass', { count: followed }));
  return verdict(
    'in-flight',
    'fail',
    words('compliance.summaries.in-flight.fail', { count: released.length }),
    released,
  );
}

/**
 * `malformed` (draft-ietf-httpapi-ratelimit-headers §5: malformed fields MUST be ignored): after a
 * refusal whose RateLimit fields were garbage, the retry still honours its Retry-After. Those
 * refusals are judged here and not by `retry-after`, so a client is told which one it got wrong.
 */
export function malformed(sorted: Requests, sentAfter: SentAfter): RuleVerdict {
  const garbled = sorted.find((request) => isLimited(request) && malformedRateLimitFields(request) !== null);
  const why = garbled && malformedRateLimitWords(garbled);
  if (!why) return verdict('malformed', 'not_tested', words('compliance.summaries.malformed.noneSent'));
  const { early, followed } = retriesHonoured(sorted, sentAfter, true);
  if (followed === 0)
    return verdict('malformed', 'not_tested', words('compliance.summaries.malformed.notRetried', { why }));
  if (early.length === 0)
    return verdict('malformed', 'pass', words('compliance.summaries.malformed.pass', { count: followed, why }));
  return verdict(
    'malformed',
    'fail',
    words('compliance.summaries.malformed.fail', { count: early.length, why }),
    early,
  );
}
