import { Command, Option } from 'commander';
import { ENVIRONMENTS } from '../../shared/environments';
import { AppError } from '../../shared/errors';
import { PET_STATUSES, type PetStatus } from '../../shared/pet';
import type { ApiKeyRecord } from '../../shared/models';
import { PLAN_IDS, type PlanId } from '../../shared/plans';
import { perDayOption, perMinuteOption, planOption, positiveInt, zeroOrPositiveInt } from './arguments';
import { note, printObject, printRows } from './output';
import { readPetImport, stepAsideForServer } from './pet-import';
import { registerCertificateCommands } from './certificates';
import { registerSiteCommands } from './sites';
import { registerLabCommands } from './lab';
import { reportFailure, run } from './run';

export function buildCli(): Command {
  const program = new Command('cli')
    .description('Administer Adoption Desk from scripts: keys, accounts, plans, usage, bans, pets, categories.')
    .requiredOption('--data-dir <dir>', 'folder holding the SQLite databases')
    .addOption(new Option('--env <environment>', 'environment').choices(ENVIRONMENTS).default('production'))
    .option('--json', 'print JSON instead of tables', false)
    .showHelpAfterError();

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
      run((engine, output, options: { plan?: PlanId; perMinute?: number; perDay?: number; label: string; account?: number }) => {
        const { accounts, keys: keyService } = engine.services;
        let issued: { key: string; record: ApiKeyRecord };
        if (options.account === undefined) {
          if (!options.plan) throw new AppError('validation_failed', 'Give --plan for a new account, or --account ID to add a key to an existing one.');
          issued = keyService.createOnNewAccount({ account: { planId: options.plan, perMinute: options.perMinute, perDay: options.perDay }, label: options.label });
        } else {
          const account = accounts.get(options.account);
          if ((options.plan && options.plan !== account.planId) || options.perMinute || options.perDay) {
            throw new AppError('validation_failed', `Account ${account.id} is on ${account.planId}; change its plan with "accounts set-plan", not here.`);
          }
          issued = keyService.create({ accountId: account.id, label: options.label });
        }
        const { key, record } = issued;
        if (output.json) {
          printObject(output, { ...record, key });
          return;
        }
        note(`Created key ${record.id} (${record.displayPrefix}) on account ${record.accountId}. It is shown only this once:`);
        process.stdout.write(`${key}\n`);
      }),
    );
  keys
    .command('list')
    .description('List keys (never their plaintext)')
    .option('--account <id>', 'only this account', positiveInt)
    .action(run((engine, output, options: { account?: number }) => printRows(output, engine.services.keys.list({ accountId: options.account }), 'No keys yet.')));
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

  const accounts = program.command('accounts').description('Accounts (API clients) and their plans');
  accounts.command('list').action(run((engine, output) => printRows(output, engine.services.accounts.list(), 'No accounts yet.')));
  accounts
    .command('create')
    .requiredOption('--name <name>', 'who the account is for')
    .addOption(planOption().makeOptionMandatory())
    .addOption(perMinuteOption())
    .addOption(perDayOption())
    .action(
      run((engine, output, options: { name: string; plan: PlanId; perMinute?: number; perDay?: number }) =>
        printObject(output, { ...engine.services.accounts.create({ name: options.name, planId: options.plan, perMinute: options.perMinute, perDay: options.perDay }) }),
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
        printObject(output, { ...engine.services.accounts.setPlan(id, { planId: options.plan, perMinute: options.perMinute, perDay: options.perDay }) }),
      ),
    );
  accounts
    .command('rename')
    .argument('<id>', 'account id', positiveInt)
    .argument('<name>')
    .action(run((engine, output, id: number, name: string) => printObject(output, engine.services.accounts.rename(id, name))));

  const pets = program.command('pets').description('Pets: list, add, import, change status, remove');
  pets
    .command('list')
    .addOption(new Option('--status <status>').choices(PET_STATUSES))
    .option('--search <text>', 'part of the name')
    .option('--limit <n>', 'how many', positiveInt, 50)
    .option('--offset <n>', 'skip this many', zeroOrPositiveInt, 0)
    .action(
      run((engine, output, options: { status?: PetStatus; search?: string; limit: number; offset: number }) => {
        const page = engine.services.pets.browse(options);
        printRows(output, page.pets, 'No pets match.');
        if (!output.json) note(`${page.pets.length} of ${page.total} shown.`);
      }),
    );
  pets
    .command('add')
    .requiredOption('--name <name>')
    .requiredOption('--category <id>', 'category id', positiveInt)
    .addOption(new Option('--status <status>').choices(PET_STATUSES))
    .action(
      run((engine, output, options: { name: string; category: number; status?: PetStatus }) =>
        printObject(output, { ...engine.services.pets.create({ name: options.name, categoryId: options.category, status: options.status }) }),
      ),
    );
  pets
    .command('import')
    .description('Add pets from a JSON array or a CSV file (name,categoryId,status); all or nothing: every row is checked first, then written in small slices so a running server is never held up (a failed slice removes those written)')
    .argument('<file>')
    .addOption(new Option('--format <format>', 'default: by file extension').choices(['csv', 'json']))
    .action(
      run((engine, output, file: string, options: { format?: 'csv' | 'json' }) => {
        const created = engine.services.pets.importMany(readPetImport(file, options.format), stepAsideForServer);
        if (output.json) printRows(output, created, '');
        else note(`Imported ${created.length} pet(s).`);
      }),
    );
  pets
    .command('status')
    .description('Change a pet\'s status (recorded in its history)')
    .argument('<id>', 'pet id', positiveInt)
    .addArgument(new Command().createArgument('<status>').choices(PET_STATUSES))
    .action(run((engine, output, id: number, status: PetStatus) => printObject(output, engine.services.pets.changeStatus(id, status))));
  pets
    .command('history')
    .argument('<id>', 'pet id', positiveInt)
    .action(run((engine, output, id: number) => printRows(output, engine.services.pets.history(id), 'No history.')));
  pets
    .command('remove')
    .argument('<id>', 'pet id', positiveInt)
    .action(
      run((engine, _output, id: number) => {
        engine.services.pets.remove(id);
        note(`Pet ${id} removed.`);
      }),
    );

  const categories = program.command('categories').description('Pet categories');
  categories.command('list').action(run((engine, output) => printRows(output, engine.services.categories.list(), 'No categories.')));
  categories
    .command('add')
    .argument('<name>')
    .action(run((engine, output, name: string) => printObject(output, engine.services.categories.create(name))));
  categories
    .command('rename')
    .argument('<id>', 'category id', positiveInt)
    .argument('<name>')
    .action(run((engine, output, id: number, name: string) => printObject(output, engine.services.categories.rename(id, name))));
  categories
    .command('remove')
    .description('Remove a category no pet uses')
    .argument('<id>', 'category id', positiveInt)
    .action(
      run((engine, _output, id: number) => {
        engine.services.categories.remove(id);
        note(`Category ${id} removed.`);
      }),
    );

  const plans = program.command('plans').description('Plan figures (effective on the next request)');
  plans.command('list').action(run((engine, output) => printRows(output, engine.services.plans.list(), 'No plans.')));
  plans
    .command('set')
    .description('Change a plan\'s figures or ban policy')
    .addArgument(new Command().createArgument('<plan>').choices(PLAN_IDS))
    .addOption(new Option('--per-minute <n>', 'requests per minute').argParser(positiveInt))
    .addOption(new Option('--per-day <n>', 'requests per day').argParser(positiveInt))
    .addOption(new Option('--ban-threshold <n>', 'requests after a 429 tolerated before a ban').argParser(zeroOrPositiveInt))
    .addOption(new Option('--ban-minutes <n>', 'how long a ban lasts').argParser(positiveInt))
    .action(
      run((engine, output, plan: PlanId, options: { perMinute?: number; perDay?: number; banThreshold?: number; banMinutes?: number }) =>
        printObject(output, engine.services.plans.update(plan, options)),
      ),
    );

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
        note(`Bans today: ${report.bansToday}; active: ${report.activeBans.map((ban) => `key ${ban.keyId} until ${new Date(ban.until).toISOString()}`).join(', ') || 'none'}.`);
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
      const rows = active.map(({ id, keyId, accountId, startedAt, until }) => ({ id, keyId, accountId, startedAt, until, remaining: `${Math.ceil((until - now) / 60_000)} min` }));
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

  registerSiteCommands(program);
  registerCertificateCommands(program);
  registerLabCommands(program);
  return program;
}

buildCli().parseAsync().catch(reportFailure);
