import { Command, Option } from 'commander';
import { statusesInWords, type PetStatus } from '../../../shared/pet';
import { petStatus, positiveInt, zeroOrPositiveInt } from '../arguments';
import { note, printObject, printRows, type Output } from '../output';
import { importPetFile } from '../../pets/staff-import';
import { registerPetPhotoCommands } from './pet-photos';
import { registerKennelCardCommand } from './pet-cards';
import { run } from '../run';
import { registerPetProfileCommands } from './pet-profile';

const STATUS_HELP = 'available, pending or adopted (sold, as the API says)';

/** Tables say "adopted"; --json keeps the API's `sold`. */
const forPeople = <T extends object>(output: Output, row: T): T => (output.json ? row : statusesInWords(row));

/** `pets list|add|import|status|history|remove`, and (pet-profile.ts) `show|profile|export`. */
export function registerPetCommands(program: Command): void {
  const pets = program
    .command('pets')
    .description('Pets: list, add, import, export, show, profile, change status, remove');
  pets
    .command('list')
    .option('--status <status>', STATUS_HELP, petStatus)
    .option('--search <text>', 'part of the name')
    .option('--limit <n>', 'how many', positiveInt, 50)
    .option('--offset <n>', 'skip this many', zeroOrPositiveInt, 0)
    .action(
      run((engine, output, options: { status?: PetStatus; search?: string; limit: number; offset: number }) => {
        const page = engine.services.pets.browse(options);
        printRows(output, output.json ? page.pets : page.pets.map(statusesInWords), 'No pets match.');
        if (!output.json) note(`${page.pets.length} of ${page.total} shown.`);
      }),
    );
  pets
    .command('add')
    .requiredOption('--name <name>')
    .requiredOption('--category <id>', 'category id', positiveInt)
    .option('--status <status>', STATUS_HELP, petStatus)
    .action(
      run((engine, output, options: { name: string; category: number; status?: PetStatus }) =>
        printObject(
          output,
          forPeople(
            output,
            engine.services.pets.create({ name: options.name, categoryId: options.category, status: options.status }),
          ),
        ),
      ),
    );
  pets
    .command('import')
    .description(
      'Add pets from a JSON array or a CSV file (name,categoryId,status and the profile columns `pets export` writes; id is ignored); all or nothing: every row is checked first (an unknown column or a bad value names its row and column), then written in small slices so a running server is never held up (a failed slice removes those written); at most 16 MiB and 100,000 rows',
    )
    .argument('<file>')
    .addOption(new Option('--format <format>', 'default: by file extension').choices(['csv', 'json']))
    .action(
      run(async (engine, output, file: string, options: { format?: 'csv' | 'json' }) => {
        const created = await importPetFile(file, options.format, engine.services);
        if (output.json) printRows(output, created, '');
        else note(`Imported ${created.length} pet(s).`);
      }),
    );
  pets
    .command('status')
    .description("Change a pet's status (recorded in its history)")
    .argument('<id>', 'pet id', positiveInt)
    .addArgument(new Command().createArgument('<status>', STATUS_HELP).argParser(petStatus))
    .action(
      run((engine, output, id: number, status: PetStatus) =>
        printObject(output, forPeople(output, engine.services.pets.changeStatus(id, status))),
      ),
    );
  pets
    .command('history')
    .argument('<id>', 'pet id', positiveInt)
    .action(
      run((engine, output, id: number) =>
        printRows(
          output,
          engine.services.pets.history(id).map((row) => forPeople(output, row)),
          'No history.',
        ),
      ),
    );
  pets
    .command('remove')
    .argument('<id>', 'pet id', positiveInt)
    .action(
      run((engine, _output, id: number) => {
        engine.services.pets.remove(id);
        note(`Pet ${id} removed.`);
      }),
    );
  registerPetProfileCommands(pets);
  registerPetPhotoCommands(pets);
  registerKennelCardCommand(pets);
}
