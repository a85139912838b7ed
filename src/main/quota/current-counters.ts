import { windowStart } from '../../shared/quota';

/** A window's counter, as QuotaService keeps it: what this cache needs of it. */
interface WindowCounter {
  start: number;
}

/** A subject's counters of the current minute and day. */
export interface CounterPair<C extends WindowCounter> {
  minute: C;
  day: C;
}

type Subject = { kind: 'account'; accountId: number } | { kind: 'address'; address: string };

interface KeptPair<C extends WindowCounter> extends CounterPair<C> {
  generation: number;
}

/** Subjects whose pair is kept at once; beyond this they are all found again. */
const MAX_KEPT = 10_000;

/**
 * Each subject's current pair of counters, by account or address, so that a request builds no
 * counter names: a pair holds while both its windows are current and no counter has left the
 * service's map since it was kept (`forget()` moves the generation).
 */
export class CurrentCounters<C extends WindowCounter> {
  private readonly accounts = new Map<number, KeptPair<C>>();
  private readonly addresses = new Map<string, KeptPair<C>>();
  private generation = 0;

  /** The kept pair, or undefined when it must be found again (and kept with keep()). */
  get(subject: Subject, now: number): CounterPair<C> | undefined {
    const kept =
      subject.kind === 'account' ? this.accounts.get(subject.accountId) : this.addresses.get(subject.address);
    if (kept === undefined || kept.generation !== this.generation) return undefined;
    return kept.minute.start === windowStart('minute', now) && kept.day.start === windowStart('day', now)
      ? kept
      : undefined;
  }

  keep(subject: Subject, minute: C, day: C): CounterPair<C> {
    const pair = { generation: this.generation, minute, day };
    if (this.accounts.size + this.addresses.size >= MAX_KEPT) {
      this.accounts.clear();
      this.addresses.clear();
    }
    if (subject.kind === 'account') this.accounts.set(subject.accountId, pair);
    else this.addresses.set(subject.address, pair);
    return pair;
  }

  /** A counter left the service's map: no kept pair may be trusted. */
  forget(): void {
    this.generation += 1;
  }
}
