/** The compliance report's verdicts on hand-made request sequences. */
import { describe, expect, it } from 'vitest';
import {
  complianceReport,
  type ComplianceReport,
  type ObservedRequest,
  type RuleId,
  type RuleVerdict,
} from '../../src/shared/compliance';

const T = Date.UTC(2026, 5, 1, 10, 0, 50);
let nextId = 1;

/** A request at T + `seconds`: 'ok', '429' (rate_limited with Retry-After) or 'ban' (api_key_banned). */
function request(seconds: number, answer: 'ok' | '429' | 'ban', retryAfter = 10): ObservedRequest {
  const id = nextId++;
  const at = T + Math.round(seconds * 1000);
  if (answer === 'ok') return { id, at, method: 'GET', path: '/v1/pets', status: 200, code: null, retryAfter: null };
  return {
    id,
    at,
    method: 'GET',
    path: '/v1/pets',
    status: 429,
    code: answer === 'ban' ? 'api_key_banned' : 'rate_limited',
    retryAfter,
  };
}

function byId(report: ComplianceReport, id: RuleId): RuleVerdict | undefined {
  return report.rules.find((rule) => rule.rule === id);
}

function verdicts(requests: ObservedRequest[]): Record<RuleId, string> {
  const report = complianceReport(1, requests);
  return Object.fromEntries(report.rules.map((rule) => [rule.rule, rule.verdict])) as Record<RuleId, string>;
}

