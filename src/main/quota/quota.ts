import type Database from 'better-sqlite3';
import type { Clock } from '../../shared/clock';
import { AppError } from '../../shared/errors';
import {
  bindingWindow,
  describeWindow,
  secondsUntil,
  WINDOW_KINDS,
  WINDOW_MS,
  windowEnd,
  windowStart,
  type WindowKind,
  type WindowUsage,
} from '../../shared/quota';
import type { BanRecord, UsageReport } from '../../shared/models';
import type { AccountLimits, AccountService } from '../accounts/accounts';
import type { Changes } from '../db/changes';
import type { PlanService } from '../accounts/plans';
import type { KeyService } from '../keys/keys';
import { CurrentCounters, type CounterPair } from './current-counters';
import {
  KEEP_MS,
  MAX_UNWRITTEN_WINDOWS,
  lastHourOf,
  quotaStatements,
  subjectOf,
  type Admission,
  type Counter,
  type QuotaOwner,
  type QuotaStatements,
  type QuotaSubject,
  type Strike,
  usageOf,
} from './quota-rows';

export type { BanRecord, UsageReport };
export type { Admission, QuotaSubject } from './quota-rows';

/**
 * Counts every request under /v1 against its subject's minute and day windows. Counting happens in
 * memory (exact: one thread decides), rows are written by flush() at least every second and on stop;
 * a ban is written the moment it is decided.
 */
export class QuotaService {
  private readonly counters = new Map<string, Counter>();
  /** Each subject's counters of the current windows, found without building their names. */
  private readonly current = new CurrentCounters<Counter>();
  private readonly strikes = new Map<number, Strike>();
  private activeBans = new Map<number, BanRecord>();
  private readonly limitsCache = new Map<number, AccountLimits>();
  /** Requests without a valid key get the Free plan's figures. */
  private addressLimits: AccountLimits | undefined;
  private readonly ownResetIds = new Set<number>();
  private lastResetId: number;
  private readonly statements: QuotaStatements;

  constructor(
    private readonly sqlite: Database.Database,
    private readonly clock: Clock,
    private readonly accounts: AccountService,
    private readonly plans: PlanService,
    private readonly keys: Pick<KeyService, 'get'>,
    changes: Changes,
  ) {
    this.statements = quotaStatements(sqlite);
    this.lastResetId = (
      sqlite.prepare('SELECT coalesce(max(id), 0) AS id FROM usage_resets').get() as { id: number }
    ).id;
    const now = clock.now();
    for (const row of sqlite
      .prepare('SELECT key_id AS keyId, window_reset_at AS windowResetAt, strikes FROM key_strikes')
      .all() as {
      keyId: number;
      windowResetAt: number;
      strikes: number;
    }[]) {
      if (row.windowResetAt > now)
        this.strikes.set(row.keyId, { windowResetAt: row.windowResetAt, strikes: row.strikes, dirty: false });
    }
    this.reloadBans();
    changes.on((topic) => {
      if (topic === 'accounts' || topic === 'plans') {
        this.limitsCache.clear();
        this.addressLimits = undefined;
      }
      if (topic === 'usage') this.syncFromDatabase();
      if (topic === 'lab') this.forgetFuture();
    });
  }

