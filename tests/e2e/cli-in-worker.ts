/**
 * The CLI run inside the Playwright worker's own process: the same program (`buildCli()`) over the
 * same data dir as `npm run cli`, without starting a Node and loading the bundle for each call
 * (1.3–2.2 s a run). Commander's exits become a code, stdout and stderr are captured by standing in
 * for process.stdout.write / process.stderr.write while the command runs, and process.exitCode is
 * put back. The desk server stays another process, so a write still reaches it across processes.
 * Calls made together (Promise.all) run one after another: they share process.stdout (and stdin).
 */
import { Readable } from 'node:stream';
import { CommanderError, type Command } from 'commander';
import { buildCli } from '../../src/main/cli/program';
import { reportFailure } from '../../src/main/cli/run';

export interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
}

type Write = typeof process.stdout.write;

function exitOverrides(command: Command): void {
  command.exitOverride();
  for (const sub of command.commands) exitOverrides(sub);
}

/** A stand-in for a stream's write that appends to `sink` and answers as a write that was flushed. */
function capture(sink: (text: string) => void): Write {
  return ((chunk: string | Uint8Array, encoding?: unknown, callback?: unknown) => {
    sink(typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8'));
    const done = typeof encoding === 'function' ? encoding : callback;
    if (typeof done === 'function') process.nextTick(done as () => void);
    return true;
  }) as Write;
}

async function runOnce(args: string[], stdin: string): Promise<CliRun> {
  let stdout = '';
  let stderr = '';
  const writes = { out: process.stdout.write, err: process.stderr.write };
  const stdinProperty = Object.getOwnPropertyDescriptor(process, 'stdin');
  const exitCodeBefore = process.exitCode;
  process.exitCode = undefined;
  process.stdout.write = capture((text) => (stdout += text));
  process.stderr.write = capture((text) => (stderr += text));
  // As a spawned run: what the test gives it, then the end of its stdin; never the worker's own.
  const input = Readable.from([Buffer.from(stdin)], { objectMode: false });
  Object.defineProperty(process, 'stdin', {
    configurable: true,
    enumerable: stdinProperty?.enumerable ?? true,
    get: () => input,
  });
  let code: number;
  try {
    const cli = buildCli();
    exitOverrides(cli);
    // As src/main/cli/index.ts: what escapes a command is reported as the process would report it.
    await cli.parseAsync(['node', 'cli', ...args]).catch((error: unknown) => {
      if (error instanceof CommanderError) throw error;
      reportFailure(error);
    });
    code = Number(process.exitCode ?? 0);
  } catch (error) {
    if (!(error instanceof CommanderError)) throw error;
    code = error.exitCode;
  } finally {
    process.stdout.write = writes.out;
    process.stderr.write = writes.err;
    if (stdinProperty) Object.defineProperty(process, 'stdin', stdinProperty);
    process.exitCode = exitCodeBefore;
  }
  return { code, stdout, stderr };
}

let queue: Promise<unknown> = Promise.resolve();

/** Runs `cli ...args` in this process, after any run already under way: what it wrote, and its exit code. */
export function runCliInWorker(args: string[], stdin = ''): Promise<CliRun> {
  const result = queue.then(() => runOnce(args, stdin));
  queue = result.catch(() => undefined);
  return result;
}
