import path from 'node:path';
import type { Command } from 'commander';
import type { PortalProblem } from '../../../shared/portals';
import { note, printObject, printRows } from '../output';
import { run } from '../run';

/** A pre-flight problem in the CLI's words, naming the flag of `pets profile set` that fixes it. */
export function problemWords(problem: PortalProblem): string {
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
        ? `category "${problem.value}" is no species RescueGroups.org knows (Dog, Cat, Rabbit, …)`
        : `breed "${problem.value}" is no breed: give the breed (the closest one, with --mixed yes)`;
    case 'too_long':
      return `${problem.field} longer than ${problem.limit} characters`;
  }
}

/** `export rescuegroups`: the import file of RescueGroups.org and its photos. */
export function registerPortalExportCommands(program: Command): void {
  const exports = program.command('export').description('Listings for the adoption portals');
  exports
    .command('rescuegroups')
    .description("RescueGroups.org's animal import file (CSV) with its photos; animals with a problem are kept out, whole, and listed")
    .requiredOption('--out <dir>', 'the folder to write the CSV and the photos into (upload both to the import folder of your RescueGroups.org FTP account)')
    .option('--allow-drop', 'go ahead although animals the last export listed would be left out (RescueGroups.org deletes them)', false)
    .action(
      run((engine, output, options: { out: string; allowDrop: boolean }) => {
        const result = engine.publishing.portals.exportRescueGroups(path.resolve(options.out), { allowDrops: options.allowDrop });
        if (output.json) return printObject(output, result);
        note(`${result.listed.length} animal(s) written to ${result.file}, with ${result.listed.reduce((sum, animal) => sum + animal.photos, 0)} photo(s) beside it.`);
        if (result.refused.length > 0) {
          note(`${result.refused.length} animal(s) kept out:`);
          printRows(output, result.refused.map((animal) => ({ id: animal.id, name: animal.name, problems: animal.problems.map(problemWords).join('; ') })), '');
        }
        if (result.removed.length > 0) note(`Left out, as they left care other than by adoption (RescueGroups.org deletes their listings): ${result.removed.map((animal) => animal.name).join(', ')}.`);
        if (result.dropped.length > 0) note(`Left out although the last export listed them (RescueGroups.org will delete them): ${result.dropped.map((animal) => animal.name).join(', ')}.`);
      }),
    );
}