  /** Decides one request and counts it: an accepted request uses one unit of both windows. */
  admit(subject: QuotaSubject): Admission {
    const now = this.clock.now();
    const limits = this.limitsFor(subject);
    const { minute, day } = this.currentCounters(subject, now);

    if (subject.kind === 'account' && this.activeBans.size > 0) {
      const ban = this.activeBans.get(subject.keyId);
      if (ban && ban.until > now) {
        const retryAfter = secondsUntil(ban.until, now);
        return this.reject(
          minute,
          day,
          limits,
          now,
          'banned',
          retryAfter,
          `This API key is banned until ${new Date(ban.until).toISOString()} (${retryAfter} s) for repeated requests after a 429.`,
        );
      }
    }

    if (minute.accepted < limits.perMinute && day.accepted < limits.perDay) {
      minute.accepted += 1;
      day.accepted += 1;
      minute.dirty = day.dirty = true;
      return { outcome: 'accepted', windows: [usageOf(minute, limits, now), usageOf(day, limits, now)] };
    }

    const binding = bindingWindow(
      [usageOf(minute, limits, now), usageOf(day, limits, now)].filter((window) => window.used >= window.limit),
    );
    if (subject.kind === 'account' && this.strikeAndMaybeBan(subject, binding.resetAt, limits, now)) {
      const ban = this.activeBans.get(subject.keyId);
      const retryAfter = secondsUntil(ban?.until ?? now, now);
      return this.reject(
        minute,
        day,
        limits,
        now,
        'banned',
        retryAfter,
        `This API key is now banned for ${limits.banMinutes} minutes: it kept sending requests after a 429. Wait ${retryAfter} s.`,
      );
    }
    const retryAfter = secondsUntil(binding.resetAt, now);
    const words = `${binding.limit} requests ${describeWindow(binding.kind).replace('per-', 'per ')}. The ${binding.kind} window resets at ${new Date(binding.resetAt).toISOString()}`;
    return this.reject(
      minute,
      day,
      limits,
      now,
      'rate_limited',
      retryAfter,
      `Rate limit exceeded: ${words}; retry in ${retryAfter} s.`,
    );
  }

  /** A refusal is counted in both windows, and shows them. */
  private reject(
    minute: Counter,
    day: Counter,
    limits: Pick<AccountLimits, 'perMinute' | 'perDay'>,
    now: number,
    outcome: 'rate_limited' | 'banned',
    retryAfter: number,
    message: string,
  ): Admission {
    minute.rejected += 1;
    day.rejected += 1;
    minute.dirty = day.dirty = true;
    return {
      outcome,
      windows: [usageOf(minute, limits, now), usageOf(day, limits, now)],
      retryAfter,
      message,
    };
  }

  private currentCounters(subject: QuotaSubject, now: number): CounterPair<Counter> {
    const kept = this.current.get(subject, now);
    if (kept !== undefined) return kept;
    const name = subjectOf(subject);
    return this.current.keep(subject, this.counter(name, 'minute', now), this.counter(name, 'day', now));
  }

  /**
   * Writes changed counters and strikes, then drops finished windows from memory. A failed write (a
   * full disk, a busy database) throws with everything still in memory, marked for the next flush.
   */
  flush(): void {
    const now = this.clock.now();
    const counters = [...this.counters.values()].filter((counter) => counter.dirty);
    const strikes = [...this.strikes].filter(([, strike]) => strike.windowResetAt > now && strike.dirty);
    const endedStrikes = [...this.strikes.keys()].filter(
      (keyId) => (this.strikes.get(keyId)?.windowResetAt ?? 0) <= now,
    );
    try {
      this.sqlite.transaction(() => {
        for (const counter of counters) this.statements.writeCounter.run(counter);
        for (const [keyId, strike] of strikes)
          this.statements.writeStrike.run(keyId, strike.windowResetAt, strike.strikes);
        for (const keyId of endedStrikes) this.statements.deleteStrike.run(keyId);
        // By the earlier of lab and real time: a lab clock running ahead must not prune the real
        // windows, which count again once it is back to real time.
        const horizon = Math.min(now, this.clock.realNow?.() ?? now);
        for (const kind of WINDOW_KINDS) this.statements.pruneCounters.run(kind, horizon - KEEP_MS[kind]);
      })();
    } catch (error) {
      this.forgetFinished(now);
      throw error;
    }
    // Only what was counted up to the snapshot is clean: admit() runs on this thread, so nothing changed meanwhile.
    for (const counter of counters) counter.dirty = false;
    for (const [, strike] of strikes) strike.dirty = false;
    for (const keyId of endedStrikes) this.strikes.delete(keyId);
    this.forgetFinished(now);
  }

