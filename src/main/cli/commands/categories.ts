import { type Command, Option } from 'commander';
import { SPECIES, type Species } from '../../../shared/species';
import { positiveInt } from '../arguments';
import { note, printObject, printRows } from '../output';
import { run } from '../run';

const speciesOption = (unsaid: string) =>
  new Option('--species <species>', `what kind of animal (${unsaid})`).choices(SPECIES);

/** `categories list|add|rename|remove`. */
export function registerCategoryCommands(program: Command): void {
  const categories = program.command('categories').description('Pet categories');
  categories
    .command('list')
    .action(run((engine, output) => printRows(output, engine.services.categories.list(), 'No categories.')));
  categories
    .command('add')
    .description(
      "Add a category: its name is the shelter's own word; --species says what kind of animal it holds (protocols, reports and portals read it)",
    )
    .argument('<name>')
    .addOption(speciesOption('default: other'))
    .action(
      run((engine, output, name: string, options: { species?: Species }) =>
        printObject(output, engine.services.categories.create(name, options.species)),
      ),
    );
  categories
    .command('rename')
    .description('Rename a category (its species stays unless --species is given)')
    .argument('<id>', 'category id', positiveInt)
    .argument('<name>')
    .addOption(speciesOption('default: unchanged'))
    .action(
      run((engine, output, id: number, name: string, options: { species?: Species }) =>
        printObject(output, engine.services.categories.rename(id, name, options.species)),
      ),
    );
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
}
