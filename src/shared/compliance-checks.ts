/**
 * The checks of the compliance report, each over one key's requests in arrival order. A check that
 * the traffic never exercised says so ("not_tested"), never "pass".
 */
import {
  BACKOFF_FACTOR,
  evidenceOf,
  isLimited,
  NO_WAIT_MS,
  verdict,
  WAIT_TOLERANCE_MS,
  type CheckSettings,
  type Evidence,
  type ObservedRequest,
  type RuleVerdict,
} from './compliance-model';
import { retryAfterOf, windowStateOf } from './compliance-headers';
import { words } from './lab-words';
import { retriesHonoured, sentAfterIn, targetOf, waitOf, type Requests, type SentAfter } from './compliance-traffic';
import { inFlight, jitter, malformed } from './compliance-workers';

/**
 * `retry-after` (RFC 9110 §10.2.3) judges the retried request: after a refusal, the next request to
 * the same target (method and path) sent once the refusal was answered waits its Retry-After, in
 * either form (seconds, or an HTTP-date from the answer's Date). Only the latest refusal of a
 * target counts: a shorter Retry-After of a later one replaces a longer one, as the server's own
 * counters moved on. Other requests sent meanwhile are `in-flight`'s; refusals whose rate-limit
 * fields were malformed are `malformed`'s. "Wasted": sent early and refused.
 */
function retryAfter(sorted: Requests, sentAfter: SentAfter): { rule: RuleVerdict; wasted: number } {
  const { early, followed, refusals, wasted } = retriesHonoured(sorted, sentAfter, false);
  if (followed === 0) {
    const why = refusals > 0 ? 'notRetried' : sorted.some(isLimited) ? 'noWellFormed' : 'no429';
    return { rule: verdict('retry-after', 'not_tested', words(`compliance.summaries.retry-after.${why}`)), wasted };
  }
  if (early.length === 0)
    return {
      rule: verdict('retry-after', 'pass', words('compliance.summaries.retry-after.pass', { count: followed })),
      wasted,
    };
  return {
    rule: verdict(
      'retry-after',
      'fail',
      words('compliance.summaries.retry-after.fail', { count: early.length }),
      early,
    ),
    wasted,
  };
}

/**
 * `ratelimit-window` (draft-ietf-httpapi-ratelimit-headers §4–6): after an answer saying no request
 * is left (X-RateLimit-Remaining: 0, or RateLimit r=0), nothing before the window's reset, even
 * without a 429. A refusal with a Retry-After is `retry-after`'s to judge; one without (a
 * `no-retry-after` profile) closes the window here. An answer with room again lifts it.
 */
function ratelimitWindow(sorted: Requests, sentAfter: SentAfter): RuleVerdict {
  const early: Evidence[] = [];
  let closedBy: { request: ObservedRequest; resetAt: number } | undefined;
  let followed = 0;
  for (const request of sorted) {
    if (closedBy && sentAfter(request, closedBy.request)) {
      followed += 1;
      const { resetAt } = closedBy;
      if (request.at < resetAt - WAIT_TOLERANCE_MS) {
        const said =
          closedBy.request.remaining === 0
            ? words('compliance.said.remaining')
            : isLimited(closedBy.request)
              ? words('compliance.said.refused', { status: closedBy.request.status })
              : words('compliance.said.field');
        early.push(
          evidenceOf(
            request,
            words('compliance.notes.windowEarly', {
              earlyMs: resetAt - request.at,
              closerId: closedBy.request.id,
              said,
              resetAt,
            }),
          ),
        );
      }
    }
    const state = windowStateOf(request);
    if (isLimited(request) && retryAfterOf(request) !== null) closedBy = undefined;
    else if (state.remaining === 0 && state.resetAt !== null) closedBy = { request, resetAt: state.resetAt };
    else if (state.remaining != null && state.remaining > 0 && (!closedBy || sentAfter(request, closedBy.request)))
      closedBy = undefined;
  }
  if (followed === 0)
    return verdict('ratelimit-window', 'not_tested', words('compliance.summaries.ratelimit-window.notTested'));
  if (early.length === 0)
    return verdict(
      'ratelimit-window',
      'pass',
      words('compliance.summaries.ratelimit-window.pass', { count: followed }),
    );
  return verdict(
    'ratelimit-window',
    'fail',
    words('compliance.summaries.ratelimit-window.fail', { count: early.length }),
    early,
  );
}