  /**
   * Finished windows leave memory once written; while writes fail they wait, but at most
   * MAX_UNWRITTEN_WINDOWS of them (the oldest go first: they no longer decide any request).
   */
  private forgetFinished(now: number): void {
    const before = this.counters.size;
    const unwritten: string[] = [];
    for (const [id, counter] of this.counters) {
      if (counter.start + WINDOW_MS[counter.kind] > now) continue;
      if (counter.dirty) unwritten.push(id);
      else this.counters.delete(id);
    }
    // Map order is insertion order: the first are the oldest.
    for (const id of unwritten.slice(0, Math.max(0, unwritten.length - MAX_UNWRITTEN_WINDOWS)))
      this.counters.delete(id);
    if (this.counters.size !== before) this.current.forget();
  }

  /** Current figures of a caller, counting what is not yet flushed (the 408 of a stalled body shows them). */
  currentUsage(owner: QuotaOwner): WindowUsage[] {
    const now = this.clock.now();
    const limits = this.limitsFor(owner);
    return WINDOW_KINDS.map((kind) => usageOf(this.counter(subjectOf(owner), kind, now), limits, now));
  }

  /** What staff see for an account: both windows, rejections, bans and the last hour minute by minute. */
  report(accountId: number): UsageReport {
    const now = this.clock.now();
    const owner: QuotaOwner = { kind: 'account', accountId };
    const name = subjectOf(owner);
    const limits = this.limitsFor(owner);
    const minute = this.counter(name, 'minute', now);
    const day = this.counter(name, 'day', now);
    const hourStart = windowStart('minute', now) - 59 * WINDOW_MS.minute;
    const stored = this.statements.minuteHistory.all(name, hourStart);
    const lastHour = lastHourOf(hourStart, stored, (start) => this.counters.get(`${name}|minute|${start}`));
    const bansToday = this.statements.bansSince.get(accountId, windowStart('day', now))?.n ?? 0;
    return {
      accountId,
      minute: { ...usageOf(minute, limits, now), rejected: minute.rejected },
      day: { ...usageOf(day, limits, now), rejected: day.rejected },
      bansToday,
      activeBans: [...this.activeBans.values()].filter((ban) => ban.accountId === accountId && ban.until > now),
      lastHour,
    };
  }

  /** Zeroes the account's current windows; a server in another process picks this up within a second. */
  resetUsage(accountId: number): void {
    const subject = `account:${accountId}`;
    this.accounts.get(accountId);
    this.zeroCurrentWindows(subject);
    this.sqlite.transaction(() => {
      this.flush();
      const { lastInsertRowid } = this.sqlite
        .prepare('INSERT INTO usage_resets (subject, at) VALUES (?, ?)')
        .run(subject, this.clock.now());
      this.ownResetIds.add(Number(lastInsertRowid));
    })();
  }

  listActiveBans(): BanRecord[] {
    this.reloadBans();
    return [...this.activeBans.values()];
  }

  /**
   * Lifts a key's ban and forgets its strikes. A key that does not exist is `not_found`, one that is
   * not banned `conflict`: nothing was lifted. Returns true for callers that report the outcome.
   */
  liftBan(keyId: number): true {
    const now = this.clock.now();
    // Not a hot path: staff lift a ban now and then, so the key service answers (not_found when there is no such key).
    this.keys.get(keyId);
    const result = this.statements.liftBan.run(now, keyId, now);
    if (result.changes === 0) throw new AppError('conflict', `Key ${keyId} is not banned; there is no ban to lift.`);
    this.strikes.delete(keyId);
    this.statements.deleteStrike.run(keyId);
    this.activeBans.delete(keyId);
    return true;
  }

