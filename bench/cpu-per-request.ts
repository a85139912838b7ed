/**
 * The server's CPU time per request, of two or more checkouts in alternating rounds: finer than
 * `npm run bench`'s throughput on a machine shared with other work, since it counts what the server
 * process itself spent (every thread, from /proc), not how fast answers came back.
 *
 *   npx tsx bench/cpu-per-request.ts ROUNDS LABEL=CHECKOUT LABEL=CHECKOUT…   (the first is the base)
 *
 * Each round starts each checkout's server as `npm run serve` does (its Node, the same flags) on CPU 0
 * on a fresh copy of a seeded data dir, warms it up, then counts GET_COUNT list requests and
 * POST_COUNT creations from autocannon on CPU 1 (32 connections).
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { execNodeScript, ROOT } from './processes';

const GET_COUNT = Number(process.env.GET_COUNT ?? 50_000);
const POST_COUNT = Number(process.env.POST_COUNT ?? 25_000);

interface Checkout {
  label: string;
  dir: string;
  template: string;
  key: string;
  get: number[];
  post: number[];
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length / 2;
  return sorted.length % 2
    ? (sorted[Math.floor(middle)] ?? NaN)
    : ((sorted[middle - 1] ?? NaN) + (sorted[middle] ?? NaN)) / 2;
};

/** Nanoseconds on CPU of every thread of the process. */
function cpuNs(pid: number): number {
  let total = 0;
  for (const thread of fs.readdirSync(`/proc/${pid}/task`)) {
    try {
      total += Number(fs.readFileSync(`/proc/${pid}/task/${thread}/schedstat`, 'utf8').split(' ')[0]);
    } catch {
      continue; // the thread ended
    }
  }
  return total;
}

function autocannon(args: string[]): Promise<{ non2xx: number; errors: number }> {
  const child = spawn(
    'taskset',
    ['-c', '1', path.join(ROOT, 'node_modules', '.bin', 'autocannon'), '-j', '-c', '32', ...args],
    { stdio: ['ignore', 'pipe', 'ignore'] },
  );
  let out = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (out += chunk));
  return new Promise((resolve, reject) =>
    child.once('exit', (code) =>
      code === 0 ? resolve(JSON.parse(out)) : reject(new Error(`autocannon exited with ${code}`)),
    ),
  );
}

/** Seeds with the checkout's own code, so its schema is the one its server expects. */
async function prepare(label: string, dir: string): Promise<Checkout> {
  const template = fs.mkdtempSync(path.join(os.tmpdir(), 'adk-cpu-'));
  const { seedDatabase } = (await import(path.join(dir, 'bench', 'seed.ts'))) as {
    seedDatabase: (dir: string, pets: number) => { key: string };
  };
  return { label, dir, template, key: seedDatabase(template, 10_000).key, get: [], post: [] };
}

async function measure(checkout: Checkout): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'adk-cpu-run-'));
  fs.cpSync(checkout.template, dataDir, { recursive: true });
  const node = path.join(checkout.dir, 'node_modules', 'node', 'bin', 'node');
  const { env, args } = execNodeScript(checkout.dir, 'serve');
  const server = spawn('taskset', ['-c', '0', node, ...args, '--data-dir', dataDir, '--port', '0'], {
    cwd: checkout.dir,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  const exited = new Promise((resolve) => server.once('exit', resolve));
  const url = await new Promise<string>((resolve) =>
    readline.createInterface({ input: server.stdout }).on('line', (line) => {
      const match = /(http:\/\/\S+?)(\/v1)?(\s|$)/.exec(line);
      if (match?.[1]) resolve(match[1]);
    }),
  );
  const pid = server.pid ?? 0; // taskset execs the server: same process
  const auth = ['-H', `Authorization=Bearer ${checkout.key}`];
  const list = [...auth, `${url}/v1/pets?limit=20&status=available`];
  const create = [
    ...auth,
    '-m',
    'POST',
    '-H',
    'Content-Type=application/json',
    '-b',
    JSON.stringify({ name: 'Benchmark pup', categoryId: 1, status: 'available' }),
    `${url}/v1/pets`,
  ];
  await autocannon(['-a', '20000', ...list]);
  await autocannon(['-a', '5000', ...create]);
  for (const [args, count, into] of [
    [list, GET_COUNT, checkout.get],
    [create, POST_COUNT, checkout.post],
  ] as const) {
    const before = cpuNs(pid);
    const result = await autocannon(['-a', String(count), ...args]);
    into.push((cpuNs(pid) - before) / count / 1000);
    if (result.non2xx + result.errors > 0)
      throw new Error(`${checkout.label}: ${result.non2xx} non-2xx answers, ${result.errors} errors`);
  }
  server.kill('SIGTERM');
  await exited;
  fs.rmSync(dataDir, { recursive: true, force: true });
}

async function main(): Promise<void> {
  const [roundsArgument, ...checkoutArguments] = process.argv.slice(2);
  const rounds = Number(roundsArgument);
  if (!(rounds > 0) || checkoutArguments.length < 2)
    throw new Error('usage: cpu-per-request.ts ROUNDS LABEL=CHECKOUT LABEL=CHECKOUT…');
  const checkouts: Checkout[] = [];
  for (const argument of checkoutArguments) {
    const [label = '', dir = ''] = argument.split('=');
    checkouts.push(await prepare(label, path.resolve(dir)));
  }
  for (let round = 1; round <= rounds; round++) {
    // Alternating order, so that neither side always runs first.
    const order = round % 2 ? checkouts : [...checkouts].reverse();
    for (const checkout of order) await measure(checkout);
    const load = fs.readFileSync('/proc/loadavg', 'utf8').split(' ')[0];
    console.log(
      `round ${round}: ${order.map((c) => `${c.label} GET ${c.get.at(-1)?.toFixed(1)} POST ${c.post.at(-1)?.toFixed(1)}`).join(' · ')} µs · load ${load}`,
    );
  }
  const [base] = checkouts;
  if (!base) return;
  const change = (value: number, of: number) => `${value >= of ? '+' : ''}${((value / of - 1) * 100).toFixed(1)} %`;
  for (const checkout of checkouts) {
    const [get, post] = [median(checkout.get), median(checkout.post)];
    // Per round against the base's figure of the same round, then the median: robust to the machine's drift.
    const getRatio = median(checkout.get.map((value, i) => value / (base.get[i] ?? NaN)));
    const postRatio = median(checkout.post.map((value, i) => value / (base.post[i] ?? NaN)));
    console.log(
      `${checkout.label.padEnd(10)} median µs CPU per request: GET ${get.toFixed(2)} (${change(get, median(base.get))}; per round ${change(getRatio, 1)}) · POST ${post.toFixed(2)} (${change(post, median(base.post))}; per round ${change(postRatio, 1)})`,
    );
  }
  for (const checkout of checkouts) fs.rmSync(checkout.template, { recursive: true, force: true });
}

void main();
