import { Command, Option } from 'commander';
import { PLAN_IDS, type PlanId } from '../../../shared/plans';
import { positiveInt, zeroOrPositiveInt } from '../arguments';
import { printObject, printRows } from '../output';
import { run } from '../run';

/** `plans list|set`: the figures and ban policy of each plan. */
export function registerPlanCommands(program: Command): void {
  const plans = program.command('plans').description('Plan figures (effective on the next request)');
  plans.command('list').action(run((engine, output) => printRows(output, engine.services.plans.list(), 'No plans.')));
  plans
    .command('set')
    .description("Change a plan's figures or ban policy")
    .addArgument(new Command().createArgument('<plan>').choices(PLAN_IDS))
    .addOption(new Option('--per-minute <n>', 'requests per minute').argParser(positiveInt))
    .addOption(new Option('--per-day <n>', 'requests per day').argParser(positiveInt))
    .addOption(
      new Option('--ban-threshold <n>', 'requests after a 429 tolerated before a ban').argParser(zeroOrPositiveInt),
    )
    .addOption(new Option('--ban-minutes <n>', 'how long a ban lasts').argParser(positiveInt))
    .action(
      run(
        (
          engine,
          output,
          plan: PlanId,
          options: { perMinute?: number; perDay?: number; banThreshold?: number; banMinutes?: number },
        ) => printObject(output, engine.services.plans.update(plan, options)),
      ),
    );
}
