/**
 * `npm run bench`: the pet API against a bare node:http server on the same machine, server on CPU 0
 * and load on CPU 1; then the list latency of a late page at 1,000 and 1,000,000 pets.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PINNING, startServer, type Server } from './processes';
import { seedDatabase } from './seed';

const CONNECTIONS = 32;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 6);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const node = process.execPath;

interface Load {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
}

function load(url: string, options: { key?: string; method?: 'GET' | 'POST'; body?: string; seconds?: number }): Load {
  const args = ['-j', '-c', String(CONNECTIONS), '-d', String(options.seconds ?? SECONDS)];
  if (options.key) args.push('-H', `Authorization=Bearer ${options.key}`);
  if (options.method === 'POST') args.push('-m', 'POST', '-H', 'Content-Type=application/json', '-b', options.body ?? '{}');
  const command = PINNING ? 'taskset' : 'node_modules/.bin/autocannon';
  const out = execFileSync(command, PINNING ? ['-c', '1', 'node_modules/.bin/autocannon', ...args, url] : [...args, url], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'ignore'],
    maxBuffer: 64 * 1024 * 1024,
  });
  const result = JSON.parse(out);
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts + result.non2xx,
  };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;

function medianLoad(runs: Load[]): Load {
  return {
    rps: median(runs.map((r) => r.rps)),
    p50: median(runs.map((r) => r.p50)),
    p99: median(runs.map((r) => r.p99)),
    errors: runs.reduce((sum, r) => sum + r.errors, 0),
  };
}

async function apiServer(dataDir: string): Promise<Server> {
  return startServer(node, ['--import', 'tsx', 'src/main/serve.ts', '--data-dir', dataDir, '--port', '0', '--log-level', 'silent']);
}

/** p50 in microseconds of `count` sequential requests for a late page through the cursor. */
async function latePageP50(baseUrl: string, key: string, pets: number, count = 2_000): Promise<number> {
  const cursor = Buffer.from(`after:${pets - 60}`).toString('base64url');
  const url = `${baseUrl}/v1/pets?limit=20&status=available&cursor=${cursor}`;
  const headers = { authorization: `Bearer ${key}` };
  const samples: number[] = [];
  for (let i = 0; i < count + 200; i++) {
    const started = performance.now();
    const response = await fetch(url, { headers });
    await response.arrayBuffer();
    if (response.status !== 200) throw new Error(`late page answered ${response.status}`);
    if (i >= 200) samples.push((performance.now() - started) * 1000);
  }
  return median(samples);
}

async function main(): Promise<void> {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'adk-bench-'));
  console.log(`Adoption Desk benchmark — ${os.cpus().length} CPUs, ${PINNING ? 'server on CPU 0, load on CPU 1' : 'no CPU pinning'}, ${CONNECTIONS} connections, ${ROUNDS}×${SECONDS}s per figure (medians)`);

  const mainDir = path.join(root, 'main');
  const { key } = seedDatabase(mainDir, 10_000);
  const api = await apiServer(mainDir);
  const listUrl = `${api.url}/v1/pets?limit=20&status=available`;
  const listBody = await (await fetch(listUrl, { headers: { authorization: `Bearer ${key}` } })).text();
  const bare = await startServer(node, ['bench/bare-server.mjs', listBody]);

  // JIT warm-up: the framework's paths need longer than a bare handler to reach steady speed.
  load(listUrl, { key, seconds: 6 });
  load(`${api.url}/v1/pets`, { key, method: 'POST', body: JSON.stringify({ name: 'Warm-up', categoryId: 1 }), seconds: 3 });
  load(bare.url, { seconds: 3 });
  const getRuns: Load[] = [];
  const bareRuns: Load[] = [];
  const postRuns: Load[] = [];
  const postBody = JSON.stringify({ name: 'Benchmark pup', categoryId: 1, status: 'available' });
  for (let round = 0; round < ROUNDS; round++) {
    bareRuns.push(load(bare.url, {}));
    getRuns.push(load(listUrl, { key }));
    postRuns.push(load(`${api.url}/v1/pets`, { key, method: 'POST', body: postBody }));
  }
  const apiRss = api.peakRssMiB();
  await Promise.all([api.stop(), bare.stop()]);

  const [bareLoad, getLoad, postLoad] = [medianLoad(bareRuns), medianLoad(getRuns), medianLoad(postRuns)];
  // Ratios per round (each round measures bare, GET and POST back to back), then their median:
  // robust to the machine's speed drifting between rounds.
  const getRatio = median(getRuns.map((run, i) => run.rps / (bareRuns[i]?.rps ?? NaN)));
  const postRatio = median(postRuns.map((run, i) => run.rps / (bareRuns[i]?.rps ?? NaN)));
  const row = (name: string, l: Load, ratio?: number) =>
    `${name.padEnd(34)} ${l.rps.toFixed(0).padStart(8)} req/s  p50 ${String(l.p50).padStart(3)} ms  p99 ${String(l.p99).padStart(3)} ms  errors ${l.errors}${ratio === undefined ? '' : `  ratio ${ratio.toFixed(2)}×`}`;
  console.log(row('bare node:http (precomputed body)', bareLoad));
  console.log(row('GET /v1/pets?limit=20&status=available', getLoad, getRatio));
  console.log(row('POST /v1/pets', postLoad, postRatio));
  console.log(`per-round GET ratios: ${getRuns.map((run, i) => (run.rps / (bareRuns[i]?.rps ?? NaN)).toFixed(2)).join(', ')}`);
  console.log(`API server peak RSS: ${apiRss.toFixed(0)} MiB`);

  const latency: Record<number, number> = {};
  for (const pets of [1_000, 1_000_000]) {
    const dir = path.join(root, `list-${pets}`);
    const seeded = seedDatabase(dir, pets);
    const server = await apiServer(dir);
    latency[pets] = await latePageP50(server.url, seeded.key, pets);
    await server.stop();
  }
  const listRatio = (latency[1_000_000] ?? NaN) / (latency[1_000] ?? NaN);
  console.log(`late page p50: ${latency[1_000]?.toFixed(0)} µs at 1,000 pets, ${latency[1_000_000]?.toFixed(0)} µs at 1,000,000 pets  ratio ${listRatio.toFixed(2)}×`);

  const verdict = (ok: boolean) => (ok ? 'met' : 'MISSED');
  console.log(
    [
      `targets: GET ≥ 0.35× ${verdict(getRatio >= 0.35)}`,
      `POST ≥ 0.25× ${verdict(postRatio >= 0.25)}`,
      `p99 ≤ 15 ms ${verdict(getLoad.p99 <= 15 && postLoad.p99 <= 15)}`,
      `1M/1k ≤ 1.3 ${verdict(listRatio <= 1.3)}`,
      `errors 0 ${verdict(getLoad.errors + postLoad.errors === 0)}`,
    ].join(' · '),
  );
  fs.rmSync(root, { recursive: true, force: true });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
