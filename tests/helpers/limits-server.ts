/**
 * Helpers for the plan-limit tests (docs/contract.md, "Plan limits"): a real server on 127.0.0.1 with a ManualClock,
 * accounts and keys made through the services, the rate-limit headers parsed with
 * structured-headers, the admin CLI as a child process, and polling with a deadline (no sleeps).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { parseList } from 'structured-headers';
import { expect } from 'vitest';
import { startApiServer, type RunningServer } from '../../src/main/http/listen';
import type { Engine } from '../../src/main/engine/engine';
import { ManualClock } from '../../src/shared/clock';
import type { PlanId } from '../../src/shared/plans';
import { runCliInProcess } from './cli-in-process';
import { runCli as runCliSpawned } from './processes';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** 2026-06-01 10:00:30.250 UTC: inside a minute, and not on a whole second. */
export const T0 = Date.UTC(2026, 5, 1, 10, 0, 30, 250);
export const MINUTE = 60_000;
export const DAY = 86_400_000;

export function tempDir(): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), 'adoption-desk-limits-'));
}

export interface LimitsServer {
  running: RunningServer;
  engine: Engine;
  clock: ManualClock;
  dataDir: string;
  /** Absolute URL of a path under /v1, e.g. url('/pets'). */
  url(pathAndQuery: string): string;
  /** Graceful stop; the data dir stays (remove it with cleanup()). */
  stop(): Promise<void>;
  cleanup(): Promise<void>;
}

export async function startLimitsServer(
  options: { clock?: ManualClock; dataDir?: string } = {},
): Promise<LimitsServer> {
  const dataDir = options.dataDir ?? tempDir();
  const clock = options.clock ?? new ManualClock(T0);
  const running = await startApiServer({ dataDir, environment: 'production', port: 0, clock });
  const server: LimitsServer = {
    running,
    engine: running.engine,
    clock,
    dataDir,
    url: (pathAndQuery) => `${running.baseUrl}${pathAndQuery}`,
    stop: () => running.stop(),
    async cleanup() {
      await running.stop();
      fs.rmSync(dataDir, { recursive: true, force: true, maxRetries: 5, retryDelay: 50 });
    },
  };
  return server;
}

export interface ClientKey {
  key: string;
  keyId: number;
  accountId: number;
}

let accountsMade = 0;

/** A new account on `planId` (Enterprise needs figures) with one key; account names are unique. */
export function createKey(
  engine: Engine,
  planId: PlanId,
  figures: { perMinute?: number; perDay?: number } = {},
): ClientKey {
  accountsMade += 1;
  const account = engine.services.accounts.create({ name: `${planId} client ${accountsMade}`, planId, ...figures });
  return addKey(engine, account.id);
}

/** Another key on an existing account (all keys of an account share its quota). */
export function addKey(engine: Engine, accountId: number): ClientKey {
  const { key, record } = engine.services.keys.create({ accountId });
  return { key, keyId: record.id, accountId };
}

export function auth(key: string | undefined): Record<string, string> {
  return key === undefined ? {} : { authorization: `Bearer ${key}` };
}

export interface Limits {
  limit: number;
  remaining: number;
  /** Unix seconds. */
  reset: number;
  retryAfter: number | undefined;
  policy: Map<string, { q: number; w: number }>;
  windows: Map<string, { r: number; t: number }>;
}

function parseWindows<K extends string>(header: string | null, names: readonly K[]): Map<string, Record<K, number>> {
  if (header === null) throw new Error('missing structured rate-limit header');
  const out = new Map<string, Record<K, number>>();
  for (const member of parseList(header)) {
    const [item, params] = member;
    if (typeof item !== 'string') throw new Error(`unexpected list member in ${header}`);
    const entry = {} as Record<K, number>;
    for (const name of names) {
      const value = params.get(name);
      if (typeof value !== 'number') throw new Error(`${item}: parameter ${name} missing in ${header}`);
      entry[name] = value;
    }
    out.set(item, entry);
  }
  return out;
}

function integerHeader(response: Response, name: string): number {
  const raw = response.headers.get(name);
  if (raw === null || !/^\d+$/.test(raw)) throw new Error(`${name} is ${raw} on ${response.status} ${response.url}`);
  return Number(raw);
}

/** All five rate-limit headers of a response, parsed; throws when one is missing or malformed. */
export function limitsOf(response: Response): Limits {
  const retryAfter = response.headers.get('retry-after');
  return {
    limit: integerHeader(response, 'x-ratelimit-limit'),
    remaining: integerHeader(response, 'x-ratelimit-remaining'),
    reset: integerHeader(response, 'x-ratelimit-reset'),
    retryAfter: retryAfter === null ? undefined : integerHeader(response, 'retry-after'),
    policy: parseWindows(response.headers.get('ratelimit-policy'), ['q', 'w'] as const),
    windows: parseWindows(response.headers.get('ratelimit'), ['r', 't'] as const),
  };
}

