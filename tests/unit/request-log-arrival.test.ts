/** The request log's arrivals: the environment's millisecond with the microseconds of the real moment. */
import { describe, expect, it } from 'vitest';
import { LabClock } from '../../src/main/lab/clock';
import { ArrivalTimes } from '../../src/main/lab/request-log/arrival-time';
import { ManualClock, systemClock } from '../../src/shared/clock';

describe('arrival times', () => {
  it('stay within the millisecond the clock read, and grow with real time', () => {
    const arrivals = new ArrivalTimes();
    let before = -Infinity;
    const fractions = new Set<number>();
    for (let i = 0; i < 20_000; i += 1) {
      const at = Date.now();
      const precise = arrivals.precise(at, performance.now());
      expect(precise).toBeGreaterThanOrEqual(at);
      expect(precise).toBeLessThan(at + 1);
      // Another process's reading of the same instant may round a microsecond differently; never more.
      expect(precise).toBeGreaterThanOrEqual(before - 0.002);
      before = precise;
      fractions.add(Math.round((precise - at) * 1000));
    }
    // Microseconds, not whole milliseconds.
    expect(fractions.size).toBeGreaterThan(10);
  });

  it('keeps a reading that already has a fraction as it is; the lab clock adds its offset; a test clock stands still', () => {
    expect(new ArrivalTimes().precise(1_000.25, performance.now())).toBe(1_000.25);
    const lab = new LabClock(systemClock);
    lab.apply(true, 3_600_000);
    const at = lab.now();
    const precise = lab.precise(at, performance.now());
    expect(precise - at).toBeGreaterThanOrEqual(0);
    expect(precise - at).toBeLessThan(1);
    const manual = new LabClock(new ManualClock(1_780_315_230_250));
    expect(manual.precise(manual.now(), performance.now())).toBe(1_780_315_230_250);
  });
});
