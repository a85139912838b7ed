/** The quota lab: its clock, request log, compliance report and scripted traffic, as seen by every face. */
import { z } from 'zod';
import type { DurationProblem } from './errors';
import type { Words } from './lab-words';

/** The lab clock of one environment: real time, or real time plus an offset staff moved it by. */
export interface LabClockState {
  /** Off: real time. On: `now` = real time + offsetMs (it keeps running). */
  on: boolean;
  offsetMs: number;
  /** What the engine reads now, epoch ms. */
  now: number;
  /** The machine's real time, epoch ms. */
  realNow: number;
}

const UNIT_MS = { s: 1_000, m: 60_000, h: 3_600_000, d: 86_400_000 } as const;
/** A lab clock runs at most a year ahead: enough for any day window, and far from overflowing dates. */
export const MAX_LAB_OFFSET_MS = 366 * UNIT_MS.d;

const MAX_LAB_OFFSET_DAYS = MAX_LAB_OFFSET_MS / UNIT_MS.d;

/** "90s", "15m", "2h", "1d", or combined "1h30m": a positive duration in milliseconds, or what is wrong with it. */
export function readDuration(text: string): { ms: number } | { problem: DurationProblem } {
  const trimmed = text.trim().toLowerCase();
  const parts = [...trimmed.matchAll(/(\d+)\s*([smhd])/g)];
  if (parts.length === 0 || parts.map((part) => part[0]).join('') !== trimmed.replace(/\s+/g, ''))
    return { problem: { field: 'duration', reason: 'duration_unreadable', text } };
  const ms = parts.reduce((sum, [, count, unit]) => sum + Number(count) * UNIT_MS[unit as keyof typeof UNIT_MS], 0);
  if (ms <= 0) return { problem: { field: 'duration', reason: 'duration_not_positive' } };
  if (ms > MAX_LAB_OFFSET_MS)
    return { problem: { field: 'duration', reason: 'duration_too_long', maxDays: MAX_LAB_OFFSET_DAYS } };
  return { ms };
}

/** The API's and the CLI's English for a duration's problem (the window words the problem itself). */
function durationError(problem: DurationProblem): string {
  switch (problem.reason) {
    case 'duration_unreadable':
      return `"${problem.text}" is not a duration: write a whole number and a unit, such as 90s, 15m, 2h or 1d (or 1h30m).`;
    case 'duration_not_positive':
      return 'The duration must be more than zero.';
    case 'duration_too_long':
    case 'lab_clock_too_far':
      return `The duration must be at most ${problem.maxDays} days.`;
  }
}

/** A duration as readDuration reads it, with its problem in English. */
export function parseDuration(text: string): { ms: number } | { error: string } {
  const read = readDuration(text);
  return 'ms' in read ? read : { error: durationError(read.problem) };
}

export const DurationSchema = z.string().superRefine((value, context) => {
  const read = readDuration(value);
  if ('problem' in read)
    context.addIssue({ code: 'custom', message: durationError(read.problem), params: read.problem });
});

/** "+1d 2h 3m 4s" for an offset; "real time" when there is none. */
export function describeOffset(ms: number): string {
  if (ms === 0) return 'no offset';
  let rest = Math.abs(Math.round(ms / 1000));
  const parts: string[] = [];
  for (const [unit, size] of [
    ['d', 86_400],
    ['h', 3_600],
    ['m', 60],
    ['s', 1],
  ] as const) {
    if (rest >= size) {
      parts.push(`${Math.floor(rest / size)}${unit}`);
      rest %= size;
    }
  }
  return `${ms < 0 ? '-' : '+'}${parts.join(' ') || '0s'}`;
}

export const CLOCK_MOVES = ['on', 'next-minute', 'next-day', 'reset'] as const;
export type ClockMove = (typeof CLOCK_MOVES)[number];

/** One API request as the log recorded it. */
export interface LoggedRequest {
  id: number;
  /** When it arrived, by the environment's clock (the lab clock when on), epoch ms with its microseconds (whole ms before release 4 of the log). */
  at: number;
  method: string;
  /** The Host header as sent. */
  host: string | null;
  /** Path and query, as sent. */
  path: string;
  status: number;
  code: string | null;
  keyId: number | null;
  keyPrefix: string | null;
  accountId: number | null;
  address: string;
  /** The client's port, and the serving process's number for the connection (null in logs of earlier releases). */
  port: number | null;
  connection: number | null;
  latencyMs: number;
  limit: number | null;
  remaining: number | null;
  reset: number | null;
  retryAfter: number | null;
  /** The response headers as sent, names in lower case. */
  headers: Record<string, string>;
}

const positive = z.int({ error: 'must be a positive integer' }).positive({ error: 'must be a positive integer' });
const epochMs = z
  .int({ error: 'must be a moment in epoch milliseconds' })
  .nonnegative({ error: 'must be a moment in epoch milliseconds' });

