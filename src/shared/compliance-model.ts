/** What the client-compliance report is made of: the requests it reads, its verdicts, and the checks' figures. */
import { duration, englishOf, type Words } from './lab-words';

/** What the report needs of a logged request. */
export interface ObservedRequest {
  id: number;
  /** Arrival by the environment's clock, epoch ms (with its microseconds since release 4 of the log). */
  at: number;
  method: string;
  path: string;
  status: number;
  code: string | null;
  retryAfter: number | null;
  /** X-RateLimit-Remaining and X-RateLimit-Reset (Unix seconds) as answered, when they were. */
  remaining?: number | null;
  reset?: number | null;
  /** The answer's headers (names in lower case): a creation's Idempotency-Key comes back in them. */
  headers?: Readonly<Record<string, string>>;
  /** How long the server took to answer, ms: the answer left at `at + latencyMs`. */
  latencyMs?: number;
  /** The key, and the connection it came on (the serving process's number for it; its port): what tells workers apart. */
  keyId?: number | null;
  connection?: number | null;
  port?: number | null;
  address?: string;
}

/** The checks, by their stable ids (the CLI, JUnit, the GUI's test ids and docs/guide/quota-lab.md use them). */
export const CHECK_IDS = [
  'retry-after',
  'ratelimit-window',
  'backoff',
  'backoff-cap',
  'gives-up',
  'jitter',
  'in-flight',
  'malformed',
  'idempotency',
  'ban',
] as const;
export type RuleId = (typeof CHECK_IDS)[number];
export type Verdict = 'pass' | 'fail' | 'not_tested';

export interface Evidence {
  requestId: number;
  at: number;
  method: string;
  path: string;
  status: number;
  code: string | null;
  /** Why this request counts against the rule, in the engine's English, and the words it is made of (the window's). */
  note: string;
  noteWords: Words;
}

export interface RuleVerdict {
  rule: RuleId;
  title: string;
  /**
   * Advice, not a requirement: its failure is told, but fails a gate only when asked (--strict).
   * `ratelimit-window` is one: RFC 9110's Retry-After is what a client must honour; the draft's
   * reset fields are what a careful client also reads.
   */
  advisory: boolean;
  verdict: Verdict;
  summary: string;
  summaryWords: Words;
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
  timeline: {
    bucketMs: number;
    buckets: TimelineBucket[];
    windowKind: 'minute' | 'day' | null;
    windowStarts: number[];
  };
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

/** `jitter`: workers throttled together that all come back within this span came back in lockstep. */
export const JITTER_SPAN_MS = 100;

/** How far a wait may grow: past this (unless a Retry-After asked for more), a client is stalling, not backing off. */
export const BACKOFF_CAP_MS = 5 * 60_000;
/** A request refused this many times in a row (same method and path) should have been given up. */
export const MAX_ATTEMPTS = 8;

/** What a team may tune for its own client (the gate's flags). */
export interface CheckSettings {
  maxAttempts: number;
  backoffCapMs: number;
}
export const DEFAULT_CHECK_SETTINGS: CheckSettings = { maxAttempts: MAX_ATTEMPTS, backoffCapMs: BACKOFF_CAP_MS };

/**
 * A refusal by the rate limits: told by the contract's code whatever the status (a `github`-style
 * profile answers a secondary limit 403), or a 429.
 */
export const isLimited = (request: ObservedRequest): boolean =>
  request.status === 429 || request.code === 'rate_limited' || request.code === 'api_key_banned';
export { duration };

export function evidenceOf(request: ObservedRequest, note: Words): Evidence {
  const { id, at, method, path, status, code } = request;
  return { requestId: id, at, method, path, status, code, note: englishOf(note), noteWords: note };
}

/** The checks whose failure is advice (see RuleVerdict.advisory). */
export const ADVISORY_CHECKS: readonly RuleId[] = ['ratelimit-window'];

/** A rule's verdict, its title from its id and its summary in the engine's English beside the words it is made of. */
export function verdict(rule: RuleId, result: Verdict, summary: Words, offending: Evidence[] = []): RuleVerdict {
  return {
    rule,
    title: englishOf({ key: `compliance.rules.${rule}.title`, values: {} }),
    advisory: ADVISORY_CHECKS.includes(rule),
    verdict: result,
    summary: englishOf(summary),
    summaryWords: summary,
    evidence: offending.slice(0, EVIDENCE_MAX),
    offences: offending.length,
  };
}

/** Whether a report fails a CI step: a required check failed, or with `strict` any check. */
export function failsGate(report: Pick<ComplianceReport, 'rules'>, strict = false): boolean {
  return report.rules.some((rule) => rule.verdict === 'fail' && (strict || !rule.advisory));
}