/**
 * `backoff`: while a request's retries are refused, each wait grows (by BACKOFF_FACTOR), unless it
 * already honours Retry-After. A gap under NO_WAIT_MS is no wait, however it compares with the one
 * before. Judged per target, retry after retry (a worker's refusal that was already on its way
 * when another's came back is no retry), on the log's microsecond arrivals.
 */
function backoff(sorted: Requests, sentAfter: SentAfter): RuleVerdict {
  const flat: Evidence[] = [];
  let streaks = 0;
  // Per target, its latest refusal and the wait before it, when that refusal retried an earlier one.
  const chains = new Map<string, { refusal: ObservedRequest; lastWait: number | null }>();
  for (const current of sorted) {
    const target = targetOf(current);
    const chain = chains.get(target);
    // Refused while already on its way (another worker's): neither a retry nor the start of a chain.
    if (chain && !sentAfter(current, chain.refusal)) continue;
    if (!isLimited(current)) {
      chains.delete(target);
      continue;
    }
    if (!chain) {
      chains.set(target, { refusal: current, lastWait: null });
      continue;
    }
    const previous = chain.refusal;
    const wait = current.at - previous.at;
    chains.set(target, { refusal: current, lastWait: wait });
    const { lastWait } = chain;
    if (lastWait === null) {
      streaks += 1;
      continue;
    }
    const asked = retryAfterOf(previous);
    const honoured = asked !== null && wait >= asked.waitMs - WAIT_TOLERANCE_MS;
    // Strictly longer, too: a client retrying without any pause never backs off, however fast it is.
    if (!honoured && wait < NO_WAIT_MS) {
      flat.push(
        evidenceOf(
          current,
          words('compliance.notes.noWait', { waitMs: wait, noWaitMs: NO_WAIT_MS, lastWaitMs: lastWait }),
        ),
      );
    } else if (!honoured && (wait < lastWait * BACKOFF_FACTOR || wait <= lastWait)) {
      flat.push(
        evidenceOf(
          current,
          words('compliance.notes.flat', {
            waitMs: wait,
            lastWaitMs: lastWait,
            neededMs: Math.max(lastWait * BACKOFF_FACTOR, NO_WAIT_MS),
            factor: BACKOFF_FACTOR,
          }),
        ),
      );
    }
  }
  if (!sorted.some(isLimited)) return verdict('backoff', 'not_tested', words('compliance.summaries.backoff.no429'));
  if (flat.length > 0)
    return verdict(
      'backoff',
      'fail',
      words('compliance.summaries.backoff.fail', { count: flat.length, factor: BACKOFF_FACTOR }),
      flat,
    );
  return verdict(
    'backoff',
    'pass',
    streaks === 0
      ? words('compliance.summaries.backoff.passNoRun')
      : words('compliance.summaries.backoff.pass', { count: streaks }),
  );
}

/** `backoff-cap`: after a 429, a wait longer than the cap (and than its Retry-After) is a client stalling, not backing off. */
function backoffCap(sorted: Requests, capMs: number): RuleVerdict {
  const stalled: Evidence[] = [];
  let followed = 0;
  for (let index = 1; index < sorted.length; index += 1) {
    const previous = sorted[index - 1];
    const current = sorted[index];
    if (!previous || !current || !isLimited(previous)) continue;
    followed += 1;
    const wait = current.at - previous.at;
    const told = waitOf(previous);
    const asked = told ? told.until - previous.at : 0;
    if (wait > Math.max(capMs, asked + WAIT_TOLERANCE_MS)) {
      stalled.push(
        evidenceOf(
          current,
          told
            ? words('compliance.notes.stalledTold', {
                waitMs: wait,
                refusalId: previous.id,
                told: told.toldWords,
                capMs,
              })
            : words('compliance.notes.stalled', { waitMs: wait, refusalId: previous.id, capMs }),
        ),
      );
    }
  }
  if (followed === 0) return verdict('backoff-cap', 'not_tested', words('compliance.summaries.backoff-cap.notTested'));
  if (stalled.length === 0)
    return verdict('backoff-cap', 'pass', words('compliance.summaries.backoff-cap.pass', { capMs, count: followed }));
  return verdict(
    'backoff-cap',
    'fail',
    words('compliance.summaries.backoff-cap.fail', { count: stalled.length, capMs }),
    stalled,
  );
}

