/**
 * The CLI run inside the test's own process, over a data dir (beside an engine the test holds open):
 * commander's exits turned into errors, stdout and stderr captured, process.exitCode put back.
 * Calls made together (Promise.all) run one after another: they share process.stdout (and stdin).
 */
import { Readable } from 'node:stream';
import { CommanderError, type Command } from 'commander';
import { vi } from 'vitest';
import { buildCli } from '../../src/main/cli/program';
import { reportFailure } from '../../src/main/cli/run';
import type { ProcessResult } from './processes';

function exitOverrides(command: Command): void {
  command.exitOverride();
  for (const sub of command.commands) exitOverrides(sub);
}

export interface InProcessOptions {
  /** What the command reads on stdin (e.g. a password given with --password-stdin), then its end. */
  stdin?: string;
}

async function runOnce(args: string[], options: InProcessOptions): Promise<ProcessResult> {
  let stdout = '';
  let stderr = '';
  const out = vi
    .spyOn(process.stdout, 'write')
    .mockImplementation((chunk: string | Uint8Array) => ((stdout += String(chunk)), true));
  const err = vi
    .spyOn(process.stderr, 'write')
    .mockImplementation((chunk: string | Uint8Array) => ((stderr += String(chunk)), true));
  const input =
    options.stdin === undefined
      ? undefined
      : vi
          .spyOn(process, 'stdin', 'get')
          .mockReturnValue(Readable.from([Buffer.from(options.stdin)], { objectMode: false }) as typeof process.stdin);
  const program = buildCli();
  exitOverrides(program);
  let code: number;
  try {
    // As src/main/cli/index.ts: what escapes a command is reported as the process would report it.
    await program.parseAsync(['node', 'cli', ...args]).catch((error: unknown) => {
      if (error instanceof CommanderError) throw error;
      reportFailure(error);
    });
    code = Number(process.exitCode ?? 0);
  } catch (error) {
    if (!(error instanceof CommanderError)) throw error;
    code = error.exitCode;
  } finally {
    out.mockRestore();
    err.mockRestore();
    input?.mockRestore();
    process.exitCode = undefined;
  }
  return { code, signal: null, stdout, stderr };
}

let queue: Promise<unknown> = Promise.resolve();

/** Runs `cli ...args` in this process (no data dir added): what it wrote, and its exit code. */
export function runCliArgsInProcess(args: string[], options: InProcessOptions = {}): Promise<ProcessResult> {
  const result = queue.then(() => runOnce(args, options));
  queue = result.catch(() => undefined);
  return result;
}

/** Runs `cli --data-dir DIR ...args` in this process: what it wrote, and its exit code. */
export function runCliInProcess(
  dataDir: string,
  args: string[],
  options: InProcessOptions = {},
): Promise<ProcessResult> {
  return runCliArgsInProcess(['--data-dir', dataDir, ...args], options);
}
