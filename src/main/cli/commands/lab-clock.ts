import type { Command } from 'commander';
import { isoInstant } from '../../../shared/instants';
import { describeOffset, type LabClockState } from '../../../shared/lab';
import { duration } from '../arguments';
import { note, printObject, type Output } from '../output';
import { run } from '../run';

function printClock(output: Output, state: LabClockState): void {
  if (output.json) return printObject(output, { ...state, nowIso: isoInstant(state.now), realNowIso: isoInstant(state.realNow) });
  process.stdout.write(
    state.on
      ? `Lab clock ON: ${isoInstant(state.now)} (${describeOffset(state.offsetMs)} from real time ${isoInstant(state.realNow)})\n`
      : `Real time: ${isoInstant(state.now)} (lab clock off)\n`,
  );
}

/** The lab clock (`clock …`): windows, headers, Retry-After, bans and usage all follow it. */
export function registerClockCommands(program: Command): void {
  const clock = program.command('clock').description("The environment's lab clock: move time instead of waiting for windows and bans");
  clock.command('show').description('The time the API uses now, and the offset from real time').action(run((engine, output) => printClock(output, engine.lab.state())));
  clock.command('on').description('Turn the lab clock on at the current time (offset 0)').action(run((engine, output) => printClock(output, engine.lab.turnOn())));
  clock
    .command('advance')
    .description('Move the lab clock forward (turning it on): 90s, 15m, 2h, 1d, 1h30m')
    .argument('<duration>', 'how far', duration)
    .action(run((engine, output, ms: number) => printClock(output, engine.lab.advance(ms))));
  clock.command('next-minute').description('Jump to the start of the next minute window').action(run((engine, output) => printClock(output, engine.lab.nextWindow('minute'))));
  clock.command('next-day').description('Jump to the start of the next day window (00:00 UTC)').action(run((engine, output) => printClock(output, engine.lab.nextWindow('day'))));
  clock
    .command('reset')
    .description('Back to real time; what the lab did in windows still ahead of real time is dropped')
    .action(
      run((engine, output) => {
        const state = engine.lab.reset();
        if (!output.json) note('The lab clock is off: the API runs on real time again.');
        printClock(output, state);
      }),
    );
}
