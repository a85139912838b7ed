import path from 'node:path';
import type { Command } from 'commander';
import type { Output } from '../output';
import { reportFailure } from '../run';

export interface BackupOptions {
  dataDir?: string;
  json: boolean;
}

/** A backup command works on the data dir's files, not through an engine: it never migrates nor holds the database. */
export function onFiles<A extends unknown[]>(
  action: (options: BackupOptions, output: Output, ...args: A) => Promise<void> | void,
  words: (error: unknown) => unknown = (error) => error,
) {
  return async function (this: Command, ...args: A): Promise<void> {
    const options = this.optsWithGlobals<BackupOptions>();
    try {
      await action(options, { json: options.json }, ...args);
    } catch (error) {
      reportFailure(words(error));
    }
  };
}

export function requireDataDir(command: Command, options: BackupOptions): string {
  if (options.dataDir === undefined) command.error("error: required option '--data-dir <dir>' not specified");
  return path.resolve(options.dataDir);
}
