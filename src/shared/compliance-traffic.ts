/**
 * How the checks read a key's traffic when several workers share it: which request retries which,
 * and which requests were already on their way when a refusal went out. The server sees arrivals,
 * not sends: on one HTTP/1.1 connection a request that arrives after an answer was sent after it;
 * from another worker's connection, one that arrives in the same burst left the client before the
 * answer reached it, and no client can be blamed for it.
 */
import { malformedRateLimitFields, retryAfterOf, windowStateOf, type RetryAfter } from './compliance-headers';
import { englishOf, words, type Words } from './lab-words';
import { evidenceOf, isLimited, WAIT_TOLERANCE_MS, type Evidence, type ObservedRequest } from './compliance-model';

export type Requests = readonly ObservedRequest[];

/**
 * A request arriving this soon after the answer before it continues a burst: the server was busy
 * with requests already waiting for it (the workers of one client send at once). Generous, as a
 * busy CI machine holds requests that long in its queues (the same figure as NO_WAIT_MS).
 */
export const IN_FLIGHT_MS = 50;

/** What a retry repeats: the method and path (with its query). */
export const targetOf = (request: ObservedRequest): string => `${request.method} ${request.path}`;

/** When the answer left the server. */
export const answeredAt = (request: ObservedRequest): number => request.at + (request.latencyMs ?? 0);

/** The worker a request came from: its key and connection; null when the log does not know (earlier releases, hand-made traffic). */
export function workerOf(request: ObservedRequest): string | null {
  if (request.connection != null) return `${request.keyId ?? '-'}#${request.connection}`;
  if (request.port != null) return `${request.keyId ?? '-'}@${request.address ?? ''}:${request.port}`;
  return null;
}

/** Whether `later` left the client after it had `earlier`'s answer (see sentAfterIn). */
export type SentAfter = (later: ObservedRequest, earlier: ObservedRequest) => boolean;

/**
 * How to tell, in this traffic, whether a request left the client after it had an earlier answer.
 * A client is taken as sending one request at a time — every request after an answer was sent
 * after it — unless its workers show: a connection used again after another one was. Then a
 * request from another connection in the same burst as the answer (each request of the burst
 * arriving within IN_FLIGHT_MS of the answer before it) was already on its way. Without
 * connections in the log (earlier releases), one at a time.
 */
export function sentAfterIn(sorted: Requests): SentAfter {
  if (!hasWorkers(sorted)) return (later, earlier) => later.at >= earlier.at;
  const burstStart = new Map<ObservedRequest, number>();
  const place = new Map<ObservedRequest, number>();
  sorted.forEach((request, index) => {
    const before = sorted[index - 1];
    const continues = before !== undefined && request.at - answeredAt(before) < IN_FLIGHT_MS;
    burstStart.set(request, continues ? (burstStart.get(before) ?? index) : index);
    place.set(request, index);
  });
  return (later, earlier) => {
    if (later.at < earlier.at) return false;
    const worker = workerOf(later);
    if (worker === null || worker === workerOf(earlier)) return true;
    return (burstStart.get(later) ?? Infinity) > (place.get(earlier) ?? -Infinity);
  };
}

/**
 * Whether the client has workers: a connection used again after two or more others were used in
 * between (workers taking turns). One client sending a request at a time uses one connection, a
 * new one each time, or two in turns (Node's fetch hands the next request to a second connection
 * while the first is being released): those are one worker.
 */
export function hasWorkers(sorted: Requests): boolean {
  const turns: string[] = [];
  const lastTurn = new Map<string, number>();
  for (const request of sorted) {
    const worker = workerOf(request);
    if (worker === null || worker === turns.at(-1)) continue;
    const last = lastTurn.get(worker);
    // Consecutive turns differ, so a stretch of one other worker is one turn long.
    if (last !== undefined && turns.length - last > 2 && new Set(turns.slice(last + 1)).size >= 2) return true;
    lastTurn.set(worker, turns.length);
    turns.push(worker);
  }
  return false;
}

/** The wait a refusal asked for: until when, and in whose words. */
export interface Wait {
  until: number;
  retryAfter: RetryAfter | null;
  /** "Retry-After: 30 s", "Retry-After: <HTTP-date>" or the reset it fell back on; and as words. */
  told: string;
  toldWords: Words;
}

/**
 * A refusal's wait: its Retry-After (either form); without one (a `no-retry-after` profile), the
 * window's reset as the answer's rate-limit fields gave it. Null when it gave neither.
 */
export function waitOf(refusal: ObservedRequest): Wait | null {
  const retryAfter = retryAfterOf(refusal);
  if (retryAfter) {
    const told = words(retryAfter.form === 'seconds' ? 'compliance.told.seconds' : 'compliance.told.date', {
      text: retryAfter.text,
    });
    return { until: refusal.at + retryAfter.waitMs, retryAfter, told: englishOf(told), toldWords: told };
  }
  const { resetAt } = windowStateOf(refusal);
  if (resetAt !== null) {
    const told = words('compliance.told.reset', { resetAt });
    return { until: resetAt, retryAfter: null, told: englishOf(told), toldWords: told };
  }
  return null;
}

/** "after request #12's 429 (Retry-After: 30), 1.20 s too early" */
export function tooEarly(request: ObservedRequest, refusal: ObservedRequest, wait: Wait): Words {
  const values = {
    sinceMs: request.at - refusal.at,
    refusalId: refusal.id,
    status: refusal.status,
    told: wait.toldWords,
    earlyMs: wait.until - request.at,
  };
  return refusal.code === null
    ? words('compliance.notes.tooEarlyNoCode', values)
    : words('compliance.notes.tooEarly', { ...values, code: refusal.code });
}

/**
 * Retries judged against their refusal's Retry-After: after a refusal, the next request to the
 * same target sent once the refusal was answered. Only the latest refusal of a target counts.
 * `malformed` picks the refusals whose rate-limit fields were malformed, or the well-formed ones.
 */
export function retriesHonoured(
  sorted: Requests,
  sentAfter: SentAfter,
  malformed: boolean,
): { early: Evidence[]; followed: number; refusals: number; wasted: number } {
  const early: Evidence[] = [];
  const waits = new Map<string, { refusal: ObservedRequest; wait: Wait }>();
  let followed = 0;
  let refusals = 0;
  let wasted = 0;
  for (const request of sorted) {
    const target = targetOf(request);
    const told = waits.get(target);
    if (told && sentAfter(request, told.refusal)) {
      followed += 1;
      if (request.at < told.wait.until - WAIT_TOLERANCE_MS) {
        early.push(evidenceOf(request, tooEarly(request, told.refusal, told.wait)));
        if (isLimited(request)) wasted += 1;
      }
    }
    if (!isLimited(request) || (malformedRateLimitFields(request) !== null) !== malformed) continue;
    const wait = waitOf(request);
    if (wait?.retryAfter) {
      refusals += 1;
      waits.set(target, { refusal: request, wait });
    }
  }
  return { early, followed, refusals, wasted };
}
