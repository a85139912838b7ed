import type { Command } from 'commander';
import type { Environment } from '../../shared/environments';
import { dataDirProblem } from '../db/data-dir-problems';
import { isStorageFull } from '../db/write-refusals';
import { Engine } from '../engine/engine';
import { cliWords } from './hints';
import { printable, type Output } from './output';

/** The program's options (index.ts), which every command reads. */
interface GlobalOptions {
  /** Optional to commander (the gate makes its own); every command run() runs needs it. */
  dataDir?: string;
  env: Environment;
  json: boolean;
  sitesHost: string;
  dnsServer?: string[];
  keepDeploys?: number;
}

/** "Error: …" on stderr with the CLI's hint (hints.ts), made printable (the message may carry stored names or arguments), and exit code 1. */
export function reportFailure(error: unknown): void {
  process.stderr.write(`Error: ${printable(cliWords(error))}\n`);
  process.exitCode = 1;
}

/**
 * The one way a command runs: opens the environment for it (with the sites options) and closes it
 * afterwards; a refusal is reported by reportFailure. Actions may be async (DNS queries, file copies,
 * scripted traffic).
 */
export function run<A extends unknown[]>(action: (engine: Engine, output: Output, ...args: A) => Promise<void> | void) {
  return async function (this: Command, ...args: A): Promise<void> {
    const options = this.optsWithGlobals<GlobalOptions>();
    if (options.dataDir === undefined) this.error("error: required option '--data-dir <dir>' not specified");
    let engine: Engine | undefined;
    try {
      engine = new Engine({
        dataDir: options.dataDir,
        environment: options.env,
        sites: { host: options.sitesHost, dnsServers: options.dnsServer ?? [], keepDeploys: options.keepDeploys },
      });
      await action(engine, { json: options.json }, ...args);
    } catch (error) {
      // The disk filling up under a command is told like a full disk at start: one line naming the data dir.
      reportFailure((engine && isStorageFull(error) && dataDirProblem(engine.dataDir, error)) || error);
    } finally {
      engine?.close();
    }
  };
}
