/**
 * The desk server each test gets: `serve --admin` as its own process over its own data dir, started
 * through the launcher behind `npm run serve` (the suite runs what users run), and stopped with SIGTERM.
 * A worker may start the next test's desk while the current test runs, and stop a finished one while
 * the next runs (DeskSpares): each test still has a fresh server and data dir of its own, but their
 * 1–3 s of start and stop overlap a browser's work instead of adding to it.
 */
import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import type { TestDns } from '../helpers/dns-server';
import { spawnServe } from '../helpers/serve-process';
import { runCliInWorker } from './cli-in-worker';

export interface DeskServer {
  /** http://127.0.0.1:PORT/admin/#token=… */
  adminUrl: string;
  apiUrl: { production: string; staging: string };
  dataDir: string;
  /** Runs the CLI (in the worker's process) against this server's data dir; resolves with stdout, rejects with stderr. */
  cli(...args: string[]): Promise<string>;
  /** What the server has printed on stdout so far. */
  stdout(): string;
  /** With `test.use({ siteDns: true })`: the loopback DNS server given to serve as --dns-server. */
  dns?: TestDns;
}

export interface RunningDesk {
  server: DeskServer;
  child: ChildProcess;
}

/** A fresh data dir under the OS's temporary folder. */
export function freshDataDir(): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), 'adk-e2e-'));
}

export function removeDataDir(dataDir: string): void {
  fs.rmSync(dataDir, { recursive: true, force: true, maxRetries: 5, retryDelay: 50 });
}

/** `serve --admin` over `dataDir`: resolves once it prints the admin pages' address. */
export async function startDesk(
  dataDir: string,
  ports: [number, number] = [0, 0],
  dns?: TestDns,
): Promise<RunningDesk> {
  const dnsArgs = dns ? ['--dns-server', dns.server] : [];
  const child = spawnServe({ dataDir, mode: 'admin', ports, extra: dnsArgs });
  const apiUrl: Record<string, string> = {};
  let stderr = '';
  let stdout = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  child.stdout?.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  const adminUrl = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`browser mode did not start: ${stderr}`)), 60_000);
    child.once('exit', (code) => reject(new Error(`browser mode exited with ${code}: ${stderr}`)));
    readline.createInterface({ input: child.stdout! }).on('line', (line) => {
      const api = /^Adoption Desk (production|staging) API listening on (\S+)/.exec(line);
      if (api?.[1] && api[2]) apiUrl[api[1]] = api[2];
      const admin = /^Admin pages: (\S+)/.exec(line);
      if (admin?.[1]) {
        clearTimeout(timer);
        resolve(admin[1]);
      }
    });
  });
  // In the worker's own process (cli-in-worker.ts): no spec here has the CLI process as its subject
  // (the launcher's own tests do), and each spawn took 1.3–2.2 s of a test.
  const cli = async (...args: string[]) => {
    const run = await runCliInWorker(['--data-dir', dataDir, ...dnsArgs, ...args]);
    if (run.code !== 0) throw new Error(`cli ${args.join(' ')} failed: ${run.stderr}`);
    return run.stdout;
  };
  return {
    server: {
      adminUrl,
      apiUrl: { production: apiUrl.production ?? '', staging: apiUrl.staging ?? '' },
      dataDir,
      cli,
      stdout: () => stdout,
      dns,
    },
    child,
  };
}

/** SIGTERM, then resolves once the process has exited. */
export async function stopDesk(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

/** Two distinct ports that were free a moment ago (the OS picks them); for a server that must show real port numbers. */
export async function twoFreePorts(): Promise<[number, number]> {
  const probes = [net.createServer(), net.createServer()];
  const ports = await Promise.all(
    probes.map(
      (probe) =>
        new Promise<number>((resolve, reject) => {
          probe.once('error', reject);
          probe.listen(0, '127.0.0.1', () => resolve((probe.address() as net.AddressInfo).port));
        }),
    ),
  );
  await Promise.all(probes.map((probe) => new Promise((resolve) => probe.close(resolve))));
  return [ports[0]!, ports[1]!];
}

interface Started {
  dataDir: string;
  desk: Promise<RunningDesk>;
}

/**
 * One worker's desks with the default options (ports the OS picks, no DNS, no settings file): the
 * next one started while a test runs, the finished ones stopped and removed while the next runs.
 * `inAdvance` false (the "alone" project, which measures time) starts and stops each on demand.
 */
export class DeskSpares {
  private next: Started | undefined;
  private readonly stopping = new Set<Promise<void>>();
  /** A stop that failed while no test was waiting for it: thrown by close(), so it is not lost. */
  private stopFailure: unknown;

  constructor(private readonly inAdvance: boolean) {}

  /** A desk no test has used: the one started in advance if there is one; then the next one is started. */
  async take(): Promise<RunningDesk> {
    const taken = this.next ?? this.start();
    this.next = this.inAdvance ? this.start() : undefined;
    try {
      return await taken.desk;
    } catch (error) {
      removeDataDir(taken.dataDir);
      throw error;
    }
  }

  /** Stops a desk its test has finished with; in advance mode without waiting for it. */
  async retire(running: RunningDesk): Promise<void> {
    const stopped = stopDesk(running.child).finally(() => removeDataDir(running.server.dataDir));
    if (!this.inAdvance) return stopped;
    const tracked: Promise<void> = stopped
      .catch((error: unknown) => void (this.stopFailure ??= error))
      .finally(() => this.stopping.delete(tracked));
    this.stopping.add(tracked);
  }

  /** At the worker's end: the unused desk and every one still stopping, stopped and removed. */
  async close(): Promise<void> {
    const unused = this.next;
    this.next = undefined;
    if (unused) {
      const running = await unused.desk.catch(() => undefined);
      if (running) await stopDesk(running.child);
      removeDataDir(unused.dataDir);
    }
    await Promise.all([...this.stopping]);
    if (this.stopFailure !== undefined) throw this.stopFailure;
  }

  private start(): Started {
    const dataDir = freshDataDir();
    const desk = startDesk(dataDir);
    // A desk started for a test that never comes: its failure is reported by take(), or ignored by close().
    desk.catch(() => undefined);
    return { dataDir, desk };
  }
}
