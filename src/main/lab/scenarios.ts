import { AppError } from '../../shared/errors';
import type { Environment } from '../../shared/environments';
import type { KeyService } from '../keys/keys';
import { englishOf, words, type Words } from '../../shared/lab-words';
import {
  SCENARIO_MAX_REQUESTS,
  SCENARIO_MAX_SECONDS,
  type Scenario,
  type ScenarioKind,
  type ScenarioProgress,
} from '../../shared/lab';

/** Where a scenario sends its requests, and how a honouring client waits. */
export interface ScenarioTarget {
  /** The environment's own API base, e.g. http://127.0.0.1:4010/v1; only loopback is accepted. */
  baseUrl: string;
  /** Lab clock on: move it by `ms` instead of waiting; returns false when the clock is off (then it really waits). */
  advanceLabClock: (ms: number) => Promise<boolean> | boolean;
}

export interface ScenarioBounds {
  maxRequests: number;
  maxMs: number;
}

export const DEFAULT_BOUNDS: ScenarioBounds = {
  maxRequests: SCENARIO_MAX_REQUESTS,
  maxMs: SCENARIO_MAX_SECONDS * 1_000,
};
/** Exponential backoff of the honouring client: 1 s, 2 s, 4 s… while 429s repeat, never less than Retry-After. */
const BACKOFF_BASE_MS = 1_000;
const LOOPBACK = new Set(['127.0.0.1', '[::1]', 'localhost']);

/** The key's id, or a refusal naming the environment: a scenario with a key the server will not accept tests nothing. */
export function scenarioKeyId(
  engine: { environment: Environment; services: { keys: Pick<KeyService, 'authenticate'> } },
  key: string,
): number {
  const identity = engine.services.keys.authenticate(key.trim());
  if (!identity)
    throw new AppError(
      'validation_failed',
      `key: is not a valid ${engine.environment} API key (unknown, revoked or mistyped).`,
    );
  return identity.keyId;
}

/** The target URL, refused unless it is this machine's. */
export function scenarioUrl(baseUrl: string): string {
  const url = new URL(baseUrl);
  if (url.protocol !== 'http:' || !LOOPBACK.has(url.hostname))
    throw new AppError('validation_failed', `Scenarios only target this machine's own API server, not ${url.host}.`);
  return `${url.origin}${url.pathname.replace(/\/$/, '')}/pets?limit=1`;
}

/**
 * Whether a scenario ever waits, and so moves the lab clock when it is on: only the honouring client.
 * Burst and ignore send back to back, steady keeps a real-time schedule: none of them touches the clock.
 */
export function scenarioWaits(kind: ScenarioKind): boolean {
  return kind === 'honour-retry-after';
}

function plannedRequests(scenario: Scenario): number {
  if (scenario.kind === 'steady') return (scenario.rate ?? 1) * (scenario.seconds ?? 10);
  return scenario.count ?? 100;
}

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    if (signal.aborted || ms <= 0) return resolve();
    const timer = setTimeout(resolve, ms);
    signal.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        resolve();
      },
      { once: true },
    );
  });

/**
 * Runs one scenario to its end, a bound, or cancellation; `progress` is updated in place as answers
 * arrive (the GUI polls it). Requests go one after another; steady traffic keeps its schedule.
 */
export async function runScenario(
  target: ScenarioTarget,
  scenario: Scenario,
  progress: ScenarioProgress,
  signal: AbortSignal,
  bounds: ScenarioBounds = DEFAULT_BOUNDS,
): Promise<ScenarioProgress> {
  const url = scenarioUrl(target.baseUrl);
  const planned = Math.min(plannedRequests(scenario), bounds.maxRequests);
  progress.planned = planned;
  const started = performance.now();
  const deadline = started + bounds.maxMs;
  const headers = { authorization: `Bearer ${scenario.key}` };
  const interval = scenario.kind === 'steady' ? 1_000 / (scenario.rate ?? 1) : 0;
  let streak = 0;
  const end = (state: ScenarioProgress['state'], note: Words | null) => {
    progress.state = state;
    progress.note = note && englishOf(note);
    progress.noteWords = note;
    progress.finishedAt = Date.now();
    return progress;
  };

  for (let i = 0; i < planned; i += 1) {
    if (signal.aborted) return end('cancelled', words('scenarios.notes.cancelled', { count: progress.sent }));
    if (performance.now() >= deadline)
      return end(
        'stopped',
        words('scenarios.notes.timeBound', { boundSeconds: bounds.maxMs / 1000, count: progress.sent }),
      );
    if (interval > 0) await sleep(started + i * interval - performance.now(), signal);
    if (signal.aborted) return end('cancelled', words('scenarios.notes.cancelled', { count: progress.sent }));
    let status: number;
    let code: string | null = null;
    let retryAfter: number | null;
    try {
      const response = await fetch(url, { headers, signal: AbortSignal.any([signal, AbortSignal.timeout(10_000)]) });
      status = response.status;
      const text = await response.text();
      if (status >= 400) code = (JSON.parse(text) as { code?: string }).code ?? null;
      retryAfter = advisedWaitSeconds(response.headers);
    } catch (error) {
      if (signal.aborted) return end('cancelled', words('scenarios.notes.cancelled', { count: progress.sent }));
      return end(
        'stopped',
        words('scenarios.notes.noAnswer', { error: error instanceof Error ? error.message : String(error) }),
      );
    }
    progress.sent += 1;
    const outcome = code ?? String(status);
    progress.counts[outcome] = (progress.counts[outcome] ?? 0) + 1;

    if (!scenarioWaits(scenario.kind) || i === planned - 1) continue;
    // By the code, not the status: under the github header profile a secondary limit is a 403.
    if (code !== 'rate_limited' && code !== 'api_key_banned') {
      streak = 0;
      continue;
    }
    streak += 1;
    const wait = Math.max((retryAfter ?? 1) * 1_000, BACKOFF_BASE_MS * 2 ** (streak - 1));
    if (await target.advanceLabClock(wait)) {
      progress.labAdvancedMs += wait;
      continue;
    }
    if (performance.now() + wait > deadline)
      return end(
        'stopped',
        words('scenarios.notes.beyondBound', { waitSeconds: wait / 1000, boundSeconds: bounds.maxMs / 1000 }),
      );
    await sleep(wait, signal);
    progress.waitedMs += wait;
  }
  return end('finished', null);
}

export function newProgress(id: number, scenario: Scenario, keyId: number): ScenarioProgress {
  return {
    id,
    kind: scenario.kind,
    keyId,
    state: 'running',
    sent: 0,
    planned: 0,
    counts: {},
    labAdvancedMs: 0,
    waitedMs: 0,
    startedAt: Date.now(),
    finishedAt: null,
    note: null,
    noteWords: null,
  };
}

/**
 * The wait a refusal advises, in seconds, whatever the header profile: Retry-After in seconds or as
 * an HTTP-date (against the answer's Date, which follows the lab clock), else the reset of the
 * X-RateLimit headers; null when the answer says nothing usable.
 */
function advisedWaitSeconds(headers: Headers): number | null {
  const retryAfter = headers.get('retry-after');
  if (retryAfter !== null && /^\d+$/.test(retryAfter)) return Number(retryAfter);
  const sent = Date.parse(headers.get('date') ?? '');
  const until = retryAfter !== null ? Date.parse(retryAfter) : Number(headers.get('x-ratelimit-reset') ?? NaN) * 1000;
  if (Number.isNaN(sent) || Number.isNaN(until)) return null;
  return Math.max(0, Math.ceil((until - sent) / 1000));
}
