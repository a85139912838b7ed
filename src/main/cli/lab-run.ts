import type { Command } from 'commander';
import type { Environment } from '../../shared/environments';
import { isAppError } from '../../shared/errors';
import { Engine } from '../engine';
import type { Output } from './output';

interface LabGlobalOptions {
  dataDir: string;
  env: Environment;
  json: boolean;
}

/** Opens the environment for one command; refusals print "Error: …" on stderr and exit 1. */
export function runLab<A extends unknown[]>(action: (engine: Engine, output: Output, ...args: A) => Promise<void> | void) {
  return async function (this: Command, ...args: A): Promise<void> {
    const options = this.optsWithGlobals<LabGlobalOptions>();
    let engine: Engine | undefined;
    try {
      engine = new Engine({ dataDir: options.dataDir, environment: options.env });
      await action(engine, { json: options.json }, ...args);
    } catch (error) {
      process.stderr.write(`Error: ${isAppError(error) ? error.message : String(error)}\n`);
      process.exitCode = 1;
    } finally {
      engine?.close();
    }
  };
}

