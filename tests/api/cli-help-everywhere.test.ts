/** `cli --help` and `cli <group> [command] --help`: every command answers with its usage and exit code 0. */
import type { Command } from 'commander';
import { describe, expect, it } from 'vitest';
import { buildCli } from '../../src/main/cli/program';
import { runCliArgsInProcess } from '../helpers/cli-in-process';
import type { ProcessResult } from '../helpers/processes';

function expectOk(result: ProcessResult): void {
  expect(result.code, result.stderr).toBe(0);
}

describe('--help', () => {
  /** Command names listed under "Commands:" in a help text, without the built-in `help`. */
  function commandsIn(help: string): string[] {
    const section = help.split(/^Commands:$/m)[1] ?? '';
    return [...section.matchAll(/^ {2}([a-z][\w-]*)/gm)]
      .map((match) => match[1] ?? '')
      .filter((name) => name !== 'help');
  }

  async function inBatches<T, R>(items: T[], size: number, work: (item: T) => Promise<R>): Promise<R[]> {
    const results: R[] = [];
    for (let i = 0; i < items.length; i += size)
      results.push(...(await Promise.all(items.slice(i, i + size).map(work))));
    return results;
  }

  it('works on the program and on every command, with exit code 0', async () => {
    const root = await runCliArgsInProcess(['--help']);
    expectOk(root);
    const groups = commandsIn(root.stdout);
    expect(groups).toEqual(expect.arrayContaining(['keys', 'accounts', 'pets', 'categories']));

    const groupHelps = await inBatches(groups, 4, (group) => runCliArgsInProcess([group, '--help']));
    const leaves = groups.flatMap((group, i) => {
      const help = groupHelps[i] as ProcessResult;
      expectOk(help);
      expect(help.stdout).toContain(`Usage: cli ${group}`);
      return commandsIn(help.stdout).map((name) => [group, name]);
    });
    expect(leaves).toEqual(
      expect.arrayContaining([
        ['keys', 'create'],
        ['keys', 'revoke'],
        ['keys', 'list'],
        ['pets', 'import'],
      ]),
    );

    // Every command below a group, through the same program in this process: a child process each
    // (over 60 of them) took minutes on a busy two-core machine. The groups above ran for real.
    for (const command of leaves) {
      const written: string[] = [];
      const program = buildCli();
      const quiet = (each: Command): void => {
        each
          .exitOverride()
          .configureOutput({ writeOut: (text) => written.push(text), writeErr: (text) => written.push(text) });
        each.commands.forEach(quiet);
      };
      quiet(program);
      let exit: { exitCode: number; code: string } | undefined;
      try {
        program.parse(['node', 'cli', ...command, '--help']);
      } catch (error) {
        exit = error as { exitCode: number; code: string };
      }
      expect(exit, command.join(' ')).toMatchObject({ exitCode: 0, code: 'commander.helpDisplayed' });
      expect(written.join('')).toContain(`Usage: cli ${command.join(' ')}`);
    }
  }, 180_000);
});
