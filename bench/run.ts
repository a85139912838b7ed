/**
 * `npm run bench`: what `npm run serve` starts (npm and the server under it, default flags) on CPU 0
 * against a bare node:http server on the same CPU, load from CPU 1; its readiness after spawning and
 * the memory of its process tree; then the list latency of a late page at 1,000 and 1,000,000 pets.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  bareNodeFileKiB,
  load,
  npmCommand,
  PINNING,
  processTree,
  startBare,
  startServe,
  type Load,
  type Server,
} from './processes';
import { seedDatabase } from './seed';

const CONNECTIONS = 32;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 6);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const STARTS = Number(process.env.BENCH_STARTS ?? 5);
const MiB = 1024;

/** What an idle \`node -e\` has mapped of its binary and libraries when the OS cached the binary as it was written (about 34–38 MiB). */
const IDLE_FILES_MIB = 42;
const TARGETS = { getRatio: 0.45, postRatio: 0.35, p99Ms: 10, treeMiB: 150, readySeconds: 0.6, lateRatio: 1.3 };

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;

function medianLoad(runs: Load[]): Load {
  return {
    rps: median(runs.map((r) => r.rps)),
    p50: median(runs.map((r) => r.p50)),
    p99: median(runs.map((r) => r.p99)),
    errors: runs.reduce((sum, r) => sum + r.errors, 0),
  };
}

interface Peak {
  totalKiB: number;
  parts: string;
}

