/**
 * The shelter server as a real process, for the phone specs: the CLI that prepares its data dir (run
 * in the worker's process: the server is their subject, not the CLI), `serve --team` on a port of our
 * choosing, and a Chromium that trusts the server's local CA alone.
 */
import type { ChildProcess } from 'node:child_process';
import { chromium, type Browser } from '@playwright/test';
import { chosenBrowser } from './browser';
import { runCliInWorker } from './cli-in-worker';
import { expect } from './fixtures';
import { spawnServe } from '../helpers/serve-process';
import { homeTrusting } from '../helpers/trusted-ca-home';

/** The CLI over a data dir, run in the worker's process (cli-in-worker.ts); resolves with stdout. */
export function cli(dataDir: string, ...args: string[]): Promise<string> {
  return cliWithInput(dataDir, '', ...args);
}

/** The same with `input` on its stdin (a password read with --password-stdin). */
export async function cliWithInput(dataDir: string, input: string, ...args: string[]): Promise<string> {
  const run = await runCliInWorker(['--data-dir', dataDir, ...args], input);
  if (run.code !== 0) throw new Error(`cli ${args.join(' ')} failed: ${run.stderr}`);
  return run.stdout;
}

export const cliJson = async <T>(dataDir: string, ...args: string[]): Promise<T> =>
  JSON.parse(await cli(dataDir, '--json', ...args)) as T;

/** `npm run serve -- --team`: resolves once the shelter server prints the code desks compare, with that code. `env` adds to the process's own. */
export async function startTeamServer(
  dataDir: string,
  teamPort: number,
  env: NodeJS.ProcessEnv = {},
): Promise<{ child: ChildProcess; code: string }> {
  const child = spawnServe({ dataDir, mode: { teamPort }, env });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const printed = () => /Compare this code on every desk: (\S+)/.exec(output)?.[1];
  await expect
    .poll(
      () => {
        if (child.exitCode !== null) throw new Error(`serve --team did not start: ${output}`);
        return printed();
      },
      { timeout: 90_000 },
    )
    .toBeTruthy();
  return { child, code: printed()! };
}

/** The same, for a spec that needs only the process. */
export async function serveTeam(dataDir: string, teamPort: number, env: NodeJS.ProcessEnv = {}): Promise<ChildProcess> {
  return (await startTeamServer(dataDir, teamPort, env)).child;
}

export async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

/** A Chromium whose HOME trusts the shelter's CA, as a phone that installed it once. */
export async function browserTrusting(caPem: string, homeDir: string): Promise<Browser> {
  const choice = chosenBrowser();
  const home = homeTrusting(caPem, homeDir);
  return chromium.launch({
    executablePath: choice.executablePath,
    args: choice.args,
    env: { ...process.env, ...choice.env, HOME: home },
  });
}
