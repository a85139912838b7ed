import { type Command, Option } from 'commander';
import { AppError } from '../../../shared/errors';
import { PLAN_IDS, type PlanId } from '../../../shared/plans';
import { failsGate } from '../../../shared/compliance';
import { HEADER_PROFILES, type HeaderProfile } from '../../../shared/header-profiles';
import { runGate, type CommandOutcome, type GateReady } from '../gate-session';
import { checkSettingsOf, positiveInt, withCheckSettings } from '../arguments';
import { printReport, writeJunit } from '../compliance-output';
import { note, printObject } from '../output';
import { reportFailure } from '../run';

/** The gate's exit codes: what a CI step reads. */
export const GATE_EXIT = { passed: 0, checkFailed: 1, commandFailed: 2 } as const;

interface GateCommandOptions {
  plan: PlanId;
  profile: HeaderProfile;
  perMinute?: number;
  perDay?: number;
  junit?: string;
  timeout: number;
  maxAttempts: number;
  backoffCap: number;
  strict: boolean;
}

/** Why the command itself failed, or null when it ran to completion (exit 0): the one rule for exit code 2. */
function describeOutcome(outcome: CommandOutcome, timeoutSeconds: number): string | null {
  if (outcome.startError !== null) return `the command could not start: ${outcome.startError}`;
  if (outcome.timedOut) return `the command ran longer than ${timeoutSeconds} s and was stopped (--timeout)`;
  if (outcome.signal !== null) return `the command was ended by ${outcome.signal}`;
  if (outcome.exitCode !== 0) return `the command exited with code ${outcome.exitCode}`;
  return null;
}

function announce(ready: GateReady): void {
  note(
    `Gate: a throw-away API at ${ready.baseUrl} (lab clock on, header profile ${ready.profile}), key ${ready.keyId} allowed ${ready.limits.perMinute}/minute and ${ready.limits.perDay}/day.`,
  );
  note(
    'The command gets ADK_BASE_URL, ADK_API_KEY and ADK_LAB_URL (POST $ADK_LAB_URL/clock/advance {"ms": N} skips time instead of sleeping).',
  );
}

/**
 * `gate -- COMMAND…`: run a client against a throw-away environment and judge it. Exit 0 when every
 * check passes or does not apply, 1 when one fails, 2 when the command itself failed.
 */
export function registerGateCommand(program: Command): void {
  withCheckSettings(program.command('gate'))
    .description(
      'Run a client command against a throw-away API (lab clock on, one key) and judge how it handles rate limits; exit 0 pass, 1 a check failed, 2 the command failed',
    )
    .addOption(new Option('--plan <plan>', 'the key’s plan').choices(PLAN_IDS).default('free'))
    .addOption(
      new Option('--profile <name>', 'the header profile the API answers with (see lab profile show)')
        .choices(HEADER_PROFILES)
        .default('standard'),
    )
    .option('--per-minute <n>', 'requests per minute for the plan (Enterprise: for the account)', positiveInt)
    .option('--per-day <n>', 'requests per day for the plan (Enterprise: for the account)', positiveInt)
    .option('--junit <file>', 'also write the checks as JUnit XML for CI')
    .option('--strict', 'advisory checks (ratelimit-window) fail the gate too', false)
    .option('--timeout <seconds>', 'stop the command after this long (real time)', positiveInt, 600)
    .argument('<command>', 'the client to run (after --)')
    .argument('[args...]', 'its arguments')
    .action(async function (this: Command, command: string, args: string[], options: GateCommandOptions) {
      const { json } = this.optsWithGlobals<{ json: boolean }>();
      const controller = new AbortController();
      const abort = () => controller.abort();
      process.once('SIGINT', abort);
      process.once('SIGTERM', abort);
      try {
        if (options.plan === 'enterprise' && (options.perMinute === undefined || options.perDay === undefined)) {
          throw new AppError(
            'validation_failed',
            '--plan enterprise needs --per-minute and --per-day: Enterprise figures are set per account.',
          );
        }
        const result = await runGate({
          command,
          args,
          planId: options.plan,
          profile: options.profile,
          perMinute: options.perMinute,
          perDay: options.perDay,
          timeoutMs: options.timeout * 1000,
          settings: checkSettingsOf(options),
          signal: controller.signal,
          commandStdout: json ? 'stderr' : 'stdout',
          onReady: json ? undefined : announce,
        });
        const failure = describeOutcome(result.command, options.timeout);
        if (options.junit !== undefined)
          writeJunit(options.junit, result.report, {
            subject: `gate, header profile ${options.profile}`,
            strict: options.strict,
            extra: [{ name: 'command: the client ran to completion', failure }],
          });
        const failedCheck = failsGate(result.report, options.strict);
        const exitCode =
          failure !== null ? GATE_EXIT.commandFailed : failedCheck ? GATE_EXIT.checkFailed : GATE_EXIT.passed;
        if (json)
          printObject(
            { json },
            {
              exitCode,
              command: result.command,
              limits: result.ready.limits,
              profile: result.ready.profile,
              report: result.report,
            },
          );
        else {
          process.stdout.write(`Header profile: ${result.ready.profile}\n`);
          printReport(false, result.report, options.strict);
          if (failure !== null) note(`Gate: ${failure}.`);
          note(
            exitCode === GATE_EXIT.passed
              ? 'Gate passed.'
              : exitCode === GATE_EXIT.checkFailed
                ? 'Gate failed: a check did not pass.'
                : 'Gate failed: the command itself failed.',
          );
        }
        process.exitCode = exitCode;
      } catch (error) {
        reportFailure(error);
        process.exitCode = GATE_EXIT.commandFailed;
      } finally {
        process.off('SIGINT', abort);
        process.off('SIGTERM', abort);
      }
    });
}