/** The highest summed RSS of each server's process tree seen while `during` runs, sampled every 50 ms. */
async function peakTreeRss<T>(servers: Server[], during: () => Promise<T>): Promise<{ result: T; peaks: Peak[] }> {
  const peaks: Peak[] = servers.map(() => ({ totalKiB: 0, parts: '' }));
  const sample = () =>
    servers.forEach((server, i) => {
      const tree = processTree(server.process.pid!);
      const totalKiB = tree.reduce((sum, p) => sum + p.rssKiB, 0);
      if (totalKiB > (peaks[i]?.totalKiB ?? 0)) {
        peaks[i] = {
          totalKiB,
          parts: tree
            .map((p) => `${p.name} ${(p.rssKiB / MiB).toFixed(0)} (files ${(p.fileKiB / MiB).toFixed(0)})`)
            .join(' + '),
        };
      }
    });
  const timer = setInterval(sample, 50);
  try {
    return { result: await during(), peaks };
  } finally {
    clearInterval(timer);
    sample();
  }
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
  console.log(
    `Adoption Desk benchmark — \`npm run serve\` as users start it, ${os.cpus().length} CPUs, ${PINNING ? 'server tree on CPU 0, load on CPU 1' : 'no CPU pinning'}, ${CONNECTIONS} connections, ${ROUNDS}×${SECONDS}s per figure (medians)`,
  );
  const [load1] = os.loadavg();
  if ((load1 ?? 0) > 0.5)
    console.log(
      `note: load average ${load1?.toFixed(2)} before starting — other work on this machine skews the figures`,
    );

  const mainDir = path.join(root, 'main');
  const { key } = seedDatabase(mainDir, 10_000);

  // The first start after a change bundles the sources; the starts measured after it are the usual ones.
  const first = await startServe(mainDir);
  await first.stop();
  const readyMs: number[] = [];
  for (let i = 0; i < STARTS; i++) {
    const server = await startServe(mainDir);
    readyMs.push(server.readyMs);
    await server.stop();
  }

  const api = await startServe(mainDir);
  const listUrl = `${api.url}/v1/pets?limit=20&status=available`;
  const listBody = await (await fetch(listUrl, { headers: { authorization: `Bearer ${key}` } })).text();
  const bare = await startBare(listBody);
  const postBody = JSON.stringify({ name: 'Benchmark pup', categoryId: 1, status: 'available' });
  const get = () => load(listUrl, { connections: CONNECTIONS, seconds: SECONDS, key });
  const post = () =>
    load(`${api.url}/v1/pets`, { connections: CONNECTIONS, seconds: SECONDS, key, method: 'POST', body: postBody });

  const {
    result: rounds,
    peaks: [peak = { totalKiB: NaN, parts: '' }, barePeak],
  } = await peakTreeRss([api, bare], async () => {
    // JIT warm-up: the framework's paths need longer than a bare handler to reach steady speed.
    await load(listUrl, { connections: CONNECTIONS, seconds: 6, key });
    await load(`${api.url}/v1/pets`, {
      connections: CONNECTIONS,
      seconds: 3,
      key,
      method: 'POST',
      body: JSON.stringify({ name: 'Warm-up', categoryId: 1 }),
    });
    await load(bare.url, { connections: CONNECTIONS, seconds: 3 });
    const runs = { bare: [] as Load[], get: [] as Load[], post: [] as Load[] };
    for (let round = 0; round < ROUNDS; round++) {
      runs.bare.push(await load(bare.url, { connections: CONNECTIONS, seconds: SECONDS }));
      runs.get.push(await get());
      runs.post.push(await post());
    }
    return runs;
  });
  await Promise.all([api.stop(), bare.stop()]);

  const [bareLoad, getLoad, postLoad] = [medianLoad(rounds.bare), medianLoad(rounds.get), medianLoad(rounds.post)];
  // Ratios per round (each round measures bare, GET and POST back to back), then their median:
  // robust to the machine's speed drifting between rounds.
  const ratios = (runs: Load[]) => runs.map((run, i) => run.rps / (rounds.bare[i]?.rps ?? NaN));
  const [getRatios, postRatios] = [ratios(rounds.get), ratios(rounds.post)];
  const [getRatio, postRatio] = [median(getRatios), median(postRatios)];
  const row = (name: string, l: Load, ratio?: number) =>
    `${name.padEnd(40)} ${l.rps.toFixed(0).padStart(7)} req/s  p50 ${String(l.p50).padStart(3)} ms  p99 ${String(l.p99).padStart(3)} ms  errors ${l.errors}${ratio === undefined ? '' : `  ratio ${ratio.toFixed(2)}×`}`;
  const readySeconds = median(readyMs) / 1000;
  console.log(
    `ready (spawn → first answer): ${readySeconds.toFixed(2)} s median of ${STARTS} starts (${readyMs.map((ms) => (ms / 1000).toFixed(2)).join(', ')}); first start (bundling the sources if they changed): ${(first.readyMs / 1000).toFixed(2)} s`,
  );
  console.log(row('bare node:http (precomputed body)', bareLoad));
  console.log(row('GET /v1/pets?limit=20&status=available', getLoad, getRatio));
  console.log(row('POST /v1/pets', postLoad, postRatio));
  console.log(
    `per-round ratios: GET ${getRatios.map((r) => r.toFixed(2)).join(', ')} · POST ${postRatios.map((r) => r.toFixed(2)).join(', ')}`,
  );
  const treeMiB = peak.totalKiB / MiB;
  console.log(`serving process tree, peak summed RSS under load: ${treeMiB.toFixed(0)} MiB (${peak.parts})`);
  console.log(`  the bare node:http server under the same load: ${barePeak?.parts ?? '?'}`);
  // The file-backed share is mostly the Node binaries' pages, and how many of those a process gets
  // mapped depends on the OS page cache: the same idle `node -e` as a yardstick, now.
  const [npmNode] = npmCommand([]);
  const [npmFloor, serverFloor] = [
    await bareNodeFileKiB(npmNode === 'npm' ? 'node' : npmNode),
    await bareNodeFileKiB(process.execPath),
  ];
  console.log(
    `  the same binaries idle (\`node -e\`), files now: npm's Node ${(npmFloor / MiB).toFixed(0)} MiB, the server's Node ${(serverFloor / MiB).toFixed(0)} MiB`,
  );
  if (Math.max(npmFloor, serverFloor) > IDLE_FILES_MIB * MiB) {
    console.log(
      `  note: above the usual ${IDLE_FILES_MIB} MiB: the OS page cache holds a Node binary as large folios (it was read whole after being dropped), so every process maps more of it, whatever it runs (docs/performance.md, "Memory and the OS page cache": why, and how to measure without it)`,
    );
  }

  const latency: Record<number, number> = {};
  for (const pets of [1_000, 1_000_000]) {
    const dir = path.join(root, `list-${pets}`);
    const seeded = seedDatabase(dir, pets);
    const server = await startServe(dir);
    latency[pets] = await latePageP50(server.url, seeded.key, pets);
    await server.stop();
  }
  const lateRatio = (latency[1_000_000] ?? NaN) / (latency[1_000] ?? NaN);
  console.log(
    `late page p50: ${latency[1_000]?.toFixed(0)} µs at 1,000 pets, ${latency[1_000_000]?.toFixed(0)} µs at 1,000,000 pets  ratio ${lateRatio.toFixed(2)}×`,
  );

  const verdict = (ok: boolean) => (ok ? 'met' : 'MISSED');
  console.log(
    [
      `targets: GET ≥ ${TARGETS.getRatio}× ${verdict(getRatio >= TARGETS.getRatio)}`,
      `POST ≥ ${TARGETS.postRatio}× ${verdict(postRatio >= TARGETS.postRatio)}`,
      `p99 ≤ ${TARGETS.p99Ms} ms ${verdict(getLoad.p99 <= TARGETS.p99Ms && postLoad.p99 <= TARGETS.p99Ms)}`,
      `tree ≤ ${TARGETS.treeMiB} MiB ${verdict(treeMiB <= TARGETS.treeMiB)}`,
      `ready ≤ ${TARGETS.readySeconds} s ${verdict(readySeconds <= TARGETS.readySeconds)}`,
      `1M/1k ≤ ${TARGETS.lateRatio} ${verdict(lateRatio <= TARGETS.lateRatio)}`,
      `errors 0 ${verdict(getLoad.errors + postLoad.errors === 0)}`,
    ].join(' · '),
  );
  fs.rmSync(root, { recursive: true, force: true });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