  private strikeAndMaybeBan(
    subject: { accountId: number; keyId: number },
    resetAt: number,
    limits: AccountLimits,
    now: number,
  ): boolean {
    const strike = this.strikes.get(subject.keyId);
    if (!strike || strike.windowResetAt <= now) {
      this.strikes.set(subject.keyId, { windowResetAt: resetAt, strikes: 0, dirty: true });
      return false;
    }
    strike.strikes += 1;
    strike.dirty = true;
    if (strike.strikes <= limits.banThreshold) return false;
    const until = now + limits.banMinutes * 60_000;
    const { lastInsertRowid } = this.statements.insertBan.run(subject.keyId, subject.accountId, now, until);
    this.activeBans.set(subject.keyId, {
      id: Number(lastInsertRowid),
      keyId: subject.keyId,
      accountId: subject.accountId,
      startedAt: now,
      until,
      liftedAt: null,
    });
    this.strikes.delete(subject.keyId);
    this.statements.deleteStrike.run(subject.keyId);
    return true;
  }

  private limitsFor(owner: QuotaOwner): AccountLimits {
    if (owner.kind === 'address') {
      if (!this.addressLimits) {
        const free = this.plans.get('free');
        this.addressLimits = {
          perMinute: free.perMinute ?? 60,
          perDay: free.perDay ?? 1_000,
          banThreshold: free.banThreshold,
          banMinutes: free.banMinutes,
        };
      }
      return this.addressLimits;
    }
    let limits = this.limitsCache.get(owner.accountId);
    if (!limits) {
      limits = this.accounts.limitsOf(this.accounts.get(owner.accountId));
      this.limitsCache.set(owner.accountId, limits);
    }
    return limits;
  }

  private counter(subject: string, kind: WindowKind, now: number): Counter {
    const start = windowStart(kind, now);
    const id = `${subject}|${kind}|${start}`;
    let counter = this.counters.get(id);
    if (!counter) {
      const row = this.statements.readCounter.get(subject, kind, start);
      counter = { subject, kind, start, accepted: row?.accepted ?? 0, rejected: row?.rejected ?? 0, dirty: false };
      this.counters.set(id, counter);
    }
    return counter;
  }

  private zeroCurrentWindows(subject: string): void {
    const now = this.clock.now();
    for (const kind of WINDOW_KINDS) {
      const counter = this.counter(subject, kind, now);
      counter.accepted = 0;
      counter.rejected = 0;
      counter.dirty = true;
    }
  }

  private reloadBans(): void {
    const now = this.clock.now();
    const active = new Map<number, BanRecord>();
    for (const ban of this.statements.activeBans.all(now)) active.set(ban.keyId, ban);
    // A ban gone before its time was lifted elsewhere, so its strikes go too; one that ran out was not.
    for (const [keyId, ban] of this.activeBans) if (!active.has(keyId) && ban.until > now) this.strikes.delete(keyId);
    this.activeBans = active;
  }

  /**
   * The lab clock went back: windows ahead of the new time were the lab's, and go; so do strikes
   * whose window still ahead is not the current minute or day (quota/lab-future.ts, the same rule).
   */
  private forgetFuture(): void {
    const now = this.clock.now();
    const current = new Set(WINDOW_KINDS.map((kind) => windowEnd(kind, now)));
    for (const [id, counter] of this.counters) if (counter.start > now) this.counters.delete(id);
    this.current.forget();
    for (const [keyId, strike] of this.strikes)
      if (strike.windowResetAt > now && !current.has(strike.windowResetAt)) this.strikes.delete(keyId);
    this.reloadBans();
  }

  /** Applies what another process wrote: lifted bans, usage resets. */
  private syncFromDatabase(): void {
    this.reloadBans();
    for (const reset of this.statements.newResets.all(this.lastResetId)) {
      this.lastResetId = reset.id;
      if (this.ownResetIds.delete(reset.id)) continue;
      this.zeroCurrentWindows(reset.subject);
    }
  }
}
