/**
 * The checks added with header profiles and workers, on hand-made traffic: Retry-After in both
 * forms, refusals told by their code, the window's reset when no Retry-After came, malformed
 * RateLimit fields, workers' comebacks (jitter) and queued requests (in-flight).
 */
import { describe, expect, it } from 'vitest';
import { complianceReport, type ObservedRequest, type RuleId } from '../../src/shared/compliance';
import { malformedRateLimitFields, parseHttpDate, retryAfterOf } from '../../src/shared/compliance-headers';
import { answer, refusal } from '../helpers/observed-requests';

const T = Date.UTC(2026, 5, 1, 10, 0, 30, 250);

function verdicts(requests: ObservedRequest[]): Record<RuleId, string> {
  return Object.fromEntries(complianceReport(1, requests).rules.map((rule) => [rule.rule, rule.verdict])) as Record<
    RuleId,
    string
  >;
}
const rule = (requests: ObservedRequest[], id: RuleId) =>
  complianceReport(1, requests).rules.find((verdict) => verdict.rule === id);

const RESET = Date.UTC(2026, 5, 1, 10, 1, 0);
/** When a refusal at T (Retry-After: 30, rounded up from 29.75 s) has been waited out. */
const WAITED = T + 30_000;

describe('Retry-After in both forms (RFC 9110 §10.2.3)', () => {
  it('parses the three HTTP-date forms of §5.6.7, and nothing else', () => {
    const moment = Date.UTC(1994, 10, 6, 8, 49, 37);
    expect(parseHttpDate('Sun, 06 Nov 1994 08:49:37 GMT')).toBe(moment);
    expect(parseHttpDate('Sunday, 06-Nov-94 08:49:37 GMT')).toBe(moment);
    expect(parseHttpDate('Sun Nov  6 08:49:37 1994')).toBe(moment);
    for (const garbage of [
      '30',
      '',
      'Sun, 06 Nov 1994 08:49:37 UTC',
      'Sun, 31 Feb 1994 08:49:37 GMT',
      '2026-06-01T10:01:00Z',
      'Sun, 06 Nov 1994 25:49:37 GMT',
    ]) {
      expect(parseHttpDate(garbage), garbage).toBeNull();
    }
  });

  it('an HTTP-date means the wait from the answer’s Date; delay-seconds, that many seconds', () => {
    const dated = refusal(T, RESET, 'http-date');
    expect(retryAfterOf(dated)).toEqual({ text: 'Mon, 01 Jun 2026 10:01:00 GMT', form: 'http-date', waitMs: 30_000 });
    expect(retryAfterOf(refusal(T, RESET, 'seconds'))).toEqual({ text: '30', form: 'seconds', waitMs: 30_000 });
  });

  it('fails a retry sent at once after an HTTP-date Retry-After (read as 0), passes one that waited', () => {
    const asZero = [refusal(T, RESET, 'http-date'), answer({ at: T + 40, status: 429, code: 'rate_limited' })];
    expect(verdicts(asZero)['retry-after']).toBe('fail');
    expect(rule(asZero, 'retry-after')?.evidence[0]?.note).toBe(
      `sent 40 ms after request #${asZero[0]?.id}'s 429 rate_limited (Retry-After: Mon, 01 Jun 2026 10:01:00 GMT): 30.0 s too early`,
    );
    const waited = [refusal(T, RESET, 'http-date'), answer({ at: RESET + 260 })];
    expect(verdicts(waited)['retry-after']).toBe('pass');
  });

  it('tells a refusal by its code whatever the status: a 403 with Retry-After (GitHub’s secondary limit) counts', () => {
    const secondary = [refusal(T, RESET, 'seconds', { status: 403 }), answer({ at: T + 1_000 })];
    expect(verdicts(secondary)).toMatchObject({ 'retry-after': 'fail', ban: 'pass' });
    expect(complianceReport(1, secondary).totals).toMatchObject({ rateLimited: 1 });
  });

  it('without a Retry-After (no-retry-after profile) retry-after is not applicable and the reset rules, in ratelimit-window', () => {
    const early = [refusal(T, RESET, 'none'), answer({ at: T + 2_000 })];
    expect(verdicts(early)).toMatchObject({ 'retry-after': 'not_tested', 'ratelimit-window': 'fail' });
    expect(rule(early, 'ratelimit-window')?.evidence[0]?.note).toMatch(
      /^sent 27\.8 s before the window's reset, after request #\d+ was answered X-RateLimit-Remaining: 0/,
    );
    expect(verdicts([refusal(T, RESET, 'none'), answer({ at: RESET })])).toMatchObject({
      'retry-after': 'not_tested',
      'ratelimit-window': 'pass',
    });
  });

  it('reads the draft’s RateLimit field when no X-RateLimit-* came (ietf profile)', () => {
    const closing = answer({ at: T, headers: { ratelimit: '"minute";r=0;t=30, "day";r=900;t=50000' } });
    expect(verdicts([closing, answer({ at: T + 1_000 })])['ratelimit-window']).toBe('fail');
    expect(verdicts([closing, answer({ at: T + 30_000 })])['ratelimit-window']).toBe('pass');
  });
});

