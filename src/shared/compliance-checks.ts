/**
 * The checks of the compliance report, each over one key's requests in arrival order. A check that
 * the traffic never exercised says so ("not_tested"), never "pass".
 */
import {
  BACKOFF_FACTOR,
  duration,
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
  const title = 'Honours Retry-After';
  const { early, followed, refusals, wasted } = retriesHonoured(sorted, sentAfter, false);
  if (followed === 0) {
    const why =
      refusals > 0
        ? 'No request retried a 429 after its answer in this range.'
        : sorted.some(isLimited)
          ? 'No well-formed refusal with a Retry-After in this range: the reset headers rule (ratelimit-window).'
          : 'No 429 in this range: nothing to honour yet.';
    return { rule: verdict('retry-after', title, 'not_tested', why), wasted };
  }
  if (early.length === 0)
    return {
      rule: verdict(
        'retry-after',
        title,
        'pass',
        `Every retry after a 429 waited at least its Retry-After (${followed} checked).`,
      ),
      wasted,
    };
  return {
    rule: verdict(
      'retry-after',
      title,
      'fail',
      `${early.length} request(s) were sent before the Retry-After of an earlier 429 had passed.`,
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
  const title = 'Waits for the window when none is left';
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
            ? 'X-RateLimit-Remaining: 0'
            : isLimited(closedBy.request)
              ? `${closedBy.request.status} without Retry-After`
              : 'RateLimit r=0';
        early.push(
          evidenceOf(
            request,
            `sent ${duration(resetAt - request.at)} before the window's reset, after request #${closedBy.request.id} was answered ${said} (reset ${new Date(resetAt).toISOString()})`,
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
    return verdict(
      'ratelimit-window',
      title,
      'not_tested',
      'No request followed an answer with X-RateLimit-Remaining: 0.',
    );
  if (early.length === 0)
    return verdict(
      'ratelimit-window',
      title,
      'pass',
      `Every request after X-RateLimit-Remaining: 0 waited for the reset (${followed} checked).`,
    );
  return verdict(
    'ratelimit-window',
    title,
    'fail',
    `${early.length} request(s) were sent after X-RateLimit-Remaining: 0 and before the window's reset.`,
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
  const title = 'Backs off when 429s repeat';
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
          `retried ${duration(wait)} after another 429 (under ${NO_WAIT_MS} ms: no wait), having waited ${duration(lastWait)} before`,
        ),
      );
    } else if (!honoured && (wait < lastWait * BACKOFF_FACTOR || wait <= lastWait)) {
      flat.push(
        evidenceOf(
          current,
          `waited ${duration(wait)} after another 429, having waited ${duration(lastWait)} before: backoff needs at least ${duration(Math.max(lastWait * BACKOFF_FACTOR, NO_WAIT_MS))} (×${BACKOFF_FACTOR})`,
        ),
      );
    }
  }
  if (!sorted.some(isLimited))
    return verdict('backoff', title, 'not_tested', 'No 429 in this range: backoff was never needed.');
  if (flat.length > 0)
    return verdict(
      'backoff',
      title,
      'fail',
      `${flat.length} retry(ies) after repeated 429s did not wait longer than the retry before (×${BACKOFF_FACTOR} at least).`,
      flat,
    );
  return verdict(
    'backoff',
    title,
    'pass',
    streaks === 0
      ? 'No 429 was followed by another: the client waited long enough each time.'
      : `Waits grew while 429s repeated (${streaks} run(s) of 429s).`,
  );
}

/** `backoff-cap`: after a 429, a wait longer than the cap (and than its Retry-After) is a client stalling, not backing off. */
function backoffCap(sorted: Requests, capMs: number): RuleVerdict {
  const title = 'Caps its backoff';
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
          `waited ${duration(wait)} after request #${previous.id}'s 429${told ? ` (${told.told})` : ''}: waits should stop growing at ${duration(capMs)}`,
        ),
      );
    }
  }
  if (followed === 0)
    return verdict('backoff-cap', title, 'not_tested', 'No request followed a 429: no wait to judge.');
  if (stalled.length === 0)
    return verdict(
      'backoff-cap',
      title,
      'pass',
      `No wait after a 429 went past ${duration(capMs)} or its Retry-After (${followed} checked).`,
    );
  return verdict(
    'backoff-cap',
    title,
    'fail',
    `${stalled.length} wait(s) after a 429 went past ${duration(capMs)} and the Retry-After asked for.`,
    stalled,
  );
}

/** `gives-up`: the same request (method and path) refused with 429 more than `maxAttempts` times in a row was retried forever. */
function givesUp(sorted: Requests, maxAttempts: number): RuleVerdict {
  const title = 'Gives up in the end';
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
        evidenceOf(
          request,
          `attempt ${attempts} in a row of ${target} refused with 429: a client should give up after ${maxAttempts}`,
        ),
      );
  }
  if (!sorted.some(isLimited))
    return verdict('gives-up', title, 'not_tested', 'No 429 in this range: no retries to count.');
  if (endless.length === 0)
    return verdict('gives-up', title, 'pass', `No request was refused more than ${maxAttempts} times in a row.`);
  return verdict(
    'gives-up',
    title,
    'fail',
    `${endless.length} attempt(s) went past ${maxAttempts} refusals in a row of the same request.`,
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
  const title = 'Retries a POST only with an Idempotency-Key';
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
            `POST ${request.path} sent after request #${failed.id}'s ${failed.status} without an Idempotency-Key: a retried creation may create twice`,
          ),
        );
    }
    if (RETRIED_AFTER(request.status)) failedPosts.set(request.path, request);
    else failedPosts.delete(request.path);
  }
  if (retries === 0)
    return verdict(
      'idempotency',
      title,
      'not_tested',
      'No POST followed a failed POST: no retry of a creation to judge.',
    );
  if (unsafe.length === 0)
    return verdict(
      'idempotency',
      title,
      'pass',
      `Every POST after a failed POST carried an Idempotency-Key (${retries} checked).`,
    );
  return verdict(
    'idempotency',
    title,
    'fail',
    `${unsafe.length} POST(s) after a failed POST carried no Idempotency-Key.`,
    unsafe,
  );
}

/** `ban`: never banned. */
function ban(sorted: Requests): RuleVerdict {
  const title = 'Avoids a ban';
  const banned = sorted.filter((request) => request.code === 'api_key_banned');
  const first = banned[0];
  const limited = sorted.filter(isLimited).length;
  if (limited === 0) return verdict('ban', title, 'not_tested', 'No 429 in this range: no ban was ever near.');
  if (!first) return verdict('ban', title, 'pass', `${limited} request(s) got 429, and none led to a ban.`);
  return verdict(
    'ban',
    title,
    'fail',
    `The key was banned: ${banned.length} request(s) answered api_key_banned, the first at ${new Date(first.at).toISOString()}.`,
    banned.map((request, index) =>
      evidenceOf(
        request,
        index === 0 ? 'this request got the key banned: it kept sending after a 429' : 'sent while the key was banned',
      ),
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
