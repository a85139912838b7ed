import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';

export const ROOT = path.resolve(__dirname, '..');
export const PINNING = fs.existsSync('/usr/bin/taskset') && os.cpus().length >= 2;

/** Runs `command` on one CPU (when there are two), with every process it starts: server and load never share a core. */
export function spawnPinned(cpu: number, command: string, args: string[]): ChildProcess {
  const options = { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] as ['ignore', 'pipe', 'pipe'] };
  return PINNING ? spawn('taskset', ['-c', String(cpu), command, ...args], options) : spawn(command, args, options);
}

/**
 * `npm …` as the user's shell runs it: the npm (and the Node under it) that started this benchmark,
 * not whatever `npm` the scripts' PATH finds first.
 */
export function npmCommand(args: string[]): [string, string[]] {
  const { npm_execpath: npmCli, npm_node_execpath: npmNode } = process.env;
  return npmCli && npmNode ? [npmNode, [npmCli, ...args]] : ['npm', args];
}

/**
 * An npm script `VAR=value… exec node ARGS…` (how serve, cli and bench are written) in its parts:
 * the environment it sets and Node's arguments, to start exactly what it starts.
 */
export function execNodeScript(dir: string, name: string): { env: Record<string, string>; args: string[] } {
  const script =
    (JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8')) as { scripts: Record<string, string> })
      .scripts[name] ?? '';
  const words = script.split(' ');
  const at = words.indexOf('exec');
  const assignments = words.slice(0, Math.max(at, 0));
  if (at === -1 || words[at + 1] !== 'node' || !assignments.every((word) => /^[A-Z_]+=\S+$/.test(word))) {
    throw new Error(`${dir}: the ${name} script is not "VAR=value… exec node ARGS…": ${script}`);
  }
  return {
    env: Object.fromEntries(
      assignments.map((word) => [word.slice(0, word.indexOf('=')), word.slice(word.indexOf('=') + 1)]),
    ),
    args: words.slice(at + 2),
  };
}

export interface TreeProcess {
  pid: number;
  name: string;
  rssKiB: number;
  /** Of rssKiB, pages of mapped files (mostly the Node binary): how many depends on the OS page cache too. */
  fileKiB: number;
}

/** The process and all its descendants, with their resident memory now (from /proc). */
export function processTree(rootPid: number): TreeProcess[] {
  const children = new Map<number, number[]>();
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      // The name is in parentheses and may hold spaces: fields resume after the last ')'.
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      children.set(ppid, [...(children.get(ppid) ?? []), Number(entry)]);
    } catch {
      // exited while we looked
    }
  }
  const tree: TreeProcess[] = [];
  const visit = (pid: number) => {
    try {
      const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
      const kib = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
      tree.push({ pid, name: /Name:\s+(.+)/.exec(status)?.[1] ?? '?', rssKiB: kib('VmRSS'), fileKiB: kib('RssFile') });
    } catch {
      return;
    }
    for (const child of children.get(pid) ?? []) visit(child);
  };
  visit(rootPid);
  return tree;
}

/**
 * The pages of its own binary (and libraries) that a Node process doing nothing gets mapped, in KiB:
 * how many depends on the OS page cache at the time, not on the program (docs/performance.md).
 */
export async function bareNodeFileKiB(execPath: string): Promise<number> {
  const child = spawn(execPath, ['-e', "process.stdout.write('ready\\n'); setInterval(() => {}, 1000);"], {
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  try {
    await new Promise<void>((resolve, reject) => {
      child.stdout.once('data', () => resolve());
      child.once('exit', (code) => reject(new Error(`${execPath} -e exited with ${code}`)));
    });
    return processTree(child.pid!)[0]?.fileKiB ?? NaN;
  } finally {
    child.kill();
  }
}

export interface Server {
  url: string;
  /** From spawning the command to the first answer over HTTP. */
  readyMs: number;
  process: ChildProcess;
  stop(): Promise<void>;
}

async function start(child: ChildProcess, spawnedAt: number, describe: string): Promise<Server> {
  let stderr = '';
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${describe} did not start within 60 s: ${stderr}`)), 60_000);
    readline.createInterface({ input: child.stdout! }).on('line', (line) => {
      const match = /(http:\/\/\S+?)(\/v1)?(\s|$)/.exec(line);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    });
    child.once('exit', (code) => reject(new Error(`${describe} exited with ${code}: ${stderr}`)));
  });
  // Ready means answering: poll until the first HTTP answer (any status).
  for (;;) {
    try {
      await (await fetch(`${url}/v1/pets`)).arrayBuffer();
      break;
    } catch {
      await new Promise((resolve) => setImmediate(resolve));
    }
  }
  const readyMs = performance.now() - spawnedAt;
  return {
    url,
    readyMs,
    process: child,
    async stop() {
      // npm forwards SIGTERM to its child and exits with it; a child that is a shell (no `exec` in
      // the script) dies without passing it on, so whatever is left of the tree is stopped too.
      const tree = processTree(child.pid!).slice(1);
      child.kill('SIGTERM');
      await exited;
      for (const { pid } of tree) {
        try {
          process.kill(pid, 'SIGTERM');
        } catch {
          continue;
        }
        while (fs.existsSync(`/proc/${pid}`) && !fs.readFileSync(`/proc/${pid}/stat`, 'utf8').includes(') Z ')) {
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
      }
    },
  };
}

/** `npm run serve -- --data-dir DIR --port 0`, otherwise default flags, on CPU 0: exactly what a user starts. */
export function startServe(dataDir: string): Promise<Server> {
  const spawnedAt = performance.now();
  const [command, args] = npmCommand(['run', 'serve', '--', '--data-dir', dataDir, '--port', '0']);
  return start(spawnPinned(0, command, args), spawnedAt, 'npm run serve');
}

/** The yardstick on CPU 0: node:http answering every request with one precomputed body. */
export function startBare(body: string): Promise<Server> {
  return start(spawnPinned(0, process.execPath, ['bench/bare-server.mjs', body]), performance.now(), 'the bare server');
}

export interface Load {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
}

/** autocannon on CPU 1, asynchronously, so memory can be sampled while it runs. */
export function load(
  url: string,
  options: { connections: number; seconds: number; key?: string; method?: 'GET' | 'POST'; body?: string },
): Promise<Load> {
  const args = ['-j', '-c', String(options.connections), '-d', String(options.seconds)];
  if (options.key) args.push('-H', `Authorization=Bearer ${options.key}`);
  if (options.method === 'POST')
    args.push('-m', 'POST', '-H', 'Content-Type=application/json', '-b', options.body ?? '{}');
  const child = spawnPinned(1, path.join(ROOT, 'node_modules', '.bin', 'autocannon'), [...args, url]);
  let out = '';
  child.stdout?.setEncoding('utf8').on('data', (chunk: string) => (out += chunk));
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => {
      if (code !== 0) return reject(new Error(`autocannon exited with ${code}`));
      const result = JSON.parse(out);
      resolve({
        rps: result.requests.average,
        p50: result.latency.p50,
        p99: result.latency.p99,
        errors: result.errors + result.timeouts + result.non2xx,
      });
    });
  });
}
