import type Database from 'better-sqlite3';
import { systemClock, type Clock } from '../../shared/clock';
import { AppError } from '../../shared/errors';
import { MAX_LAB_OFFSET_MS, type LabClockState } from '../../shared/lab';
import { windowEnd, type WindowKind } from '../../shared/quota';
import type { Changes } from '../db/changes';
import { ArrivalTimes } from './request-log/arrival-time';

const META_KEY = 'lab_clock';
/** Every move's number, in a row of its own: the clock's row keeps its meaning (there while on) for earlier releases. */
const MOVE_KEY = 'lab_clock_move';
const DAY_MS = 86_400_000;

/**
 * The API's clock: real time (the base clock), or, with the lab clock on, real time plus an offset.
 * Only what the quota lab is about reads it: windows, strikes, bans, usage, the rate-limit headers,
 * Retry-After, Date and the request log (docs/guide/quota-lab.md, "What follows the lab clock").
 * Everything else (records, sites, certificates) reads `real`.
 */
export class LabClock implements Clock {
  private offsetMs = 0;
  private on = false;
  /** The base clock itself: what a certificate's validity or a DNS re-check must be timed by. */
  readonly real: Clock;
  /** Sub-millisecond arrivals for the request log: only on real time (a test's clock stands still). */
  private readonly arrivals: ArrivalTimes | null;

  constructor(private readonly base: Clock) {
    this.real = { now: () => base.now() };
    this.arrivals = base === systemClock ? new ArrivalTimes() : null;
  }

  /** A reading of now() made at performance.now() `perfNow`, with its microseconds on real time. */
  precise(at: number, perfNow: number): number {
    if (this.arrivals === null) return at;
    const offset = this.offset;
    return this.arrivals.precise(at - offset, perfNow) + offset;
  }

  now(): number {
    return this.on ? this.base.now() + this.offsetMs : this.base.now();
  }

  realNow(): number {
    return this.base.now();
  }

  get isOn(): boolean {
    return this.on;
  }

  get offset(): number {
    return this.on ? this.offsetMs : 0;
  }

  apply(on: boolean, offsetMs: number): void {
    this.on = on;
    this.offsetMs = on ? offsetMs : 0;
  }
}

/**
 * Staff's moves of the lab clock. The state lives in the database (meta), so the CLI and a running
 * server on the same file agree: the server re-reads it whenever SQLite says another process wrote,
 * and records the move it applied beside its lock (see clock-applied.ts).
 */
export class LabClockService {
  private readonly statements;
  private appliedMove = 0;

  constructor(
    private readonly sqlite: Database.Database,
    private readonly clock: LabClock,
    private readonly changes: Changes,
    /** quota/'s own operation (quota/lab-future.ts), run in the reset's transaction: the quota's tables are not the clock's to write. */
    private readonly dropLabFuture: (realNow: number) => void,
  ) {
    this.statements = {
      read: sqlite.prepare<[string], { value: string }>('SELECT value FROM meta WHERE key = ?'),
      write: sqlite.prepare(
        'INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value',
      ),
      remove: sqlite.prepare('DELETE FROM meta WHERE key = ?'),
    };
    this.load();
  }

  /** The number of the last move this engine applied (0: none since the database was made). */
  get move(): number {
    return this.appliedMove;
  }

  /** Reads the stored state (another process may have moved it). */
  load(): void {
    this.appliedMove = this.storedMove();
    const row = this.statements.read.get(META_KEY);
    if (!row) return this.clock.apply(false, 0);
    const stored = JSON.parse(row.value) as { offsetMs?: unknown };
    this.clock.apply(
      true,
      typeof stored.offsetMs === 'number' && Number.isFinite(stored.offsetMs) ? stored.offsetMs : 0,
    );
  }

  state(): LabClockState {
    return { on: this.clock.isOn, offsetMs: this.clock.offset, now: this.clock.now(), realNow: this.clock.realNow() };
  }

  /** On at the current real time (offset 0), or as it is when already on. */
  turnOn(): LabClockState {
    if (!this.clock.isOn) this.save(0);
    return this.state();
  }

  advance(ms: number): LabClockState {
    if (!Number.isSafeInteger(ms) || ms <= 0)
      throw new AppError('validation_failed', 'duration: must be a positive number of milliseconds.', {
        details: { field: 'duration', reason: 'duration_not_positive' },
      });
    this.save(this.clock.offset + ms);
    return this.state();
  }

  /**
   * A honouring client's wait (the scenarios): with the lab clock on, the clock moves by `ms` instead
   * (true); with it off nothing moves (false), and the client really waits.
   */
  advanceIfOn(ms: number): boolean {
    if (!this.clock.isOn) return false;
    this.advance(ms);
    return true;
  }

  /** To the first instant of the next minute or day window (UTC), where a fresh window begins. */
  nextWindow(kind: WindowKind): LabClockState {
    const now = this.clock.now();
    this.save(this.clock.offset + (windowEnd(kind, now) - now));
    return this.state();
  }

  /**
   * Back to real time. What the quota lab counted in windows still ahead of real time is dropped
   * by quota/ in the same transaction (quota/lab-future.ts says what and why).
   */
  reset(): LabClockState {
    const realNow = this.clock.realNow();
    this.appliedMove = this.sqlite
      .transaction(() => {
        const move = this.write(undefined);
        this.dropLabFuture(realNow);
        return move;
      })
      .immediate();
    this.clock.apply(false, 0);
    this.changes.emit('lab');
    this.changes.emit('usage');
    return this.state();
  }

  private save(offsetMs: number): void {
    if (offsetMs > MAX_LAB_OFFSET_MS) {
      const maxDays = MAX_LAB_OFFSET_MS / DAY_MS;
      const aheadDays = Math.round(this.clock.offset / DAY_MS);
      throw new AppError(
        'validation_failed',
        `The lab clock runs at most ${maxDays} days ahead of real time; it is ${aheadDays} days ahead now.`,
        { details: { field: 'duration', reason: 'lab_clock_too_far', maxDays, aheadDays } },
      );
    }
    this.appliedMove = this.write(offsetMs);
    this.clock.apply(true, offsetMs);
    this.changes.emit('lab');
  }

  /**
   * Another lab setting's change (the header profile), written by `change` in the same transaction
   * and counted as a move: a running server records it as applied the same way, so the CLI waits
   * for it as for the clock (clock-applied.ts).
   */
  countAsMove(change: () => void): number {
    this.appliedMove = this.sqlite
      .transaction(() => {
        change();
        return this.nextMove();
      })
      .immediate();
    return this.appliedMove;
  }

  /**
   * Stores the offset (undefined: off) as the next move and returns its number, counted from the
   * stored one so two processes never share a number.
   */
  private write(offsetMs: number | undefined): number {
    return this.sqlite
      .transaction(() => {
        if (offsetMs === undefined) this.statements.remove.run(META_KEY);
        else this.statements.write.run(META_KEY, JSON.stringify({ offsetMs }));
        return this.nextMove();
      })
      .immediate();
  }

  /** Inside a transaction. */
  private nextMove(): number {
    const move = this.storedMove() + 1;
    this.statements.write.run(MOVE_KEY, String(move));
    return move;
  }

  private storedMove(): number {
    const move = Number(this.statements.read.get(MOVE_KEY)?.value ?? 0);
    return Number.isSafeInteger(move) ? move : 0;
  }
}
