/**
 * `serve` as its own process, started the way `npm run serve` starts it (Node running the launcher
 * from the checkout's root, so the bundle is the current sources'), quiet: the e2e desks, the phone
 * specs' shelter server and the window benchmark all start theirs here.
 */
import { spawn, type ChildProcess, type StdioOptions } from 'node:child_process';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '../..');

export interface ServeOptions {
  dataDir: string;
  /** Browser mode (`--admin`), or team mode on this port (`--team --team-port N`). */
  mode: 'admin' | { teamPort: number };
  /** The production and staging ports; 0 lets the OS pick (the default). */
  ports?: [number, number];
  /** More arguments after these (`--dns-server …`). */
  extra?: string[];
  /** Added to the process's own environment. */
  env?: NodeJS.ProcessEnv;
  /** stdout and stderr are piped unless told otherwise. */
  stdio?: StdioOptions;
}

export function spawnServe({
  dataDir,
  mode,
  ports = [0, 0],
  extra = [],
  env = {},
  stdio = ['ignore', 'pipe', 'pipe'],
}: ServeOptions): ChildProcess {
  const modeArgs = mode === 'admin' ? ['--admin'] : ['--team', '--team-port', String(mode.teamPort)];
  return spawn(
    process.execPath,
    [
      'scripts/launch.cjs',
      'serve',
      '--data-dir',
      dataDir,
      '--port',
      String(ports[0]),
      '--other-port',
      String(ports[1]),
      ...modeArgs,
      '--log-level',
      'silent',
      ...extra,
    ],
    { cwd: ROOT, stdio, env: { ...process.env, ...env } },
  );
}
