import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { waitFor } from './wait-for';

export const PROJECT_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/**
 * `node --import tsx FILE`: one process, so a SIGKILL hits the server itself (the tsx CLI would
 * run it in a grandchild that survives its parent). process.execPath is the project's Node 22.
 */
function tsxArgs(file: string, args: string[]): string[] {
  return ['--import', 'tsx', file, ...args];
}

export interface ProcessResult {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

function collect(child: ChildProcess, timeoutMs: number): Promise<ProcessResult> {
  let stdout = '';
  let stderr = '';
  child.stdout?.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`process did not finish within ${timeoutMs} ms; stderr so far: ${stderr}`));
    }, timeoutMs);
    child.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      resolve({ code, signal, stdout, stderr });
    });
  });
}

/** The admin CLI (src/main/cli/index.ts) against a data dir, as a child process. */
export function runCli(args: string[], timeoutMs = 20_000): Promise<ProcessResult> {
  const child = spawn(process.execPath, tsxArgs('src/main/cli/index.ts', args), {
    cwd: PROJECT_ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return collect(child, timeoutMs);
}

/** Exactly what a user types: `npm run --silent cli -- ARGS`. */
export function runCliThroughNpm(args: string[], timeoutMs = 20_000): Promise<ProcessResult> {
  const child = spawn('npm', ['run', '--silent', 'cli', '--', ...args], {
    cwd: PROJECT_ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return collect(child, timeoutMs);
}

export interface ServerProcess {
  child: ChildProcess;
  baseUrl: string;
  /** Resolves when the process has exited. */
  exited: Promise<ProcessResult>;
  stdout(): string;
  stderr(): string;
}

const LISTENING = /API listening on (http:\/\/\S+\/v1) /;

/** Starts `src/main/serve.ts` on a free port and waits for its "listening on URL" line. */
export async function spawnServer(
  dataDir: string,
  extraArgs: string[] = [],
  timeoutMs = 20_000,
): Promise<ServerProcess> {
  const child = spawnServerProcess(dataDir, extraArgs);
  const exited = collect(child, 120_000);
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (chunk: string) => (stdout += chunk));
  child.stderr?.on('data', (chunk: string) => (stderr += chunk));
  let hasExited = false;
  exited.then(
    () => (hasExited = true),
    () => (hasExited = true),
  );
  const baseUrl = await waitFor(() => {
    if (hasExited) throw new Error(`server exited before it listened: ${stderr}`);
    return LISTENING.exec(stdout)?.[1];
  }, timeoutMs).catch((error: unknown) => {
    child.kill('SIGKILL');
    throw error;
  });
  return { child, baseUrl, exited, stdout: () => stdout, stderr: () => stderr };
}

/** The bare child process, for runs expected to fail before listening. */
export function spawnServerProcess(dataDir: string, extraArgs: string[] = []): ChildProcess {
  return spawn(
    process.execPath,
    tsxArgs('src/main/serve.ts', ['--data-dir', dataDir, '--port', '0', '--log-level', 'silent', ...extraArgs]),
    {
      cwd: PROJECT_ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
}

export function runServerToExit(dataDir: string, extraArgs: string[] = [], timeoutMs = 20_000): Promise<ProcessResult> {
  return collect(spawnServerProcess(dataDir, extraArgs), timeoutMs);
}

/** Ends a server child if a test left it running (SIGKILL: it is only cleanup). */
export async function killServer(server: ServerProcess | undefined): Promise<void> {
  if (!server || server.child.exitCode !== null || server.child.signalCode !== null) return;
  server.child.kill('SIGKILL');
  await server.exited.catch(() => undefined);
}
