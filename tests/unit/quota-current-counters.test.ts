import { describe, expect, it } from 'vitest';
import { CurrentCounters } from '../../src/main/quota/current-counters';
import { windowStart } from '../../src/shared/quota';

const now = Date.UTC(2026, 10, 27, 12, 0, 30);
const pairAt = (at: number) => ({
  minute: { start: windowStart('minute', at) },
  day: { start: windowStart('day', at) },
});
const account = { kind: 'account', accountId: 7 } as const;

describe("the quota's kept counters", () => {
  it('give a subject its pair while both windows are current', () => {
    const current = new CurrentCounters<{ start: number }>();
    const { minute, day } = pairAt(now);
    current.keep(account, minute, day);
    expect(current.get(account, now + 29_000)).toMatchObject({ minute, day });
    expect(current.get({ kind: 'account', accountId: 8 }, now)).toBeUndefined();
    expect(current.get({ kind: 'address', address: '7' }, now)).toBeUndefined();
  });

  it('find them again in a new minute, and after the lab clock went back', () => {
    const current = new CurrentCounters<{ start: number }>();
    const { minute, day } = pairAt(now);
    current.keep(account, minute, day);
    expect(current.get(account, now + 30_000)).toBeUndefined();
    expect(current.get(account, now - 31_000)).toBeUndefined();
  });

  it('trust no pair once a counter left the service', () => {
    const current = new CurrentCounters<{ start: number }>();
    const { minute, day } = pairAt(now);
    current.keep({ kind: 'address', address: '127.0.0.1' }, minute, day);
    current.forget();
    expect(current.get({ kind: 'address', address: '127.0.0.1' }, now)).toBeUndefined();
  });
});
