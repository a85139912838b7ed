import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import readline from 'node:readline';

export const PINNING = fs.existsSync('/usr/bin/taskset') && os.cpus().length >= 2;

/** Runs `command` on one CPU (when there are two), so server and load generator do not share a core. */
export function spawnPinned(cpu: number, command: string, args: string[]): ChildProcess {
  return PINNING ? spawn('taskset', ['-c', String(cpu), command, ...args], { stdio: ['ignore', 'pipe', 'inherit'] }) : spawn(command, args, { stdio: ['ignore', 'pipe', 'inherit'] });
}

export interface Server {
  url: string;
  process: ChildProcess;
  peakRssMiB(): number;
  stop(): Promise<void>;
}

/** Starts a server that prints "... http://host:port..." on its first stdout line. */
export async function startServer(command: string, args: string[]): Promise<Server> {
  const child = spawnPinned(0, command, args);
  const lines = readline.createInterface({ input: child.stdout! });
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${command} did not start`)), 30_000);
    lines.on('line', (line) => {
      const match = /(http:\/\/[^\s)]+)/.exec(line);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve(match[1].replace(/\/v1$/, ''));
      }
    });
    child.once('exit', (code) => reject(new Error(`${command} exited with ${code}`)));
  });
  return {
    url,
    process: child,
    peakRssMiB() {
      const status = fs.readFileSync(`/proc/${child.pid}/status`, 'utf8');
      const kib = Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0);
      return kib / 1024;
    },
    stop() {
      return new Promise((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      });
    },
  };
}
