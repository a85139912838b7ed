/**
 * The header profile from the CLI: `lab profile set` returns once the running `serve` of that
 * environment answers with it (it counts as a lab move), each environment keeps its own, and the
 * gate's `--profile` runs a client against a throw-away API answering with that profile.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { Engine } from '../../src/main/engine/engine';
import { createKey } from '../helpers/limits-server';
import { killServer, runCli, spawnServer, type ServerProcess } from '../helpers/processes';
import { makeTempDir, removeTempDir } from '../helpers/temp-dir';
import { runCliInProcess } from '../helpers/cli-in-process';

let server: ServerProcess | undefined;
let dataDir: string | undefined;

afterEach(async () => {
  await killServer(server);
  server = undefined;
  if (dataDir) removeTempDir(dataDir);
  dataDir = undefined;
});

function keyIn(dir: string): string {
  const engine = new Engine({ dataDir: dir, environment: 'production' });
  try {
    return createKey(engine, 'enterprise', { perMinute: 1_000_000, perDay: 10_000_000 }).key;
  } finally {
    engine.close();
  }
}

describe('lab profile from the CLI', { timeout: 90_000 }, () => {
  it('set reaches a running serve by its next request; show reads it; the other environment keeps its own', async () => {
    dataDir = makeTempDir();
    const key = keyIn(dataDir);
    server = await spawnServer(dataDir);
    const pets = () => fetch(`${server!.baseUrl}/pets?limit=1`, { headers: { authorization: `Bearer ${key}` } });
    expect((await pets()).headers.get('x-ratelimit-limit')).not.toBeNull();

    const set = await runCliInProcess(dataDir, ['lab', 'profile', 'set', 'github']);
    expect(set.code, set.stderr).toBe(0);
    expect(set.stdout).toMatch(/^Header profile \(production\): github — /);
    expect(set.stderr).toContain(
      `The running production server (${server.baseUrl}, pid ${server.child.pid}) answers with it from its next request.`,
    );
    const answer = await pets();
    expect(answer.headers.get('x-ratelimit-used')).toBe('2');
    expect(answer.headers.get('ratelimit')).toBeNull();
    const document = (await (await fetch(`${server.baseUrl}/openapi.json`)).json()) as {
      paths: Record<string, { get?: { responses: Record<string, unknown> } }>;
    };
    expect(Object.keys(document.paths['/pets']?.get?.responses ?? {})).toContain('403');

    const shown = await runCliInProcess(dataDir, ['--json', 'lab', 'profile', 'show']);
    expect(JSON.parse(shown.stdout)).toMatchObject({ environment: 'production', profile: 'github' });
    const staging = await runCliInProcess(dataDir, ['--env', 'staging', '--json', 'lab', 'profile', 'show']);
    expect(JSON.parse(staging.stdout)).toMatchObject({ environment: 'staging', profile: 'standard' });

    const back = await runCliInProcess(dataDir, ['--json', 'lab', 'profile', 'set', 'standard']);
    expect(JSON.parse(back.stdout)).toMatchObject({
      profile: 'standard',
      server: { state: 'applied', pid: server.child.pid },
    });
    expect((await pets()).headers.get('x-ratelimit-limit')).not.toBeNull();
  });

  it('refuses an unknown profile by listing the known ones; without a server, says the profile waits for one', async () => {
    dataDir = makeTempDir();
    const unknown = await runCliInProcess(dataDir, ['lab', 'profile', 'set', 'stripe']);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('standard, ietf, github, retry-after-date, no-retry-after, malformed');
    const set = await runCliInProcess(dataDir, ['lab', 'profile', 'set', 'no-retry-after']);
    expect(set.code, set.stderr).toBe(0);
    expect(set.stderr).toBe(
      'No production server is running for this data dir: the profile is stored, and a server uses it when it starts.\n',
    );
  });

  it('gate --profile retry-after-date runs the client against that profile and names it in the report', async () => {
    dataDir = makeTempDir();
    // A client that reads one refusal and prints its Retry-After (an HTTP-date under this profile).
    const client = path.join(dataDir, 'client.mjs');
    fs.writeFileSync(
      client,
      [
        'const headers = { authorization: `Bearer ${process.env.ADK_API_KEY}` };',
        // From the first instant of a minute window, so the 61 requests meet the limit in one window.
        'const { now } = await (await fetch(`${process.env.ADK_LAB_URL}/clock`)).json();',
        "await fetch(`${process.env.ADK_LAB_URL}/clock/advance`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ ms: 60_000 - (now % 60_000) }) });",
        'for (let i = 0; i < 61; i++) {',
        '  const answer = await fetch(`${process.env.ADK_BASE_URL}/pets?limit=1`, { headers });',
        '  if (answer.status === 429) { console.log(`retry-after: ${answer.headers.get("retry-after")}`); break; }',
        '}',
      ].join('\n'),
    );
    const result = await runCli(['gate', '--profile', 'retry-after-date', '--', process.execPath, client], 60_000);
    expect(result.code, result.stderr).not.toBe(2);
    expect(result.stdout).toMatch(/^retry-after: [A-Z][a-z]{2}, \d{2} [A-Z][a-z]{2} \d{4} \d{2}:\d{2}:00 GMT$/m);
    expect(result.stdout).toMatch(/^Header profile: retry-after-date$/m);
    expect(result.stderr).toContain('header profile retry-after-date');
  });
});
