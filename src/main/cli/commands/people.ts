import { type Command, Option } from 'commander';
import {
  PERSON_KINDS,
  PERSON_ROLES,
  type Person,
  type PersonChange,
  type PersonKind,
  type PersonRole,
} from '../../../shared/people';
import { writeFileAtomically } from '../../files/atomic-write';
import { positiveInt, zeroOrPositiveInt } from '../arguments';
import { note, printObject, printRows, printable } from '../output';
import { run } from '../run';
import { eventRows } from './movement-rows';

const collect = (value: string, previous: string[] = []) => [...previous, value];
const species = (value: string) => value.split(',').map((each) => positiveInt(each.trim()));

interface PersonOptions {
  name?: string;
  kind?: PersonKind;
  role?: PersonRole[];
  phone?: string[];
  email?: string;
  address?: string;
  postcode?: string;
  idChecked?: string;
  notes?: string;
  doNotAdopt?: string;
  allowAdopt?: boolean;
  foster?: boolean;
  fosterCapacity?: number;
  fosterSpecies?: number[];
}

/** The options `people add` and `people edit` share: each sets one field. */
function withPersonOptions(command: Command): Command {
  return command
    .addOption(new Option('--kind <kind>').choices(PERSON_KINDS))
    .addOption(new Option('--role <role>', 'repeatable').choices(PERSON_ROLES).argParser(collect))
    .option('--phone <number>', 'repeatable', collect)
    .option('--email <address>')
    .option('--address <text>')
    .option('--postcode <code>')
    .option('--id-checked <what>', 'an ID was seen: which (passport, driving licence…)')
    .option('--notes <text>')
    .option('--do-not-adopt <reason>', 'flag: do not adopt to, and why')
    .option('--foster', 'an approved foster home')
    .option('--foster-capacity <n>', 'how many animals the foster home takes', positiveInt)
    .option('--foster-species <ids>', 'the category ids it takes, comma-separated', species);
}

function changeOf(options: PersonOptions): PersonChange {
  return {
    name: options.name,
    kind: options.kind,
    roles: options.role,
    phones: options.phone,
    email: options.email,
    address: options.address,
    postcode: options.postcode,
    idChecked: options.idChecked === undefined ? undefined : true,
    idCheckedWhat: options.idChecked,
    notes: options.notes,
    doNotAdopt: options.doNotAdopt !== undefined ? true : options.allowAdopt ? false : undefined,
    doNotAdoptReason: options.doNotAdopt,
    fosterApproved: options.foster,
    fosterCapacity: options.fosterCapacity,
    fosterSpecies: options.fosterSpecies,
  };
}

/** A person as one table row (phones and roles joined). */
function personRow(person: Person): object {
  return {
    id: person.id,
    name: person.name,
    kind: person.kind,
    roles: person.roles.join(' '),
    phones: person.phones.join(', '),
    email: person.email,
    postcode: person.postcode,
    doNotAdopt: person.doNotAdopt ? (person.doNotAdoptReason ?? 'yes') : null,
    foster: person.fosterApproved ? `${person.fosterCapacity ?? '?'} place(s)` : null,
  };
}

