import { AppError } from '../../shared/errors';

/** What a refused caller is told to wait: the contract's 503 keeps `Retry-After: 1`. */
export const BUSY_RETRY_AFTER_SECONDS = 1;

/**
 * Photos worked on at once in this process, and how many may wait their turn: a photo in work holds
 * tens of MiB (its upload, its decoded pixels), so past the waiting places a caller is refused at
 * once with `service_unavailable` and `Retry-After` instead of growing the server without bound.
 */
export class PhotoQueue {
  private running = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(
    readonly atOnce: number,
    readonly maxWaiting: number,
  ) {}

  /**
   * Resolves, once it is the caller's turn, with the function that ends the turn (once; later calls
   * do nothing). `alwaysWait`: past the waiting places too, for work that must not be refused (a
   * publish's logo) and that is small and rare enough to queue.
   */
  async turn(alwaysWait = false): Promise<() => void> {
    if (this.running < this.atOnce) this.running += 1;
    else if (alwaysWait || this.waiting.length < this.maxWaiting)
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    else throw this.busy();
    let ended = false;
    return () => {
      if (ended) return;
      ended = true;
      // The turn passes straight to the next waiting caller, so `running` never dips below what is at work.
      const next = this.waiting.shift();
      if (next) next();
      else this.running -= 1;
    };
  }

  async run<T>(work: () => Promise<T>, alwaysWait = false): Promise<T> {
    const end = await this.turn(alwaysWait);
    try {
      return await work();
    } finally {
      end();
    }
  }

  private busy(): AppError {
    return new AppError(
      'service_unavailable',
      `${this.atOnce + this.maxWaiting} photos are being processed or waiting already; send this one again in a moment.`,
      {
        headers: { 'retry-after': String(BUSY_RETRY_AFTER_SECONDS) },
      },
    );
  }
}
