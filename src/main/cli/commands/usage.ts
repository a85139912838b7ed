import type { Command } from 'commander';
import { positiveInt } from '../arguments';
import { note, printObject, printRows } from '../output';
import { run } from '../run';

/** `usage show|reset` and `bans list|lift`: an account's use of its quota, and the keys banned after repeated 429s. */
export function registerUsageCommands(program: Command): void {
  const usage = program.command('usage').description("An account's usage of its quota");
  usage
    .command('show')
    .argument('<account-id>', 'account id', positiveInt)
    .action(
      run((engine, output, accountId: number) => {
        const report = engine.services.quota.report(accountId);
        if (output.json) return printObject(output, report);
        printRows(
          output,
          [report.minute, report.day].map((window) => ({
            window: window.kind,
            used: window.used,
            limit: window.limit,
            remaining: Math.max(0, window.limit - window.used),
            rejected: window.rejected,
            resetsAt: window.resetAt,
          })),
          '',
        );
        note(
          `Bans today: ${report.bansToday}; active: ${report.activeBans.map((ban) => `key ${ban.keyId} until ${new Date(ban.until).toISOString()}`).join(', ') || 'none'}.`,
        );
      }),
    );
  usage
    .command('reset')
    .description("Zero the account's current minute and day windows")
    .argument('<account-id>', 'account id', positiveInt)
    .action(
      run((engine, _output, accountId: number) => {
        engine.services.quota.resetUsage(accountId);
        note(`Usage of account ${accountId} is reset.`);
      }),
    );

  const bans = program.command('bans').description('Temporary bans of keys after repeated 429s');
  bans.command('list').action(
    run((engine, output) => {
      const active = engine.services.quota.listActiveBans();
      if (output.json) return printRows(output, active, '');
      const now = engine.clock.now();
      const rows = active.map(({ id, keyId, accountId, startedAt, until }) => ({
        id,
        keyId,
        accountId,
        startedAt,
        until,
        remaining: `${Math.ceil((until - now) / 60_000)} min`,
      }));
      printRows(output, rows, 'No key is banned.');
    }),
  );
  bans
    .command('lift')
    .description('Lift the ban on a key; refused when the key is not banned')
    .argument('<key-id>', 'key id', positiveInt)
    .action(
      run((engine, _output, keyId: number) => {
        engine.services.quota.liftBan(keyId);
        note(`The ban on key ${keyId} is lifted.`);
      }),
    );
}
