import path from 'node:path';
import { Argument, type Command } from 'commander';
import { PORTAL_IDS, type LocalAddressWarning, type PortalId, type PortalProblem } from '../../../shared/portals';
import type { PortalExportResult } from '../../publishing/portals/portal-exports';
import { PORTAL_NAMES } from '../hints';
import { note, printObject, printRows, type Output } from '../output';
import { run } from '../run';

/** A pre-flight problem in the CLI's words, naming the flag of `pets profile set` that fixes it. */
export function problemWords(problem: PortalProblem, portal = 'RescueGroups.org'): string {
  switch (problem.problem) {
    case 'missing':
      return {
        breed: 'no breed (pets profile set --breed)',
        sex: 'sex not known (pets profile set --sex)',
        age: 'no birth date or estimate (pets profile set --born)',
        photo: 'no photo (pets photos add)',
      }[problem.field];
    case 'unmapped':
      return problem.field === 'species'
        ? `category "${problem.value}" is no species ${portal} knows (Dog, Cat, Rabbit, …)`
        : `breed "${problem.value}" is no breed: give the breed (the closest one, with --mixed yes)`;
    case 'too_long':
      return `${problem.field} longer than ${problem.limit} characters`;
    case 'not_listed': {
      const which = problem.field === 'breed' ? 'breed' : 'second breed';
      const flag = problem.field === 'breed' ? '--breed' : '--second-breed';
      const pick =
        problem.suggestions.length > 0
          ? `pick one it lists, e.g. ${problem.suggestions.map((name) => `"${name}"`).join(', ')}`
          : 'pick the closest breed it lists';
      return `${which} "${problem.value}" is not a breed ${portal} lists: ${pick} (pets profile set ${flag}, with --mixed yes for a mix)`;
    }
  }
}

/** A photo link's warning as the CLI prints it: what is wrong, then the commands that fix it (as the kennel cards say theirs). */
function photoWarningWords(warning: LocalAddressWarning, portal: string): string {
  const { project, address } = warning.details;
  return `Warning: the photo links open ${address}, an address only this computer reaches: ${portal} fetches no photo from there. Give the project a domain the portal can reach ("domains add ${project} <DOMAIN>", then "domains verify <DOMAIN>"), publish the adoption site again and export again.`;
}

/** What an export wrote, kept out and left out, in the CLI's words. */
function printExport(output: Output, result: PortalExportResult, portal: string, photos: string): void {
  for (const warning of result.warnings) note(photoWarningWords(warning, portal));
  if (output.json) return printObject(output, result);
  note(
    `${result.listed.length} animal(s) written to ${result.file}, with ${result.listed.reduce((sum, animal) => sum + animal.photos, 0)} photo(s) ${photos}.`,
  );
  if (result.refused.length > 0) {
    note(`${result.refused.length} animal(s) kept out:`);
    printRows(
      output,
      result.refused.map((animal) => ({
        id: animal.id,
        name: animal.name,
        problems: animal.problems.map((problem) => problemWords(problem, portal)).join('; '),
      })),
      '',
    );
  }
  if (result.removed.length > 0)
    note(
      `Left out, as they left care other than by adoption (${portal} deletes their listings): ${result.removed.map((animal) => animal.name).join(', ')}.`,
    );
  if (result.dropped.length > 0)
    note(
      `Left out although the last export listed them (${portal} will delete them): ${result.dropped.map((animal) => animal.name).join(', ')}.`,
    );
}

/** `export rescuegroups|petfinder|adoptapet`: the portals' import files; `export listings PORTAL`: each animal's last export. */
export function registerPortalExportCommands(program: Command): void {
  const exports = program.command('export').description('Listings for the adoption portals');
  exports
    .command('rescuegroups')
    .description(
      "RescueGroups.org's animal import file (CSV) with its photos; animals with a problem are kept out, whole, and listed",
    )
    .requiredOption(
      '--out <dir>',
      'the folder to write the CSV and the photos into (upload both to the import folder of your RescueGroups.org FTP account)',
    )
    .option(
      '--allow-drop',
      'go ahead although animals the last export listed would be left out (RescueGroups.org deletes them)',
      false,
    )
    .action(
      run((engine, output, options: { out: string; allowDrop: boolean }) => {
        const result = engine.publishing.portals.exportRescueGroups(path.resolve(options.out), {
          allowDrops: options.allowDrop,
        });
        printExport(output, result, 'RescueGroups.org', 'beside it');
      }),
    );
  exports
    .command('petfinder')
    .description(
      "Petfinder's import file (CSV), its photos as links to the live adoption site; animals with a problem are kept out, whole, and listed",
    )
    .requiredOption(
      '--out <dir>',
      'the folder to write petfinder.csv into (upload it to your Petfinder FTP import folder)',
    )
    .option('--project <project>', 'whose adoption site the photo links open (default: the one project serving it)')
    .option(
      '--allow-drop',
      'go ahead although animals the last export listed would be left out (each upload replaces the whole listing)',
      false,
    )
    .action(
      run((engine, output, options: { out: string; allowDrop: boolean; project?: string }) => {
        const result = engine.publishing.portals.exportPetfinder(path.resolve(options.out), {
          allowDrops: options.allowDrop,
          project: options.project,
        });
        printExport(output, result, 'Petfinder', 'linked on the adoption site');
      }),
    );
  exports
    .command('adoptapet')
    .description(
      "Adopt-a-Pet's import files: pets.csv (no header) and import.cfg naming its columns, photos as links to the live adoption site. Their first upload from any software erases what was listed there",
    )
    .requiredOption(
      '--out <dir>',
      'the folder to write pets.csv and import.cfg into (upload both to your Adopt-a-Pet FTP import folder)',
    )
    .option('--project <project>', 'whose adoption site the photo links open (default: the one project serving it)')
    .option(
      '--allow-drop',
      'go ahead although animals the last export listed would be left out (each upload replaces the whole listing)',
      false,
    )
    .option(
      '--confirm-first-upload',
      'the first export: you know their first upload from any software erases every pet listed there before',
      false,
    )
    .action(
      run(
        (
          engine,
          output,
          options: { out: string; allowDrop: boolean; project?: string; confirmFirstUpload: boolean },
        ) => {
          const { portals } = engine.publishing;
          if (portals.firstExport('adoptapet') && options.confirmFirstUpload)
            note(
              'First export to Adopt-a-Pet: its first upload erases every pet listed there before; upload once all of them are in these files.',
            );
          const result = portals.exportAdoptAPet(path.resolve(options.out), {
            allowDrops: options.allowDrop,
            project: options.project,
            confirmFirstUpload: options.confirmFirstUpload,
          });
          printExport(output, result, 'Adopt-a-Pet', 'linked on the adoption site');
        },
      ),
    );
  exports
    .command('listings')
    .description("Each animal's last export to a portal: listed, or kept out and why")
    .addArgument(new Argument('<portal>', 'the portal').choices(PORTAL_IDS))
    .action(
      run((engine, output, portal: PortalId) => {
        const { portals } = engine.publishing;
        const listings = portals.listings(portal);
        if (output.json) return printObject(output, { portal, firstExport: portals.firstExport(portal), listings });
        const rows = listings.map((listing) => ({
          id: listing.petId,
          name: listing.name,
          state: listing.state === 'listed' ? 'listed' : 'kept out',
          exportedAt: listing.exportedAt,
          why: listing.problems.map((problem) => problemWords(problem, PORTAL_NAMES[portal])).join('; '),
        }));
        printRows(output, rows, `Nothing exported to ${PORTAL_NAMES[portal]} yet.`);
      }),
    );
}
