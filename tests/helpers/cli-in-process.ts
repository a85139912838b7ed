/**
 * The CLI run inside the test's own process, over a data dir (beside an engine the test holds open):
 * commander's exits turned into errors, stdout and stderr captured, process.exitCode put back.
 */
import { CommanderError, type Command } from 'commander';
import { vi } from 'vitest';
import { buildCli } from '../../src/main/cli/program';
import type { ProcessResult } from './processes';

function exitOverrides(command: Command): void {
  command.exitOverride();
  for (const sub of command.commands) exitOverrides(sub);
}

/** Runs `cli --data-dir DIR ...args` in this process: what it wrote, and its exit code. */
export async function runCliInProcess(dataDir: string, args: string[]): Promise<ProcessResult> {
  let stdout = '';
  let stderr = '';
  const out = vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => ((stdout += String(chunk)), true));
  const err = vi.spyOn(process.stderr, 'write').mockImplementation((chunk: string | Uint8Array) => ((stderr += String(chunk)), true));
  const program = buildCli();
  exitOverrides(program);
  let code: number;
  try {
    await program.parseAsync(['node', 'cli', '--data-dir', dataDir, ...args]);
    code = Number(process.exitCode ?? 0);
  } catch (error) {
    if (!(error instanceof CommanderError)) throw error;
    code = error.exitCode;
  } finally {
    out.mockRestore();
    err.mockRestore();
    process.exitCode = undefined;
  }
  return { code, signal: null, stdout, stderr };
}