describe('malformed RateLimit fields', () => {
  it('detects fields RFC 9651 cannot parse, RateLimit without r or t, and X-RateLimit-* that are no numbers', () => {
    const fields = (headers: Record<string, string>) => malformedRateLimitFields(answer({ at: T, headers }));
    expect(
      fields({
        ratelimit: '"minute";r=5;t=30',
        'ratelimit-policy': '"minute";q=60;w=60',
        'x-ratelimit-remaining': '5',
      }),
    ).toBeNull();
    expect(fields({ ratelimit: '"minute";r=5' })).toMatch(/lacks t/);
    expect(fields({ ratelimit: 'r=5;;t=??' })).toMatch(/not an RFC 9651 list/);
    expect(fields({ 'ratelimit-policy': '"minute";w=60' })).toMatch(/lacks q/);
    expect(fields({ 'x-ratelimit-remaining': 'lots' })).toMatch(/not a whole number/);
  });

  it('judges the retries of refusals with malformed fields (and only there): n/a without them', () => {
    const garbage = { ratelimit: 'r=??', 'x-ratelimit-remaining': 'none', 'x-ratelimit-reset': 'soon' };
    const ignored = [refusal(T, RESET, 'seconds', { headers: garbage }), answer({ at: T + 500 })];
    expect(verdicts(ignored)).toMatchObject({ malformed: 'fail', 'retry-after': 'not_tested' });
    expect(rule(ignored, 'malformed')?.summary).toMatch(/ratelimit: "r=\?\?" is not an RFC 9651 list/);
    expect(verdicts([refusal(T, RESET, 'seconds', { headers: garbage }), answer({ at: RESET + 300 })])).toMatchObject({
      malformed: 'pass',
    });
    expect(verdicts([refusal(T, RESET, 'seconds'), answer({ at: RESET + 300 })])).toMatchObject({
      malformed: 'not_tested',
      'retry-after': 'pass',
    });
  });
});

/** Four workers taking turns on four connections, one round of requests from T. */
function round(at: number, answers: ('ok' | '429')[], spacingMs = 0.6): ObservedRequest[] {
  return answers.map((kind, index) =>
    kind === 'ok'
      ? answer({
          at: at + index * spacingMs,
          connection: index + 1,
          headers: { 'x-ratelimit-remaining': '1', 'x-ratelimit-reset': String(RESET / 1000) },
        })
      : refusal(at + index * spacingMs, RESET, 'seconds', { connection: index + 1 }),
  );
}

