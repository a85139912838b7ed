import type { Command } from 'commander';
import { AppError } from '../../../shared/errors';
import type { ApiKeyRecord } from '../../../shared/models';
import type { PlanId } from '../../../shared/plans';
import { perDayOption, perMinuteOption, planOption, positiveInt } from '../arguments';
import { note, printObject, printRows } from '../output';
import { run } from '../run';

/** `keys create|list|revoke|rotate`: API keys; a plaintext key is printed once, as the last line of stdout. */
export function registerKeyCommands(program: Command): void {
  const keys = program.command('keys').description('API keys: create, list, revoke, rotate');
  keys
    .command('create')
    .description('Create a key; prints the plaintext key (shown once) as the last line of stdout')
    .addOption(planOption())
    .addOption(perMinuteOption())
    .addOption(perDayOption())
    .option('--label <text>', 'what the key is for', '')
    .option('--account <id>', 'add the key to this existing account instead of a new one', positiveInt)
    .action(
      run(
        (
          engine,
          output,
          options: { plan?: PlanId; perMinute?: number; perDay?: number; label: string; account?: number },
        ) => {
          const { accounts, keys: keyService } = engine.services;
          let issued: { key: string; record: ApiKeyRecord };
          if (options.account === undefined) {
            if (!options.plan)
              throw new AppError(
                'validation_failed',
                'Give --plan for a new account, or --account ID to add a key to an existing one.',
              );
            issued = keyService.createOnNewAccount({
              account: { planId: options.plan, perMinute: options.perMinute, perDay: options.perDay },
              label: options.label,
            });
          } else {
            const account = accounts.get(options.account);
            if ((options.plan && options.plan !== account.planId) || options.perMinute || options.perDay) {
              throw new AppError(
                'validation_failed',
                `Account ${account.id} is on ${account.planId}; change its plan with "accounts set-plan", not here.`,
              );
            }
            issued = keyService.create({ accountId: account.id, label: options.label });
          }
          const { key, record } = issued;
          if (output.json) {
            printObject(output, { ...record, key });
            return;
          }
          note(
            `Created key ${record.id} (${record.displayPrefix}) on account ${record.accountId}. It is shown only this once:`,
          );
          process.stdout.write(`${key}\n`);
        },
      ),
    );
  keys
    .command('list')
    .description('List keys (never their plaintext)')
    .option('--account <id>', 'only this account', positiveInt)
    .action(
      run((engine, output, options: { account?: number }) =>
        printRows(output, engine.services.keys.list({ accountId: options.account }), 'No keys yet.'),
      ),
    );
  keys
    .command('revoke')
    .description('Revoke a key at once, by its id or the key itself; refused when it is already revoked')
    .argument('<key-or-id>')
    .action(
      run((engine, output, keyOrId: string) => {
        const record = engine.services.keys.revoke(keyOrId);
        if (output.json) printObject(output, { ...record });
        else note(`Key ${record.id} (${record.displayPrefix}) is revoked.`);
      }),
    );
  keys
    .command('rotate')
    .description('Replace a key with a new one on the same account; the old one stops working')
    .argument('<id>', 'key id', positiveInt)
    .action(
      run((engine, output, id: number) => {
        const { key, record } = engine.services.keys.rotate(id);
        if (output.json) return printObject(output, { ...record, key });
        note(`Key ${id} is revoked; its replacement is key ${record.id}, shown only this once:`);
        process.stdout.write(`${key}\n`);
      }),
    );
}
