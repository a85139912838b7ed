import { type Command, InvalidArgumentError } from 'commander';
import { AppError } from '../../../shared/errors';
import { SCENARIO_KINDS, ScenarioSchema, type ScenarioKind } from '../../../shared/lab';
import { runningServerAddress, serverLockFile } from '../../db/instance-lock';
import { waitForRunningServer } from '../../lab/clock-applied';
import { newProgress, runScenario, scenarioKeyId, scenarioWaits } from '../../lab/scenarios';
import { parseOrThrow } from '../../../shared/validation';
import { positiveInt } from '../arguments';
import { note, printObject } from '../output';
import { run } from '../run';

interface ScenarioOptions {
  key: string;
  count?: number;
  rate?: number;
  seconds?: number;
}

/** `scenario run <kind>`: scripted traffic against this environment's running server (on this machine). */
export function registerScenarioCommands(program: Command): void {
  const scenario = program
    .command('scenario')
    .description("Scripted traffic against this environment's own running API server, bounded in count and time");
  scenario
    .command('run')
    .description(
      'burst --count N | steady --rate R --seconds T | ignore-retry-after --count N | honour-retry-after --count N (Ctrl-C cancels)',
    )
    .argument('<kind>', SCENARIO_KINDS.join(' | '), (value: string) => {
      if (!(SCENARIO_KINDS as readonly string[]).includes(value))
        throw new InvalidArgumentError(`must be one of ${SCENARIO_KINDS.join(', ')}.`);
      return value as ScenarioKind;
    })
    .requiredOption('--key <key>', 'the API key to send (plaintext, as a client would)')
    .option('--count <n>', 'requests to send (at most 1000)', positiveInt)
    .option('--rate <n>', 'steady: requests per second (at most 50)', positiveInt)
    .option('--seconds <n>', 'steady: for how long (at most 120)', positiveInt)
    .action(
      run(async (engine, output, kind: ScenarioKind, options: ScenarioOptions) => {
        const parsed = parseOrThrow(ScenarioSchema, { kind, ...options }, 'scenario');
        const baseUrl = runningServerAddress(serverLockFile(engine.dataDir, engine.environment));
        if (!baseUrl)
          throw new AppError(
            'conflict',
            `No ${engine.environment} server is running for this data dir; start it with npm run serve first.`,
          );
        const controller = new AbortController();
        process.once('SIGINT', () => controller.abort());
        const progress = newProgress(1, parsed, scenarioKeyId(engine, parsed.key));
        note(
          `Running ${kind} against ${baseUrl}${engine.clock.isOn && scenarioWaits(kind) ? ' (lab clock on: waits move the clock)' : ''}; Ctrl-C cancels.`,
        );
        await runScenario(
          {
            baseUrl,
            advanceLabClock: async (ms) => {
              // Staff may have moved or stopped the lab clock meanwhile: advance it from where it is now.
              const latest = engine.latest();
              if (!latest.lab.advanceIfOn(ms)) return false;
              // The next request must meet the new time: wait until the server says it runs on it (as `clock advance` does).
              await waitForRunningServer(serverLockFile(latest.dataDir, latest.environment), latest.lab.move);
              return true;
            },
          },
          parsed,
          progress,
          controller.signal,
        );
        if (output.json) return printObject(output, progress);
        const counts = Object.entries(progress.counts)
          .map(([outcome, n]) => `${n} × ${outcome}`)
          .join(', ');
        process.stdout.write(
          `${progress.state}: ${progress.sent} of ${progress.planned} request(s) sent (${counts || 'none'})${progress.labAdvancedMs ? `; lab clock moved ${progress.labAdvancedMs / 1000} s` : ''}${progress.waitedMs ? `; waited ${progress.waitedMs / 1000} s` : ''}\n`,
        );
        if (progress.note) note(progress.note);
      }),
    );
}
