/**
 * A value error prints the error and one hint pointing at the
 * command's help, never the whole usage, for every command; and every option's default is printed
 * once in --help. In-process over the real program (commander's exitOverride), one real process for
 * the reported case.
 */
import { spawnSync } from 'node:child_process';
import { type Command, CommanderError } from 'commander';
import { describe, expect, it } from 'vitest';
import { buildCli } from '../../src/main/cli/program';
import { PROJECT_ROOT, runCli } from '../helpers/processes';

/** Every command of the program, with the words that call it. */
function commands(command: Command, path: string[] = []): { path: string[]; command: Command }[] {
  return [{ path, command }, ...command.commands.flatMap((sub) => commands(sub, [...path, sub.name()]))];
}

/** Runs the program in-process; what it wrote to stderr and stdout, and how it ended. */
async function parse(args: string[]): Promise<{ stderr: string; stdout: string; exitCode: number | undefined }> {
  const program = buildCli();
  let stderr = '';
  let stdout = '';
  for (const { command } of commands(program)) {
    command
      .exitOverride()
      .configureOutput({ writeErr: (text) => (stderr += text), writeOut: (text) => (stdout += text) });
  }
  try {
    await program.parseAsync(['node', 'cli', ...args]);
    return { stderr, stdout, exitCode: undefined };
  } catch (error) {
    if (!(error instanceof CommanderError)) throw error;
    return { stderr, stdout, exitCode: error.exitCode };
  }
}

describe('a value error prints the error and one hint, not the usage', () => {
  it.each([
    [
      ['pets', 'profile', 'set', '1', '--fee', '12,50'],
      /^error: option '--fee <amount>' argument '12,50' is invalid\. must be an amount, e\.g\. 150 or 85\.50\.$/,
      'pets profile set --help',
    ],
    [
      ['keys', 'create', '--plan', 'platinum'],
      /^error: option '--plan <plan>' argument 'platinum' is invalid\. Allowed choices are /,
      'keys create --help',
    ],
    [
      ['gate', '--timeout', 'soon', '--', 'true'],
      /^error: option '--timeout <seconds>' argument 'soon' is invalid\. must be a positive integer\.$/,
      'gate --help',
    ],
    [['pets', 'list', '--colour', 'red'], /^error: unknown option '--colour'/, 'pets list --help'],
    [
      ['pets', 'status', '1', 'gone'],
      /^error: command-argument value 'gone' is invalid for argument 'status'/,
      'pets status --help',
    ],
    [['pets', 'list'], /^error: required option '--data-dir <dir>' not specified$/, 'pets list --help'],
    [['petz'], /^error: unknown command 'petz'\n\(Did you mean pets\?\)$/, '--help'],
  ])('%j', async (args, error, help) => {
    const result = await parse(args);
    expect(result.exitCode).toBe(1);
    const lines = result.stderr.trimEnd().split('\n');
    expect(lines.slice(0, -1).join('\n')).toMatch(error);
    expect(lines.at(-1)).toBe(`See "${help}".`);
    expect(result.stderr).not.toContain('Usage:');
  });

  it('through a real process: `--fee 12,50` is two lines on stderr', async () => {
    const result = await runCli(['--data-dir', PROJECT_ROOT, 'pets', 'profile', 'set', '1', '--fee', '12,50']);
    expect(result.code).toBe(1);
    expect(result.stderr).toBe(
      "error: option '--fee <amount>' argument '12,50' is invalid. must be an amount, e.g. 150 or 85.50.\nSee \"pets profile set --help\".\n",
    );
  });
});

describe('--help prints each default once', () => {
  it('every command of the CLI', () => {
    const program = buildCli();
    for (const { path, command } of commands(program)) {
      const help = command.createHelp();
      for (const option of command.options) {
        const described = help.optionDescription(option);
        expect(described.match(/\(default/g) ?? [], `${path.join(' ')} ${option.flags}: ${described}`).toHaveLength(
          described.includes('(default') ? 1 : 0,
        );
      }
      for (const line of command.helpInformation().split('\n'))
        expect(line.match(/\(default/g)?.length ?? 0, `${path.join(' ')}: ${line}`).toBeLessThanOrEqual(1);
    }
    expect(
      commands(program)
        .find(({ path }) => path.join(' ') === 'gate')!
        .command.helpInformation(),
    ).toMatch(/--max-attempts <n> .*\(default: 8\)/s);
  });

  it('serve', () => {
    const result = spawnSync(process.execPath, ['--import', 'tsx', 'src/main/serve.ts', '--help'], {
      cwd: PROJECT_ROOT,
      encoding: 'utf8',
    });
    expect(result.status).toBe(0);
    for (const line of result.stdout.split('\n'))
      expect(line.match(/\(default/g)?.length ?? 0, line).toBeLessThanOrEqual(1);
  });
});
