import type { Command } from 'commander';
import { isoInstant } from '../../../shared/instants';
import { describeOffset, type LabClockState } from '../../../shared/lab';
import { serverLockFile } from '../../db/instance-lock';
import type { Engine } from '../../engine/engine';
import { SERVER_APPLY_DEADLINE_MS, waitForRunningServer, type ServerPickup } from '../../lab/clock-applied';
import { duration } from '../arguments';
import { note, printObject, type Output } from '../output';
import { run } from '../run';

function printClock(output: Output, state: LabClockState, server?: ServerPickup): void {
  if (output.json)
    return printObject(output, {
      ...state,
      nowIso: isoInstant(state.now),
      realNowIso: isoInstant(state.realNow),
      ...(server && { server }),
    });
  process.stdout.write(
    state.on
      ? `Lab clock ON: ${isoInstant(state.now)} (${describeOffset(state.offsetMs)} from real time ${isoInstant(state.realNow)})\n`
      : `Real time: ${isoInstant(state.now)} (lab clock off)\n`,
  );
}

/**
 * A move counts from the command's return: it waits until the environment's running server has
 * applied it (it picks other processes' writes up every 50 ms), so the very next request sees the
 * new time. Says so, or that no server runs, or that the server did not confirm in time (exit 1).
 */
async function moveAndWait(engine: Engine, output: Output, move: (engine: Engine) => LabClockState): Promise<void> {
  const state = move(engine);
  const server = await waitForRunningServer(serverLockFile(engine.dataDir, engine.environment), engine.lab.move);
  printClock(output, state, server);
  const where = server.state === 'none running' ? '' : `${server.address ?? 'its address unknown'}, pid ${server.pid}`;
  if (server.state === 'not confirmed') {
    note(
      `Warning: the running ${engine.environment} server (${where}) has not applied the move within ${SERVER_APPLY_DEADLINE_MS / 1000} s; its next requests may still use the previous time.`,
    );
    process.exitCode = 1;
  } else if (!output.json) {
    note(
      server.state === 'applied'
        ? `The running ${engine.environment} server (${where}) uses it from its next request.`
        : `No ${engine.environment} server is running for this data dir: the clock is stored, and a server uses it when it starts.`,
    );
  }
}

/** The lab clock (`clock …`): quota windows, bans, strikes, rate-limit headers, Retry-After, usage and the request log follow it; certificates and records do not. */
export function registerClockCommands(program: Command): void {
  const clock = program
    .command('clock')
    .description("The environment's lab clock: move time instead of waiting for windows and bans");
  clock
    .command('show')
    .description('The time the API uses now, and the offset from real time')
    .action(run((engine, output) => printClock(output, engine.lab.state())));
  clock
    .command('on')
    .description('Turn the lab clock on at the current time (offset 0)')
    .action(run((engine, output) => moveAndWait(engine, output, (at) => at.lab.turnOn())));
  clock
    .command('advance')
    .description('Move the lab clock forward (turning it on): 90s, 15m, 2h, 1d, 1h30m')
    .argument('<duration>', 'how far', duration)
    .action(run((engine, output, ms: number) => moveAndWait(engine, output, (at) => at.lab.advance(ms))));
  clock
    .command('next-minute')
    .description('Jump to the start of the next minute window')
    .action(run((engine, output) => moveAndWait(engine, output, (at) => at.lab.nextWindow('minute'))));
  clock
    .command('next-day')
    .description('Jump to the start of the next day window (00:00 UTC)')
    .action(run((engine, output) => moveAndWait(engine, output, (at) => at.lab.nextWindow('day'))));
  clock
    .command('reset')
    .description('Back to real time; what the lab did in windows still ahead of real time is dropped')
    .action(
      run((engine, output) =>
        moveAndWait(engine, output, (at) => {
          const state = at.lab.reset();
          if (!output.json) note('The lab clock is off: the API runs on real time again.');
          return state;
        }),
      ),
    );
}
