/** The one source of time for the engine; tests and testers swap in a ManualClock and move it. */
export interface Clock {
  /** Milliseconds since the Unix epoch. */
  now(): number;
  /** Time outside the quota lab, where the clock has a lab offset; now() for every other clock. */
  realNow?(): number;
}

export const systemClock: Clock = { now: () => Date.now() };

export class ManualClock implements Clock {
  private current: number;

  constructor(start: number | Date) {
    this.current = typeof start === 'number' ? start : start.getTime();
  }

  now(): number {
    return this.current;
  }

  set(to: number | Date): void {
    this.current = typeof to === 'number' ? to : to.getTime();
  }

  advance(ms: number): void {
    this.current += ms;
  }
}
