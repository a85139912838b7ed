import { Argument, type Command } from 'commander';
import { HEADER_PROFILE_ABOUT, HEADER_PROFILES, type HeaderProfile } from '../../../shared/header-profiles';
import { serverLockFile } from '../../db/instance-lock';
import type { Engine } from '../../engine/engine';
import { SERVER_APPLY_DEADLINE_MS, waitForRunningServer, type ServerPickup } from '../../lab/clock-applied';
import { note, printObject, type Output } from '../output';
import { run } from '../run';

function printProfile(engine: Engine, output: Output, profile: HeaderProfile, server?: ServerPickup): void {
  if (output.json)
    return printObject(output, {
      environment: engine.environment,
      profile,
      about: HEADER_PROFILE_ABOUT[profile],
      ...(server && { server }),
    });
  process.stdout.write(`Header profile (${engine.environment}): ${profile} — ${HEADER_PROFILE_ABOUT[profile]}\n`);
}

/**
 * A change counts as a lab move (lab/header-profile.ts), so it returns once the environment's
 * running server has applied it, as the clock commands do.
 */
async function setAndWait(engine: Engine, output: Output, profile: HeaderProfile): Promise<void> {
  const move = engine.headerProfile.set(profile);
  const server = await waitForRunningServer(serverLockFile(engine.dataDir, engine.environment), move);
  printProfile(engine, output, profile, server);
  const where = server.state === 'none running' ? '' : `${server.address ?? 'its address unknown'}, pid ${server.pid}`;
  if (server.state === 'not confirmed') {
    note(
      `Warning: the running ${engine.environment} server (${where}) has not applied the profile within ${SERVER_APPLY_DEADLINE_MS / 1000} s; its next answers may still use the previous one.`,
    );
    process.exitCode = 1;
  } else if (!output.json) {
    note(
      server.state === 'applied'
        ? `The running ${engine.environment} server (${where}) answers with it from its next request.`
        : `No ${engine.environment} server is running for this data dir: the profile is stored, and a server uses it when it starts.`,
    );
  }
}

/** `lab profile …`: the header profile, how the environment's API words its rate limits (docs/guide/quota-lab.md). */
export function registerLabCommands(program: Command): void {
  const lab = program.command('lab').description('Quota lab settings of the environment');
  const profile = lab
    .command('profile')
    .description("The header profile: how the API words its rate limits (standard, or another API's habits)");
  profile
    .command('show')
    .description('The active header profile, and every profile in one line each')
    .action(
      run((engine, output) => {
        const active = engine.headerProfile.current;
        if (output.json)
          return printObject(output, {
            environment: engine.environment,
            profile: active,
            profiles: HEADER_PROFILES.map((name) => ({ name, about: HEADER_PROFILE_ABOUT[name] })),
          });
        printProfile(engine, output, active);
        note(`Profiles: ${HEADER_PROFILES.join(', ')} (lab profile set NAME).`);
      }),
    );
  profile
    .command('set')
    .description(`Answer with another profile: ${HEADER_PROFILES.join(', ')}`)
    .addArgument(new Argument('<name>', 'the profile').choices(HEADER_PROFILES))
    .action(run((engine, output, name: HeaderProfile) => setAndWait(engine, output, name)));
}