describe('the compliance report', () => {
  it('passes a client that waits Retry-After after its 429', () => {
    const requests = [request(0, 'ok'), request(1, 'ok'), request(2, '429', 10), request(12, 'ok'), request(13, 'ok')];
    expect(verdicts(requests)).toMatchObject({ 'retry-after': 'pass', backoff: 'pass', ban: 'pass' });
    expect(complianceReport(1, requests).totals).toMatchObject({ requests: 5, accepted: 4, rateLimited: 1, wasted: 0 });
  });

  it('fails a client that ignores Retry-After and gets banned, with the offending requests as evidence', () => {
    const requests = [
      request(0, 'ok'),
      request(1, '429', 10),
      ...Array.from({ length: 10 }, (_, i) => request(1.1 + i * 0.1, '429', 9)),
      request(2.2, 'ban', 900),
      request(2.3, 'ban', 900),
    ];
    const report = complianceReport(1, requests);
    expect(verdicts(requests)).toMatchObject({ 'retry-after': 'fail', backoff: 'fail', ban: 'fail' });
    const honours = report.rules.find((rule) => rule.rule === 'retry-after');
    expect(honours?.offences).toBe(12);
    expect(honours?.evidence[0]).toMatchObject({ requestId: requests[2]?.id, status: 429 });
    expect(honours?.evidence[0]?.note).toMatch(/Retry-After: 10 s/);
    const ban = report.rules.find((rule) => rule.rule === 'ban');
    expect(ban?.evidence.map((evidence) => evidence.requestId)).toEqual([requests[12]?.id, requests[13]?.id]);
    expect(report.totals).toMatchObject({ wasted: 12, banned: 2, rateLimited: 11, accepted: 1 });
  });

  it('fails backoff that grows too little, and passes exponential backoff', () => {
    // Retry-After of 60 s never honoured; waits 1, 1.2, 1.4 s: growing, but by less than ×1.5.
    const timid = [request(0, '429', 60), request(1, '429', 59), request(2.2, '429', 58), request(3.6, '429', 56)];
    expect(verdicts(timid)).toMatchObject({ 'retry-after': 'fail', backoff: 'fail', ban: 'pass' });
    expect(byId(complianceReport(1, timid), 'backoff')?.offences).toBe(2);

    const doubling = [
      request(0, '429', 60),
      request(1, '429', 59),
      request(3, '429', 57),
      request(7, '429', 53),
      request(15, '429', 45),
    ];
    expect(verdicts(doubling)).toMatchObject({ 'retry-after': 'fail', backoff: 'pass', ban: 'pass' });
  });

  it('says "not tested" without any 429, and draws the minute windows on the timeline', () => {
    const calm = [request(0, 'ok'), request(30, 'ok'), request(95, 'ok')];
    const report = complianceReport(1, calm);
    expect(report.rules.every((rule) => rule.verdict === 'not_tested')).toBe(true);
    expect(report.timeline.bucketMs).toBe(1_000);
    expect(report.timeline.windowKind).toBe('minute');
    // T is 10:00:50: the windows starting 10:01 and 10:02 fall inside.
    expect(report.timeline.windowStarts).toEqual([T + 10_000, T + 70_000]);
    expect(report.timeline.buckets.reduce((sum, bucket) => sum + bucket.accepted, 0)).toBe(3);
  });

  it('judges against the latest 429 only: a later, shorter Retry-After replaces a longer one', () => {
    // 429 at 0 s says wait 8 s; the one at 3.5 s (itself early) says 4 s, so the wait ends at 7.5 s:
    // the request at 7.6 s honours it.
    const requests = [request(0, '429', 8), request(3.5, '429', 4), request(7.6, 'ok'), request(8.5, 'ok')];
    const report = complianceReport(1, requests);
    expect(byId(report, 'retry-after')).toMatchObject({ rule: 'retry-after', verdict: 'fail', offences: 1 });
    expect(byId(report, 'retry-after')?.evidence.map((evidence) => evidence.requestId)).toEqual([requests[1]?.id]);
    expect(report.totals.wasted).toBe(1);
  });

  it('counts as wasted only the early requests that were refused', () => {
    // Both follow a 429 that said 10 s; the first got through anyway, the second was refused.
    const requests = [request(0, '429', 10), request(1, 'ok'), request(2, '429', 8)];
    const report = complianceReport(1, requests);
    expect(byId(report, 'retry-after')).toMatchObject({ verdict: 'fail', offences: 2 });
    expect(report.totals.wasted).toBe(1);
  });

  it('back-to-back retries are no backoff, even when the gap grows from 0 to 1 ms; the evidence reads in ms', () => {
    const backToBack = [
      request(0, '429', 60),
      request(0, '429', 60),
      request(0.001, '429', 60),
      request(0.002, '429', 60),
    ];
    const report = complianceReport(1, backToBack);
    expect(byId(report, 'backoff')).toMatchObject({ rule: 'backoff', verdict: 'fail', offences: 2 });
    expect(byId(report, 'backoff')?.evidence[0]?.note).toBe(
      'retried 1.0 ms after another 429 (under 50 ms: no wait), having waited 0.0 ms before',
    );
    for (const rule of report.rules)
      for (const evidence of rule.evidence) expect(evidence.note).not.toMatch(/\b0\.00 s\b/);

    // Waits of 40 ms then 70 ms: the first is no wait; the second is a real, longer one.
    const fromNothing = [request(0, '429', 60), request(0.04, '429', 60), request(0.11, '429', 60)];
    expect(byId(complianceReport(1, fromNothing), 'backoff')).toMatchObject({ verdict: 'pass' });
  });
});