export const RequestFilterSchema = z.strictObject({
  accountId: positive.optional(),
  keyId: positive.optional(),
  status: z
    .int()
    .min(100, { error: 'must be an HTTP status (100..599)' })
    .max(599, { error: 'must be an HTTP status (100..599)' })
    .optional(),
  /** Part of the path, as sent. */
  path: z.string().max(500, { error: 'must be at most 500 characters' }).optional(),
  from: epochMs.optional(),
  to: epochMs.optional(),
  /** Only rows newer than this id (tailing). */
  afterId: z.int().nonnegative().optional(),
  limit: z.int().min(1).max(5_000, { error: 'must be at most 5000' }).optional(),
});
export type RequestFilter = z.infer<typeof RequestFilterSchema>;

/** HAR 1.2 (http://www.softwareishard.com/blog/har-12-spec/), the part we fill. */
export interface HarLog {
  log: {
    version: '1.2';
    creator: { name: string; version: string };
    entries: HarEntry[];
  };
}

export interface HarEntry {
  startedDateTime: string;
  time: number;
  request: {
    method: string;
    url: string;
    httpVersion: string;
    cookies: never[];
    headers: { name: string; value: string }[];
    queryString: { name: string; value: string }[];
    headersSize: number;
    bodySize: number;
  };
  response: {
    status: number;
    statusText: string;
    httpVersion: string;
    cookies: never[];
    headers: { name: string; value: string }[];
    content: { size: number; mimeType: string };
    redirectURL: string;
    headersSize: number;
    bodySize: number;
  };
  cache: Record<string, never>;
  timings: { send: number; wait: number; receive: number };
  comment?: string;
}

/** Scripted traffic against this machine's own API server, bounded in count and time. */
export const SCENARIO_KINDS = ['burst', 'steady', 'ignore-retry-after', 'honour-retry-after'] as const;
export type ScenarioKind = (typeof SCENARIO_KINDS)[number];
export const SCENARIO_MAX_REQUESTS = 1_000;
export const SCENARIO_MAX_RATE = 50;
export const SCENARIO_MAX_SECONDS = 120;

const bounded = (max: number, what: string) =>
  z
    .int({ error: `must be a whole number of ${what}` })
    .min(1, { error: `must be 1 to ${max}` })
    .max(max, { error: `must be 1 to ${max}` });

export const ScenarioSchema = z
  .strictObject({
    kind: z.enum(SCENARIO_KINDS, { error: `must be one of ${SCENARIO_KINDS.join(', ')}` }),
    key: z
      .string()
      .trim()
      .min(1, { error: 'is required: paste the API key the scenario sends' })
      .max(200, { error: 'is too long to be an API key' }),
    /** burst, ignore-retry-after, honour-retry-after: how many requests. */
    count: bounded(SCENARIO_MAX_REQUESTS, 'requests').optional(),
    /** steady: requests per second, for `seconds`. */
    rate: bounded(SCENARIO_MAX_RATE, 'requests per second').optional(),
    seconds: bounded(SCENARIO_MAX_SECONDS, 'seconds').optional(),
  })
  .superRefine((scenario, context) => {
    if (scenario.kind === 'steady') {
      if (scenario.rate === undefined)
        context.addIssue({
          code: 'custom',
          path: ['rate'],
          message: 'is required for steady traffic (requests per second)',
          params: { reason: 'scenario_rate_required' },
        });
      if (scenario.seconds === undefined)
        context.addIssue({
          code: 'custom',
          path: ['seconds'],
          message: 'is required for steady traffic (how long)',
          params: { reason: 'scenario_seconds_required' },
        });
      if (
        scenario.rate !== undefined &&
        scenario.seconds !== undefined &&
        scenario.rate * scenario.seconds > SCENARIO_MAX_REQUESTS
      ) {
        context.addIssue({
          code: 'custom',
          path: ['seconds'],
          message: `rate × seconds must be at most ${SCENARIO_MAX_REQUESTS} requests`,
          params: { reason: 'scenario_too_many_requests', max: SCENARIO_MAX_REQUESTS },
        });
      }
    } else if (scenario.count === undefined) {
      context.addIssue({
        code: 'custom',
        path: ['count'],
        message: 'is required: how many requests to send',
        params: { reason: 'scenario_count_required' },
      });
    }
  });
export type Scenario = z.infer<typeof ScenarioSchema>;

export type ScenarioState = 'running' | 'finished' | 'cancelled' | 'stopped';

export interface ScenarioProgress {
  id: number;
  kind: ScenarioKind;
  /** The key's id, for its report. */
  keyId: number;
  state: ScenarioState;
  /** Requests sent so far, and the planned number. */
  sent: number;
  planned: number;
  /** Answers by outcome: "200", "rate_limited", "api_key_banned", … */
  counts: Record<string, number>;
  /** Time the honouring client spent waiting: moved on the lab clock, or really waited. */
  labAdvancedMs: number;
  waitedMs: number;
  startedAt: number;
  finishedAt: number | null;
  /** Why it ended early (a bound reached, the server gone), in the engine's English. */
  note: string | null;
  /** The same as words, for the window to say in its member's language; null without a note, or for an unforeseen failure. */
  noteWords: Words | null;
}
