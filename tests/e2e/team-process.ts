/**
 * The shelter server as a real process, for the phone specs: the CLI that prepares its data dir,
 * `serve --team` on a port of our choosing, and a Chromium that trusts the server's local CA alone.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { chromium, type Browser } from '@playwright/test';
import { chosenBrowser } from './browser';
import { expect } from './fixtures';
import { homeTrusting } from '../helpers/trusted-ca-home';

const ROOT = path.resolve(__dirname, '../..');

/** What users run: the launcher behind `npm run cli`; resolves with stdout. */
export function cli(dataDir: string, ...args: string[]): Promise<string> {
  return cliWithInput(dataDir, '', ...args);
}

/** The same with `input` on its stdin (a password read with --password-stdin). */
export function cliWithInput(dataDir: string, input: string, ...args: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    const run = spawn(process.execPath, ['scripts/launch.cjs', 'cli', '--data-dir', dataDir, ...args], { cwd: ROOT });
    run.stdin.end(input);
    let out = '';
    let err = '';
    run.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    run.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
    run.once('exit', (code) => (code === 0 ? resolve(out) : reject(new Error(`cli ${args.join(' ')} failed: ${err}`))));
  });
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
