/**
 * The shelter server as a real process, for the phone specs: the CLI that prepares its data dir (run
 * in the worker's process: the server is their subject, not the CLI), `serve --team` on a port of our
 * choosing, and a Chromium that trusts the server's local CA alone.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { chromium, type Browser } from '@playwright/test';
import { chosenBrowser } from './browser';
import { runCliInWorker } from './cli-in-worker';
import { expect } from './fixtures';
import { homeTrusting } from '../helpers/trusted-ca-home';

const ROOT = path.resolve(__dirname, '../..');

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

/** `npm run serve -- --team`: resolves once the shelter server prints the code desks compare. `env` adds to the process's own. */
export async function serveTeam(dataDir: string, teamPort: number, env: NodeJS.ProcessEnv = {}): Promise<ChildProcess> {
  const child = spawn(
    process.execPath,
    [
      'scripts/launch.cjs',
      'serve',
      '--data-dir',
      dataDir,
      '--port',
      '0',
      '--other-port',
      '0',
      '--team',
      '--team-port',
      String(teamPort),
      '--log-level',
      'silent',
    ],
    { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, ...env } },
  );
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  await expect
    .poll(
      () => {
        if (child.exitCode !== null) throw new Error(`serve --team did not start: ${output}`);
        return /Compare this code on every desk: (\S+)/.test(output);
      },
      { timeout: 90_000 },
    )
    .toBe(true);
  return child;
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
