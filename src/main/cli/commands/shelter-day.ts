import { type Command, Option } from 'commander';
import { INTAKE_TYPES, MOVEMENT_KINDS, OUTCOME_TYPES } from '../../../shared/movements';
import { positiveInt, zeroOrPositiveInt } from '../arguments';
import { note, printObject, printRows } from '../output';
import { run } from '../run';
import { eventRows, who } from './movement-rows';

/** `movements list|today|record`: the movements recorded, the shelter's day, one animal's record. */
export function registerShelterDayCommands(program: Command): void {
  const movements = program.command('movements').description('Movements: list, today, record');
  movements
    .command('list')
    .description('Movements, newest first')
    .option('--from <when>', 'from this moment (ISO date or date-time), inclusive')
    .option('--to <when>', 'until this moment, exclusive')
    .addOption(
      new Option('--type <type>', 'a kind, an intake type or an outcome type').choices([
        ...MOVEMENT_KINDS,
        ...INTAKE_TYPES,
        ...OUTCOME_TYPES,
      ]),
    )
    .option('--pet <id>', 'one animal', positiveInt)
    .option('--person <id>', 'one person', positiveInt)
    .option('--limit <n>', 'how many', positiveInt, 200)
    .option('--offset <n>', 'skip this many', zeroOrPositiveInt, 0)
    .action(
      run(
        (
          engine,
          output,
          options: {
            from?: string;
            to?: string;
            type?: (typeof MOVEMENT_KINDS)[number];
            pet?: number;
            person?: number;
            limit: number;
            offset: number;
          },
        ) => {
          const events = engine.services.shelterDay.list({
            from: options.from,
            to: options.to,
            type: options.type,
            petId: options.pet,
            personId: options.person,
            limit: options.limit,
            offset: options.offset,
          });
          printRows(output, output.json ? events : eventRows(events), 'No movements match.');
        },
      ),
    );
  movements
    .command('today')
    .description(
      'The shelter’s day: arrivals, outcomes, reservations waiting, fosters due back, animals in care longest',
    )
    .option('--utc-offset <minutes>', 'the shelter’s offset from UTC in minutes (default: this computer’s)', Number)
    .option('--waiting-days <n>', 'list reservations waiting longer than this', zeroOrPositiveInt, 7)
    .action(
      run((engine, output, options: { utcOffset?: number; waitingDays: number }) => {
        const summary = engine.services.shelterDay.today({
          utcOffsetMinutes: options.utcOffset ?? -new Date().getTimezoneOffset(),
          waitingDays: options.waitingDays,
        });
        if (output.json) return printObject(output, summary);
        printObject(output, summary.counts);
        const section = (title: string, rows: object[]) => {
          process.stdout.write(`\n${title}\n`);
          if (rows.length === 0) process.stdout.write('  none\n');
          else printRows(output, rows, '');
        };
        section('Arrivals', eventRows(summary.arrivals));
        section('Outcomes', eventRows(summary.outcomes));
        section(
          'Reservations waiting',
          summary.reservationsWaiting.map((each) => ({
            pet: each.reservation.petId,
            name: each.petName,
            for: who(each.reservation.person),
            days: each.days,
            expired: each.expired,
          })),
        );
        section(
          'Fosters due back',
          summary.fostersDue.map((each) => ({
            pet: each.placement.petId,
            name: each.petName,
            with: who(each.placement.person),
            expectedEndAt: each.placement.expectedEndAt,
            overdueDays: each.overdueDays,
          })),
        );
        section(
          'In care longest',
          summary.longestInCare.map((each) => ({
            pet: each.petId,
            name: each.petName,
            status: each.status,
            intake: each.intakeType,
            days: each.days,
          })),
        );
      }),
    );
  movements
    .command('record')
    .description('One animal’s record: where it is, its stays and its movement history')
    .argument('<pet>', 'pet id', positiveInt)
    .action(
      run((engine, output, pet: number) => {
        const record = engine.services.shelterDay.record(pet);
        if (output.json) return printObject(output, record);
        const where =
          record.location.kind === 'foster'
            ? `in foster with ${who(record.location.placement.person) ?? ''}`
            : record.location.kind === 'kennel'
              ? `in care${record.location.kennel ? `, kennel ${record.location.kennel}` : ''}`
              : `left care: ${record.location.outcomeType}`;
        note(
          `${record.pet.name} (#${record.pet.id}), ${record.pet.status}: ${where}${record.daysInCare === null ? '' : `, ${record.daysInCare} day(s) in care`}`,
        );
        printRows(output, eventRows(record.events), 'No movements.');
      }),
    );
}
