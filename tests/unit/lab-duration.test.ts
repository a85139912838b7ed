import { describe, expect, it } from 'vitest';
import { describeOffset, parseDuration } from '../../src/shared/lab';

describe('lab clock durations', () => {
  it('reads 90s, 15m, 2h, 1d and combinations', () => {
    expect(parseDuration('90s')).toEqual({ ms: 90_000 });
    expect(parseDuration('15m')).toEqual({ ms: 900_000 });
    expect(parseDuration('2h')).toEqual({ ms: 7_200_000 });
    expect(parseDuration('1d')).toEqual({ ms: 86_400_000 });
    expect(parseDuration(' 1h30m ')).toEqual({ ms: 5_400_000 });
  });

  it('refuses what is not a positive duration up to 366 days, saying how to write one', () => {
    for (const text of ['', 'soon', '15', 'm15', '1w', '-5m', '1.5h', '0s'])
      expect(parseDuration(text)).toHaveProperty('error');
    expect(parseDuration('soon')).toEqual({ error: expect.stringMatching(/90s, 15m, 2h or 1d/) });
    expect(parseDuration('367d')).toEqual({ error: expect.stringMatching(/366 days/) });
  });

  it('describes an offset for people', () => {
    expect(describeOffset(0)).toBe('no offset');
    expect(describeOffset(93_784_000)).toBe('+1d 2h 3m 4s');
  });
});
