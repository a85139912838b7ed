/**
 * The README's set-up and curl walk-through, run as written: the same commands through npm and bash,
 * in a folder of their own. Only the port (4110, which may be taken) and the second terminal (the
 * server runs in the background here) differ from what a newcomer types.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../helpers/free-port';
import { shellBlockUnder } from '../helpers/markdown';
import { PROJECT_ROOT } from '../helpers/processes';
import { makeTempDir, removeTempDir } from '../helpers/temp-dir';
import { waitFor } from '../helpers/wait-for';

const README = fs.readFileSync(path.join(PROJECT_ROOT, 'README.md'), 'utf8');
const DOCUMENTED_PORT = '4110';

/** bash in `folder`, where `npm` is the project's (npm run from elsewhere, as from a clone's subfolder). */
function bashEnv(folder: string): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, ADK_PROJECT: PROJECT_ROOT, BASH_ENV: path.join(folder, '.npm-in-project.sh') };
  delete env.INIT_CWD;
  fs.writeFileSync(env.BASH_ENV!, 'npm() { command npm --prefix "$ADK_PROJECT" "$@"; }\n');
  return env;
}

let folder: string;
let port: number;
let server: ChildProcess | undefined;
let serverLog = '';

beforeAll(async () => {
  folder = makeTempDir();
  port = await freePort();
  // "On a fresh machine": the second command of the set-up (npm ci has run: this is its checkout).
  const setUp = shellBlockUnder(README, 'Set-up').split('\n').filter((line) => line.trim() !== '' && line.trim() !== 'npm ci');
  expect(setUp).toEqual([`npm run serve -- --data-dir ./walkthrough-data --port ${DOCUMENTED_PORT}`]);
  server = spawn('bash', ['-c', `${setUp[0]!.replaceAll(DOCUMENTED_PORT, String(port))}`], { cwd: folder, env: bashEnv(folder), stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  server.stderr?.setEncoding('utf8').on('data', (chunk: string) => (serverLog += chunk));
  await waitFor(async () => (await fetch(`http://127.0.0.1:${port}/v1/openapi.json`)).ok, 60_000, 100);
}, 90_000);

afterAll(async () => {
  if (server?.pid) {
    process.kill(-server.pid, 'SIGTERM');
    await waitFor(() => server?.exitCode !== null || server.signalCode !== null, 10_000);
  }
  removeTempDir(folder);
});

describe('the README, followed literally', () => {
  it('set-up serves the API from ./walkthrough-data in the folder the command was typed in, not from the admin window\'s ./data', () => {
    expect(fs.existsSync(path.join(folder, 'walkthrough-data', 'production.sqlite')), serverLog).toBe(true);
    // The admin window's data dir (the shelter's real records, which it publishes) is named in the README and left alone.
    expect(README).toContain('npm run serve -- --data-dir ./data --admin');
  });

  it('the curl walk-through gets the answers it promises', () => {
    const walk = shellBlockUnder(README, 'Walk-through with curl').replaceAll(DOCUMENTED_PORT, String(port));
    const run = spawnSync('bash', ['-euo', 'pipefail', '-c', walk], { cwd: folder, env: bashEnv(folder), encoding: 'utf8', timeout: 120_000 });
    expect(run.status, run.stderr).toBe(0);
    const out = run.stdout;
    // 2. 201 with the pet and a Location header.
    expect(out).toMatch(/HTTP\/1\.1 201 Created\r?$/m);
    expect(out).toMatch(new RegExp(`^location: http://127\\.0\\.0\\.1:${port}/v1/pets/1\\r?$`, 'mi'));
    expect(out).toContain('{"id":1,"name":"Biscuit","categoryId":1,"status":"available"}');
    expect(out).toContain('"name":"Miso","categoryId":2,"status":"pending"');
    // 3. Two at a time, the next page in the Link header, as the comment shows.
    const link = new RegExp(`^link: <http://127\\.0\\.0\\.1:${port}/v1/pets\\?limit=2&cursor=YWZ0ZXI6Mg>; rel="next"\\r?$`, 'mi');
    expect(out).toMatch(link);
    expect(walk).toContain('#    link: <http://127.0.0.1:' + port + '/v1/pets?limit=2&cursor=YWZ0ZXI6Mg>; rel="next"');
    // 4. The deprecated single get, with its sunset.
    expect(out).toMatch(/^deprecation: /im);
    expect(out).toMatch(/^sunset: Thu, 05 Dec 2030 /im);
    // 5. Without a key: 401 and the Error body. Every answer shown (-i: four of them) carries the rate-limit headers.
    expect(out).toMatch(/HTTP\/1\.1 401 Unauthorized\r?$/m);
    expect(out).toContain('"code":"unauthorized"');
    expect(out.match(/^x-ratelimit-limit: /gim)?.length).toBe(4);
    // The key was shown once and is stored only as a hash.
    expect(spawnSync('grep', ['-c', 'adk_live_', path.join(folder, 'walkthrough-data', 'production.sqlite')], { encoding: 'utf8' }).stdout.trim()).toBe('0');
    // Its test pets never reach the admin window's data dir, so no publish puts "Biscuit" on the shelter's site.
    expect(fs.existsSync(path.join(folder, 'data')), 'the walk-through wrote into ./data').toBe(false);
  }, 150_000);
});