describe('jitter and in-flight', () => {
  it('jitter: workers throttled by the same 429s that all come back within 100 ms fail; spread over more, pass', () => {
    const lockstep = [
      ...round(T - 2_000, ['ok', 'ok', 'ok', 'ok']),
      ...round(T, ['ok', 'ok', '429', '429']),
      ...round(WAITED + 10, ['ok', 'ok', 'ok', 'ok'], 3),
    ];
    expect(verdicts(lockstep)).toMatchObject({
      jitter: 'fail',
      'retry-after': 'pass',
      backoff: 'pass',
      'in-flight': 'not_tested',
    });
    expect(rule(lockstep, 'jitter')?.evidence).toHaveLength(2);
    const spread = [
      ...round(T - 2_000, ['ok', 'ok', 'ok', 'ok']),
      ...round(T, ['ok', 'ok', '429', '429']),
      ...round(WAITED + 10, ['ok', 'ok', 'ok', 'ok'], 250),
    ];
    expect(verdicts(spread)).toMatchObject({ jitter: 'pass', 'retry-after': 'pass' });
  });

  it('jitter is not applicable with a single connection, or logs without connections', () => {
    const single = [
      refusal(T, RESET, 'seconds', { connection: 1 }),
      refusal(T + 1, RESET, 'seconds', { connection: 1 }),
      answer({ at: WAITED + 5, connection: 1 }),
    ];
    expect(verdicts(single).jitter).toBe('not_tested');
    const unknown = [
      refusal(T, RESET, 'seconds'),
      refusal(T + 1, RESET, 'seconds'),
      answer({ at: RESET + 5 }),
      answer({ at: WAITED + 6 }),
    ];
    expect(verdicts(unknown).jitter).toBe('not_tested');
  });

  it('in-flight: another request sent while a 429’s wait runs fails, from any connection; a retry of the refused one is retry-after’s', () => {
    const released = [
      refusal(T, RESET, 'seconds', { path: '/v1/pets?limit=1', connection: 1 }),
      answer({ at: T + 3, path: '/v1/pets?limit=2', connection: 1 }),
      answer({ at: WAITED + 5, path: '/v1/pets?limit=1', connection: 1 }),
    ];
    expect(verdicts(released)).toMatchObject({ 'in-flight': 'fail', 'retry-after': 'pass' });
    expect(rule(released, 'in-flight')?.evidence[0]?.note).toMatch(
      /^a new request \(GET \/v1\/pets\?limit=2\) sent 3\.0 ms after request #\d+'s 429 \(GET \/v1\/pets\?limit=1, Retry-After: 30 s\): 30\.0 s before the wait was over$/,
    );
    const held = [
      refusal(T, RESET, 'seconds', { path: '/v1/pets?limit=1' }),
      answer({ at: WAITED + 5, path: '/v1/pets?limit=1' }),
      answer({ at: WAITED + 9, path: '/v1/pets?limit=2' }),
    ];
    expect(verdicts(held)).toMatchObject({ 'in-flight': 'pass', 'retry-after': 'pass' });
    const retriedEarly = [
      refusal(T, RESET, 'seconds', { path: '/v1/pets?limit=1' }),
      answer({ at: T + 3, path: '/v1/pets?limit=1' }),
    ];
    expect(verdicts(retriedEarly)).toMatchObject({ 'in-flight': 'not_tested', 'retry-after': 'fail' });
  });

  it('a worker’s request already on its way when another worker’s 429 went out is not blamed; one sent later is', () => {
    // Workers taking turns on four connections: the fourth request of the burst left before the third's 429 was answered.
    const burst = [...round(T - 2_000, ['ok', 'ok', 'ok', 'ok']), ...round(T, ['ok', 'ok', '429', 'ok'])];
    const late = answer({ at: T + 200, connection: 4, path: '/v1/pets?limit=9' });
    expect(verdicts(burst)['in-flight']).toBe('not_tested');
    expect(verdicts([...burst, late])['in-flight']).toBe('fail');
  });
});
