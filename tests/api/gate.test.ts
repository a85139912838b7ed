/**
 * `gate -- COMMAND`: a real CLI process starts a throw-away API, runs a real client process against
 * it and judges it; the exit code and the JUnit file are what a CI step reads.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runCli } from '../helpers/processes';
import { makeTempDir, removeTempDir } from '../helpers/temp-dir';

const CLIENTS = path.resolve(__dirname, '../fixtures/clients');
const node = process.execPath;

let dir: string;
beforeEach(() => {
  dir = makeTempDir('gate-');
});
afterEach(() => removeTempDir(dir));

const gate = (args: string[]) => runCli(['gate', ...args], 60_000);

// Each run bundles and starts a CLI and a client process: tens of seconds on a busy machine.
describe('gate', { timeout: 120_000 }, () => {
  it('fails a client that ignores Retry-After: exit 1, retry-after failed in the JUnit file with the offending requests', async () => {
    const junit = path.join(dir, 'r.xml');
    const result = await gate(['--junit', junit, '--', node, path.join(CLIENTS, 'careless.mjs'), '75']);
    expect(result.code, result.stderr).toBe(1);
    expect(result.stdout).toMatch(/^FAIL {2}retry-after/m);
    expect(result.stderr).toContain('Gate failed: a check did not pass.');
    const xml = fs.readFileSync(junit, 'utf8');
    expect(xml).toMatch(
      /<testcase classname="adoption-desk.compliance" name="retry-after: Honours Retry-After">\s*<failure message="\d+ request\(s\) were sent before/,
    );
    expect(xml).toMatch(/#\d+ \S+ GET \/v1\/pets → 429 rate_limited: sent .* too early/);
    expect(xml).toMatch(/<testcase classname="adoption-desk.gate" name="command: the client ran to completion"\/>/);
  });

  it('passes a good client (it waits for the reset and honours Retry-After, moving the lab clock): exit 0', async () => {
    const junit = path.join(dir, 'r.xml');
    const result = await gate(['--json', '--junit', junit, '--', node, path.join(CLIENTS, 'good.mjs'), '75']);
    expect(result.code, result.stderr).toBe(0);
    const body = JSON.parse(result.stdout) as {
      exitCode: number;
      report: { totals: { accepted: number; rateLimited: number }; rules: { rule: string; verdict: string }[] };
    };
    expect(body.exitCode).toBe(0);
    expect(body.report.totals.accepted).toBe(75);
    // Free allows 60 a minute: the client saw its window run out and waited for the reset, never meeting a 429.
    expect(Object.fromEntries(body.report.rules.map((rule) => [rule.rule, rule.verdict]))).toEqual({
      'retry-after': 'not_tested',
      'ratelimit-window': 'pass',
      backoff: 'not_tested',
      'backoff-cap': 'not_tested',
      'gives-up': 'not_tested',
      jitter: 'not_tested',
      'in-flight': 'not_tested',
      malformed: 'not_tested',
      idempotency: 'not_tested',
      ban: 'not_tested',
    });
    expect(fs.readFileSync(junit, 'utf8')).not.toContain('<failure');
  });

  it('passes a client that honours Retry-After only, warning that it ignored X-RateLimit-Remaining: 0; --strict fails it', async () => {
    const client = path.join(CLIENTS, 'retry-after-only.mjs');
    const lenient = await gate(['--', node, client, '75']);
    expect(lenient.code, lenient.stderr).toBe(0);
    expect(lenient.stdout).toMatch(/^PASS {2}retry-after/m);
    expect(lenient.stdout).toMatch(/^WARN {2}ratelimit-window/m);
    const junit = path.join(dir, 'strict.xml');
    const strict = await gate(['--strict', '--junit', junit, '--', node, client, '75']);
    expect(strict.code, strict.stderr).toBe(1);
    expect(strict.stdout).toMatch(/^FAIL {2}ratelimit-window/m);
    expect(fs.readFileSync(junit, 'utf8')).toMatch(/name="ratelimit-window: [^"]+">\s*<failure/);
  });

  it('fails a client that retries a POST without an Idempotency-Key on that check alone, and passes it with one', async () => {
    const client = path.join(CLIENTS, 'creating.mjs');
    const keyless = await gate(['--', node, client, '70']);
    expect(keyless.code, keyless.stderr).toBe(1);
    expect(keyless.stdout).toMatch(/^FAIL {2}idempotency/m);
    expect(keyless.stdout.match(/^FAIL/gm)).toHaveLength(1);
    const keyed = await gate(['--', node, client, '70', '--key']);
    expect(keyed.code, keyed.stderr).toBe(0);
    expect(keyed.stdout).toMatch(/^PASS {2}idempotency/m);
  });

  it('says "not applicable", never "pass", when the traffic never met a limit', async () => {
    const result = await gate([
      '--per-minute',
      '1000',
      '--per-day',
      '1000',
      '--',
      node,
      path.join(CLIENTS, 'careless.mjs'),
      '5',
    ]);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toMatch(/^n\/a {3}retry-after/m);
    expect(result.stdout).not.toMatch(/^PASS/m);
    expect(result.stdout).not.toMatch(/^FAIL/m);
  });

  it('exits 2 when the command itself fails, and when it cannot start', async () => {
    const failing = await gate(['--', node, '-e', 'process.exit(3)']);
    expect(failing.code).toBe(2);
    expect(failing.stderr).toContain('the command exited with code 3');
    const missing = await gate(['--', path.join(dir, 'no-such-client')]);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('no such program');
  });

  it('stops a command that runs past --timeout, and exits 2', async () => {
    const result = await gate(['--timeout', '1', '--', node, '-e', 'setInterval(() => {}, 1000)']);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('ran longer than 1 s');
  });

  it('guards the lab clock: only the gate token moves it, only by a positive whole number of ms', async () => {
    const probe = `
      const url = process.env.ADK_LAB_URL;
      const post = (u, body) => fetch(u, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }).then((r) => r.status);
      const wrongToken = url.replace(/[^/]+$/, 'guess');
      const results = [await post(wrongToken + '/clock/advance', { ms: 1000 }), await post(url + '/clock/advance', { ms: -5 }), await post(url + '/clock/advance', { ms: 1000 })];
      if (JSON.stringify(results) !== '[404,400,200]') { console.error(results); process.exit(9); }
    `;
    const result = await gate(['--', node, '-e', probe]);
    expect(result.code, result.stderr).toBe(0);
  });
});