/** `gives-up`: the same request (method and path) refused with 429 more than `maxAttempts` times in a row was retried forever. */
function givesUp(sorted: Requests, maxAttempts: number): RuleVerdict {
  const endless: Evidence[] = [];
  const refusedInARow = new Map<string, number>();
  for (const request of sorted) {
    const target = `${request.method} ${request.path}`;
    if (!isLimited(request)) {
      refusedInARow.delete(target);
      continue;
    }
    const attempts = (refusedInARow.get(target) ?? 0) + 1;
    refusedInARow.set(target, attempts);
    if (attempts > maxAttempts)
      endless.push(
        evidenceOf(request, words('compliance.notes.endless', { attempt: attempts, target, max: maxAttempts })),
      );
  }
  if (!sorted.some(isLimited)) return verdict('gives-up', 'not_tested', words('compliance.summaries.gives-up.no429'));
  if (endless.length === 0)
    return verdict('gives-up', 'pass', words('compliance.summaries.gives-up.pass', { count: maxAttempts }));
  return verdict(
    'gives-up',
    'fail',
    words('compliance.summaries.gives-up.fail', { count: endless.length, max: maxAttempts }),
    endless,
  );
}

/** Failures after which a client cannot know whether its POST created anything, or was told to try again. */
const RETRIED_AFTER = (status: number) => status === 408 || status === 429 || status >= 500;
const hasIdempotencyKey = (request: ObservedRequest) => request.headers?.['idempotency-key'] !== undefined;

/**
 * `idempotency`: a POST that follows a failed POST to the same path (a retry, as far as the server can
 * tell) carries an Idempotency-Key, so that it cannot create twice. The API echoes the key on every
 * answer to a POST, which is how the log knows.
 */
function idempotency(sorted: Requests): RuleVerdict {
  const unsafe: Evidence[] = [];
  const failedPosts = new Map<string, ObservedRequest>();
  let retries = 0;
  for (const request of sorted) {
    if (request.method !== 'POST') continue;
    const failed = failedPosts.get(request.path);
    if (failed) {
      retries += 1;
      if (!hasIdempotencyKey(request))
        unsafe.push(
          evidenceOf(
            request,
            words('compliance.notes.unsafe', { path: request.path, failedId: failed.id, status: failed.status }),
          ),
        );
    }
    if (RETRIED_AFTER(request.status)) failedPosts.set(request.path, request);
    else failedPosts.delete(request.path);
  }
  if (retries === 0) return verdict('idempotency', 'not_tested', words('compliance.summaries.idempotency.notTested'));
  if (unsafe.length === 0)
    return verdict('idempotency', 'pass', words('compliance.summaries.idempotency.pass', { count: retries }));
  return verdict(
    'idempotency',
    'fail',
    words('compliance.summaries.idempotency.fail', { count: unsafe.length }),
    unsafe,
  );
}

/** `ban`: never banned. */
function ban(sorted: Requests): RuleVerdict {
  const banned = sorted.filter((request) => request.code === 'api_key_banned');
  const first = banned[0];
  const limited = sorted.filter(isLimited).length;
  if (limited === 0) return verdict('ban', 'not_tested', words('compliance.summaries.ban.no429'));
  if (!first) return verdict('ban', 'pass', words('compliance.summaries.ban.pass', { count: limited }));
  return verdict(
    'ban',
    'fail',
    words('compliance.summaries.ban.fail', { count: banned.length, firstAt: first.at }),
    banned.map((request, index) =>
      evidenceOf(request, words(index === 0 ? 'compliance.notes.banning' : 'compliance.notes.banned')),
    ),
  );
}

/** Every check, in the order reports list them, and the count of wasted requests. */
export function runChecks(sorted: Requests, settings: CheckSettings): { rules: RuleVerdict[]; wasted: number } {
  const sentAfter = sentAfterIn(sorted);
  const honours = retryAfter(sorted, sentAfter);
  return {
    rules: [
      honours.rule,
      ratelimitWindow(sorted, sentAfter),
      backoff(sorted, sentAfter),
      backoffCap(sorted, settings.backoffCapMs),
      givesUp(sorted, settings.maxAttempts),
      jitter(sorted, sentAfter),
      inFlight(sorted, sentAfter),
      malformed(sorted, sentAfter),
      idempotency(sorted),
      ban(sorted),
    ],
    wasted: honours.wasted,
  };
}