/** `people add|list|show|edit|forget|export`: the register of people and organisations (private: never published). */
export function registerPeopleCommands(program: Command): void {
  const people = program
    .command('people')
    .description(
      'People and organisations: adopters, fosters, owners, finders, vets, other shelters (never published)',
    );
  withPersonOptions(
    people
      .command('add')
      .description(
        'Add a person; a likely duplicate (same email, phone, or name and postcode) is warned about, not refused',
      )
      .requiredOption('--name <name>'),
  ).action(
    run((engine, output, options: PersonOptions) => {
      const added = engine.services.people.add({ ...changeOf(options), name: options.name ?? '' });
      for (const warning of added.warnings)
        note(
          `Warning: may be the same as person ${warning.personId}, ${warning.name} (same ${warning.matched.join(', ').replace('name_postcode', 'name and postcode')}).`,
        );
      if (output.json) printObject(output, added);
      else printObject(output, personRow(added.person));
    }),
  );
  people
    .command('list')
    .description('People by name; --search folds case and accents, and finds emails and phone numbers too')
    .option('--search <text>')
    .addOption(new Option('--role <role>').choices(PERSON_ROLES))
    .option('--foster', 'approved foster homes only')
    .option('--do-not-adopt', 'flagged people only')
    .option('--forgotten', 'include forgotten people')
    .option('--limit <n>', 'how many', positiveInt, 50)
    .option('--offset <n>', 'skip this many', zeroOrPositiveInt, 0)
    .action(
      run(
        (
          engine,
          output,
          options: {
            search?: string;
            role?: PersonRole;
            foster?: boolean;
            doNotAdopt?: boolean;
            forgotten?: boolean;
            limit: number;
            offset: number;
          },
        ) => {
          const page = engine.services.people.search({
            search: options.search,
            role: options.role,
            fosterApproved: options.foster,
            doNotAdopt: options.doNotAdopt,
            includeForgotten: options.forgotten,
            limit: options.limit,
            offset: options.offset,
          });
          printRows(output, output.json ? page.people : page.people.map(personRow), 'No people match.');
          if (!output.json) note(`${page.people.length} of ${page.total} shown.`);
        },
      ),
    );
  people
    .command('show')
    .description('A person, their movements and the animals those were about')
    .argument('<id>', 'person id', positiveInt)
    .action(
      run((engine, output, id: number) => {
        const person = engine.services.people.get(id);
        const movements = engine.services.shelterDay.personMovements(id);
        if (output.json) return printObject(output, { person, ...movements });
        const shown = (field: string, value: unknown) =>
          Array.isArray(value)
            ? value.join(', ')
            : typeof value === 'number' && field.endsWith('At')
              ? new Date(value).toISOString()
              : String(value ?? '-');
        const lines = Object.entries(person).map(
          ([field, value]) => `${field.padEnd(16)}  ${printable(shown(field, value))}`,
        );
        process.stdout.write(`${lines.join('\n')}\n\nMovements\n${movements.events.length === 0 ? '  none\n' : ''}`);
        if (movements.events.length > 0) printRows(output, eventRows(movements.events), '');
      }),
    );
  withPersonOptions(
    people
      .command('edit')
      .description('Change a person: each option given sets its field')
      .argument('<id>', 'person id', positiveInt)
      .option('--name <name>')
      .option('--allow-adopt', 'clear the "do not adopt to" flag'),
  ).action(
    run((engine, output, id: number, options: PersonOptions) => {
      const person = engine.services.people.edit(id, changeOf(options));
      printObject(output, output.json ? person : personRow(person));
    }),
  );
  people
    .command('forget')
    .description(
      'Forget a person: name, contacts, address and notes are removed; the id and their movements stay for the counts',
    )
    .argument('<id>', 'person id', positiveInt)
    .action(
      run((engine, output, id: number) =>
        printObject(
          output,
          output.json ? engine.services.people.forget(id) : personRow(engine.services.people.forget(id)),
        ),
      ),
    );
  people
    .command('export')
    .description(
      'The staff backup of people, every movement and every care record, as JSON in a file only you can read (mode 0600)',
    )
    .requiredOption('--out <file>', 'where to write it (replaced whole)')
    .action(
      run((engine, output, options: { out: string }) => {
        const people = engine.services.people.all();
        const movements = engine.services.movements.store.exportAll();
        const care = engine.services.care.store.exportAll();
        writeFileAtomically(
          options.out,
          `${JSON.stringify({ exportedAt: new Date(engine.clock.realNow()).toISOString(), people, ...movements, care }, null, 2)}\n`,
        );
        if (output.json)
          printObject(output, {
            file: options.out,
            people: people.length,
            stays: movements.stays.length,
            events: movements.events.length,
          });
        else
          note(
            `Wrote ${people.length} people and ${movements.stays.length} stays (${movements.events.length} movements) to ${options.out}.`,
          );
      }),
    );
}
