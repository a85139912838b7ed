import type { Command } from 'commander';
import type { PlanId } from '../../../shared/plans';
import { perDayOption, perMinuteOption, planOption, positiveInt } from '../arguments';
import { printObject, printRows } from '../output';
import { run } from '../run';

/** `accounts list|create|set-plan|rename`: the API clients and their plans. */
export function registerAccountCommands(program: Command): void {
  const accounts = program.command('accounts').description('Accounts (API clients) and their plans');
  accounts
    .command('list')
    .action(run((engine, output) => printRows(output, engine.services.accounts.list(), 'No accounts yet.')));
  accounts
    .command('create')
    .requiredOption('--name <name>', 'who the account is for')
    .addOption(planOption().makeOptionMandatory())
    .addOption(perMinuteOption())
    .addOption(perDayOption())
    .action(
      run((engine, output, options: { name: string; plan: PlanId; perMinute?: number; perDay?: number }) =>
        printObject(output, {
          ...engine.services.accounts.create({
            name: options.name,
            planId: options.plan,
            perMinute: options.perMinute,
            perDay: options.perDay,
          }),
        }),
      ),
    );
  accounts
    .command('set-plan')
    .description('Move an account to another plan; effective on its next request')
    .argument('<id>', 'account id', positiveInt)
    .addOption(planOption().makeOptionMandatory())
    .addOption(perMinuteOption())
    .addOption(perDayOption())
    .action(
      run((engine, output, id: number, options: { plan: PlanId; perMinute?: number; perDay?: number }) =>
        printObject(output, {
          ...engine.services.accounts.setPlan(id, {
            planId: options.plan,
            perMinute: options.perMinute,
            perDay: options.perDay,
          }),
        }),
      ),
    );
  accounts
    .command('rename')
    .argument('<id>', 'account id', positiveInt)
    .argument('<name>')
    .action(
      run((engine, output, id: number, name: string) => printObject(output, engine.services.accounts.rename(id, name))),
    );
}