describe('the window, cap and give-up checks', () => {
  /** An accepted request at T + `seconds` whose answer said `remaining`, the window resetting at T + `resetSeconds`. */
  function accepted(seconds: number, remaining: number, resetSeconds: number): ObservedRequest {
    return { ...request(seconds, 'ok'), remaining, reset: (T + resetSeconds * 1000) / 1000 };
  }

  it('ratelimit-window: after X-RateLimit-Remaining: 0, nothing before the reset, even without a 429', () => {
    // T is 10:00:50: the minute window resets at T + 10 s.
    const eager = [accepted(0, 1, 10), accepted(1, 0, 10), request(2, '429', 8)];
    const report = complianceReport(1, eager);
    expect(byId(report, 'ratelimit-window')).toMatchObject({ verdict: 'fail', offences: 1 });
    expect(byId(report, 'ratelimit-window')?.evidence[0]?.note).toMatch(
      /^sent 8\.00 s before the window's reset, after request #\d+ was answered X-RateLimit-Remaining: 0/,
    );

    const patient = [accepted(0, 1, 10), accepted(1, 0, 10), accepted(10, 59, 70)];
    expect(verdicts(patient)).toMatchObject({ 'ratelimit-window': 'pass' });
    expect(verdicts([accepted(0, 5, 10), accepted(1, 4, 10)])).toMatchObject({ 'ratelimit-window': 'not_tested' });
  });

  it('backoff-cap: a wait after a 429 past the cap and past its Retry-After is stalling', () => {
    const stalling = [request(0, '429', 10), request(10, '429', 20), request(30 + 6 * 60, 'ok')];
    const report = complianceReport(1, stalling);
    expect(byId(report, 'backoff-cap')).toMatchObject({ verdict: 'fail', offences: 1 });
    expect(byId(report, 'backoff-cap')?.evidence[0]?.note).toMatch(/^waited 6\.3 min|^waited 380\.0 s/);
    // A ban's Retry-After of 900 s asks for more than the cap: waiting it out is right.
    expect(verdicts([request(0, 'ban', 900), request(900, 'ok')])).toMatchObject({ 'backoff-cap': 'pass' });
    expect(
      complianceReport(1, stalling, {}, { maxAttempts: 8, backoffCapMs: 10 * 60_000 }).rules.find(
        (rule) => rule.rule === 'backoff-cap',
      )?.verdict,
    ).toBe('pass');
  });

  it('gives-up: the same request refused more than maxAttempts times in a row was retried forever', () => {
    const endless = Array.from({ length: 10 }, (_, i) => request(i * 20, '429', 20));
    const report = complianceReport(1, endless);
    expect(byId(report, 'gives-up')).toMatchObject({ verdict: 'fail', offences: 2 });
    expect(byId(report, 'gives-up')?.evidence[0]?.note).toBe(
      'attempt 9 in a row of GET /v1/pets refused with 429: a client should give up after 8',
    );
    expect(
      byId(complianceReport(1, endless, {}, { maxAttempts: 10, backoffCapMs: 300_000 }), 'gives-up')?.verdict,
    ).toBe('pass');
    // A success in between starts the count again.
    const recovering = [
      ...endless.slice(0, 5),
      request(100, 'ok'),
      ...Array.from({ length: 5 }, (_, i) => request(120 + i * 20, '429', 20)),
    ];
    expect(verdicts(recovering)).toMatchObject({ 'gives-up': 'pass' });
  });
});

describe('the idempotency check', () => {
  const post = (seconds: number, status: number, key?: string): ObservedRequest => ({
    id: nextId++,
    at: T + seconds * 1000,
    method: 'POST',
    path: '/v1/pets',
    status,
    code: status === 429 ? 'rate_limited' : status === 201 ? null : 'internal_error',
    retryAfter: status === 429 ? 1 : null,
    headers: key === undefined ? {} : { 'idempotency-key': key },
  });

  it('fails a POST retried after a failure without an Idempotency-Key, and passes one with it', () => {
    const careless = [post(0, 201), post(1, 429), post(3, 201)];
    const report = complianceReport(1, careless);
    expect(byId(report, 'idempotency')).toMatchObject({ verdict: 'fail', offences: 1 });
    expect(byId(report, 'idempotency')?.evidence[0]?.note).toBe(
      `POST /v1/pets sent after request #${careless[1]?.id}'s 429 without an Idempotency-Key: a retried creation may create twice`,
    );
    expect(verdicts([post(0, 429, 'k1'), post(2, 201, 'k1')])).toMatchObject({ idempotency: 'pass' });
    // POSTs that never failed are not retries: nothing to judge.
    expect(verdicts([post(0, 201), post(1, 201)])).toMatchObject({ idempotency: 'not_tested' });
  });
});
