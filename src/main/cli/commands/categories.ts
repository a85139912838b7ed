import type { Command } from 'commander';
import { positiveInt } from '../arguments';
import { note, printObject, printRows } from '../output';
import { run } from '../run';

/** `categories list|add|rename|remove`. */
export function registerCategoryCommands(program: Command): void {
  const categories = program.command('categories').description('Pet categories');
  categories.command('list').action(run((engine, output) => printRows(output, engine.services.categories.list(), 'No categories.')));
  categories
    .command('add')
    .argument('<name>')
    .action(run((engine, output, name: string) => printObject(output, engine.services.categories.create(name))));
  categories
    .command('rename')
    .argument('<id>', 'category id', positiveInt)
    .argument('<name>')
    .action(run((engine, output, id: number, name: string) => printObject(output, engine.services.categories.rename(id, name))));
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