export interface Answer {
  status: number;
  code: string | undefined;
  message: string | undefined;
  limits: Limits;
}

/** Sends a request and reads it fully: status, error code/message (if any) and the limits. */
export async function call(url: string, init: RequestInit & { key?: string } = {}): Promise<Answer> {
  const { key, headers, ...rest } = init;
  const response = await fetch(url, {
    ...rest,
    headers: { ...auth(key), ...(headers as Record<string, string> | undefined) },
  });
  const text = await response.text();
  let body: { code?: string; message?: string } = {};
  if ((response.headers.get('content-type') ?? '').startsWith('application/json') && text !== '') {
    try {
      body = JSON.parse(text) as typeof body;
    } catch {
      body = {};
    }
  }
  return { status: response.status, code: body.code, message: body.message, limits: limitsOf(response) };
}

/** `count` sequential GETs; returns every answer. */
export async function callMany(url: string, count: number, key?: string): Promise<Answer[]> {
  const answers: Answer[] = [];
  for (let i = 0; i < count; i += 1) answers.push(await call(url, { key }));
  return answers;
}

/** Polls until `probe` returns something other than undefined/false; fails after `timeoutMs`. */
export async function pollUntil<T>(
  probe: () => Promise<T | undefined | false> | T | undefined | false,
  timeoutMs: number,
  intervalMs = 50,
): Promise<T> {
  const deadline = performance.now() + timeoutMs;
  let last: unknown = 'condition not met';
  for (;;) {
    try {
      const value = await probe();
      if (value !== undefined && value !== false) return value as T;
    } catch (error) {
      last = error;
    }
    if (performance.now() >= deadline) throw new Error(`pollUntil: gave up after ${timeoutMs} ms (${String(last)})`);
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}

/** Reads the data dir's SQLite file from a separate, read-only connection (what survives a stop). */
export function readDatabase<T>(dataDir: string, read: (db: Database.Database) => T): T {
  const db = new Database(path.join(dataDir, 'production.sqlite'), { readonly: true, fileMustExist: true });
  try {
    return read(db);
  } finally {
    db.close();
  }
}

export interface CliResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/**
 * The CLI over the data dir of a running server, run in this process over its own engine: the
 * server sees its writes as another process's (SQLite's data_version), as it would a real CLI's.
 */
export function runCli(dataDir: string, args: string[]): Promise<CliResult> {
  return runCliInProcess(dataDir, args);
}

/**
 * The CLI as a separate process (one Node, not tsx's launcher and its child), for the tests whose
 * subject is a second process: a reader that must not make the server wait.
 */
export async function runCliProcess(dataDir: string, args: string[], timeoutMs = 20_000): Promise<CliResult> {
  const { code, stdout, stderr } = await runCliSpawned(['--data-dir', dataDir, ...args], timeoutMs);
  return { code, stdout, stderr };
}

/** Seconds, as the headers count them. */
export const unixSeconds = (ms: number): number => Math.floor(ms / 1000);

/**
 * The five headers agree with each other and with `now`: the policy lists both windows with their
 * lengths, RateLimit's t counts whole seconds to each window's end, and X-RateLimit-* describe the
 * binding window (fewest remaining; tie → earlier reset, unless both are at 0 → later reset).
 */
export function expectConsistentHeaders(limits: Limits, now: number): void {
  expect([...limits.policy.keys()]).toEqual(['minute', 'day']);
  expect([...limits.windows.keys()]).toEqual(['minute', 'day']);
  const ends = { minute: now - (now % MINUTE) + MINUTE, day: now - (now % DAY) + DAY };
  const windows = (['minute', 'day'] as const).map((kind) => {
    const policy = limits.policy.get(kind)!;
    const window = limits.windows.get(kind)!;
    expect(policy.w, `${kind} w`).toBe(kind === 'minute' ? 60 : 86_400);
    expect(window.t, `${kind} t`).toBe(Math.ceil((ends[kind] - now) / 1000));
    expect(window.r, `${kind} r`).toBeLessThanOrEqual(policy.q);
    return { kind, q: policy.q, r: window.r, end: ends[kind] };
  });
  const [m, d] = windows as [(typeof windows)[0], (typeof windows)[0]];
  const binding = m.r !== d.r ? (m.r < d.r ? m : d) : m.r === 0 ? d : m;
  expect(
    { limit: limits.limit, remaining: limits.remaining, reset: limits.reset },
    'X-RateLimit-* = binding window',
  ).toEqual({
    limit: binding.q,
    remaining: binding.r,
    reset: binding.end / 1000,
  });
}
