import { type Command, InvalidArgumentError, Option } from 'commander';
import { AppError } from '../../../shared/errors';
import { CHOSEN_INTAKE_TYPES, FEE_METHODS, OTHER_OUTCOME_TYPES, TRANSFER_ORIGINS } from '../../../shared/movements';
import { positiveInt } from '../arguments';
import { run } from '../run';
import { printStay } from './movement-rows';

const amount = (value: string): number => {
  if (!/^\d+(\.\d+)?$/.test(value)) throw new InvalidArgumentError('must be an amount, e.g. 150 or 85.50.');
  return Number(value);
};

const atOption = () =>
  new Option(
    '--at <when>',
    'when it happened: an ISO date (2026-06-01) or date-time with offset (2026-06-01T10:00:00Z); default now',
  );
const override = (reason: string | undefined) => (reason === undefined ? undefined : { reason });
/** `intake`, `reserve`, `adopt`, `foster start|end`, `outcome`, `return`: an animal's movements, recorded as the CLI's. */
export function registerMovementCommands(program: Command): void {
  program
    .command('intake')
    .description(
      'Take an animal in: a new one (--name, --category) or one in the register (its id); an animal created without an intake has that intake made precise',
    )
    .argument('[pet]', 'pet id (omit with --name and --category)', positiveInt)
    .addOption(new Option('--type <type>', 'how it came in').choices(CHOSEN_INTAKE_TYPES).makeOptionMandatory())
    .addOption(new Option('--transfer-from <where>', 'for a transfer in').choices(TRANSFER_ORIGINS))
    .option('--name <name>', 'a new animal: its name')
    .option('--category <id>', 'a new animal: its category id', positiveInt)
    .option('--person <id>', 'who it came from (finder, owner, shelter): a person id', positiveInt)
    .option('--reason <text>')
    .option('--condition <text>')
    .addOption(atOption())
    .action(
      run(
        (
          engine,
          output,
          pet: number | undefined,
          options: {
            type: (typeof CHOSEN_INTAKE_TYPES)[number];
            transferFrom?: (typeof TRANSFER_ORIGINS)[number];
            name?: string;
            category?: number;
            person?: number;
            reason?: string;
            condition?: string;
            at?: string;
          },
        ) => {
          const newPet =
            options.name === undefined && options.category === undefined
              ? undefined
              : { name: options.name ?? '', categoryId: options.category ?? 0 };
          printStay(
            output,
            engine.services.movements.intake(
              {
                petId: pet,
                pet: newPet,
                type: options.type,
                transferFrom: options.transferFrom,
                personId: options.person,
                reason: options.reason,
                condition: options.condition,
                at: options.at,
              },
              'cli',
            ),
          );
        },
      ),
    );
  program
    .command('reserve')
    .description('Reserve an animal for an adopter (it becomes pending), or --cancel its reservation (available again)')
    .argument('<pet>', 'pet id', positiveInt)
    .option('--person <id>', 'the adopter: a person id', positiveInt)
    .option('--expires <when>', 'when the reservation lapses (ISO date or date-time)')
    .option('--override <reason>', 'choose a person flagged "do not adopt to" anyway, saying why (recorded)')
    .option('--cancel', 'cancel the active reservation instead')
    .option('--reason <text>', 'with --cancel: why')
    .addOption(atOption())
    .action(
      run(
        (
          engine,
          output,
          pet: number,
          options: {
            person?: number;
            expires?: string;
            override?: string;
            cancel?: boolean;
            reason?: string;
            at?: string;
          },
        ) => {
          const { movements } = engine.services;
          if (options.cancel)
            printStay(
              output,
              movements.cancelReservation({ petId: pet, reason: options.reason, at: options.at }, 'cli'),
            );
          else if (options.person === undefined)
            throw new AppError('validation_failed', '--person: the adopter is required to reserve (or give --cancel).');
          else
            printStay(
              output,
              movements.reserve(
                {
                  petId: pet,
                  personId: options.person,
                  expiresAt: options.expires,
                  override: override(options.override),
                  at: options.at,
                },
                'cli',
              ),
            );
        },
      ),
    );
  program
    .command('adopt')
    .description('Record the adoption: the fee and how it was paid; the animal becomes adopted (sold in the API)')
    .argument('<pet>', 'pet id', positiveInt)
    .requiredOption('--person <id>', 'the adopter: a person id', positiveInt)
    .requiredOption('--fee <amount>', 'the fee paid, in the shelter’s currency (0 when waived)', amount)
    .addOption(new Option('--paid <how>', 'how it was paid').choices(FEE_METHODS).makeOptionMandatory())
    .option('--override <reason>', 'choose a person flagged "do not adopt to" anyway, saying why (recorded)')
    .addOption(atOption())
    .action(
      run(
        (
          engine,
          output,
          pet: number,
          options: { person: number; fee: number; paid: (typeof FEE_METHODS)[number]; override?: string; at?: string },
        ) =>
          printStay(
            output,
            engine.services.movements.adopt(
              {
                petId: pet,
                personId: options.person,
                fee: options.fee,
                feeMethod: options.paid,
                override: override(options.override),
                at: options.at,
              },
              'cli',
            ),
          ),
      ),
    );
  const foster = program.command('foster').description('Foster placements: start, end');
  foster
    .command('start')
    .description('Place an animal in a foster home')
    .argument('<pet>', 'pet id', positiveInt)
    .requiredOption('--person <id>', 'the foster: a person id', positiveInt)
    .option('--until <when>', 'expected end (ISO date or date-time)')
    .addOption(atOption())
    .action(
      run((engine, output, pet: number, options: { person: number; until?: string; at?: string }) =>
        printStay(
          output,
          engine.services.movements.fosterStart(
            { petId: pet, personId: options.person, expectedEndAt: options.until, at: options.at },
            'cli',
          ),
        ),
      ),
    );
  foster
    .command('end')
    .description('The animal is back from its foster home')
    .argument('<pet>', 'pet id', positiveInt)
    .addOption(atOption())
    .action(
      run((engine, output, pet: number, options: { at?: string }) =>
        printStay(output, engine.services.movements.fosterEnd({ petId: pet, at: options.at }, 'cli')),
      ),
    );
  program
    .command('outcome')
    .description('Record how an animal left care other than by adoption (see adopt); it is never listed as available')
    .argument('<pet>', 'pet id', positiveInt)
    .addOption(new Option('--type <type>').choices(OTHER_OUTCOME_TYPES).makeOptionMandatory())
    .addOption(
      new Option('--transfer-to <where>', 'for a transfer out (required): where it went').choices(TRANSFER_ORIGINS),
    )
    .option('--organisation <name>', 'for a transfer out: the receiving organisation’s name')
    .option('--person <id>', 'the person or organisation it went to', positiveInt)
    .option('--reason <text>')
    .addOption(atOption())
    .action(
      run(
        (
          engine,
          output,
          pet: number,
          options: {
            type: (typeof OTHER_OUTCOME_TYPES)[number];
            transferTo?: (typeof TRANSFER_ORIGINS)[number];
            organisation?: string;
            person?: number;
            reason?: string;
            at?: string;
          },
        ) =>
          printStay(
            output,
            engine.services.movements.outcome(
              {
                petId: pet,
                type: options.type,
                transferTo: options.transferTo,
                receivingOrganisation: options.organisation,
                personId: options.person,
                reason: options.reason,
                at: options.at,
              },
              'cli',
            ),
          ),
      ),
    );
  program
    .command('return')
    .description('An adopted animal brought back: a new stay ("returned after adoption"); available again')
    .argument('<pet>', 'pet id', positiveInt)
    .requiredOption('--reason <text>', 'why it came back')
    .option('--condition <text>')
    .addOption(atOption())
    .action(
      run((engine, output, pet: number, options: { reason: string; condition?: string; at?: string }) =>
        printStay(
          output,
          engine.services.movements.returnAfterAdoption(
            { petId: pet, reason: options.reason, condition: options.condition, at: options.at },
            'cli',
          ),
        ),
      ),
    );
}
