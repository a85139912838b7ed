import { type Command, InvalidArgumentError, Option } from 'commander';
import {
  TEST_RESULTS,
  TREATMENT_KINDS,
  type CategoryProtocol,
  type Dose,
  type DueDose,
  type ProtocolStep,
  type TestResult,
  type TreatmentKind,
} from '../../../shared/care';
import { AppError } from '../../../shared/errors';
import { positiveInt, zeroOrPositiveInt } from '../arguments';
import { note, printObject, printRows, type Output } from '../output';
import { run } from '../run';

/** `--step DHPP:+21` (days after intake; `DHPP:+0@6w`: not before 6 weeks of age) or `--step Rabies:16w` (at 16 weeks of age), repeatable. */
function collectStep(value: string, previous: ProtocolStep[] = []): ProtocolStep[] {
  const match = /^(.+):(?:\+(\d+)(?:@(\d+)w)?|(\d+)w)$/.exec(value);
  if (!match?.[1])
    throw new InvalidArgumentError(
      'must be VACCINE:+DAYS (after intake, e.g. DHPP:+21, or DHPP:+0@6w not before 6 weeks of age) or VACCINE:WEEKSw (at an age, e.g. Rabies:16w).',
    );
  if (match[2] === undefined) return [...previous, { vaccine: match[1], atAgeWeeks: Number(match[4]) }];
  const step: ProtocolStep = {
    vaccine: match[1],
    afterIntakeDays: Number(match[2]),
    ...(match[3] === undefined ? {} : { minAgeWeeks: Number(match[3]) }),
  };
  return [...previous, step];
}

const dayOption = (what: string) => new Option('--date <day>', `${what} (YYYY-MM-DD); default today`);
const vetOption = () => new Option('--vet <person>', 'the vet: a person id (see "people list")').argParser(positiveInt);
const who = (ref: { id: number; name: string } | null) => (ref ? `${ref.name} (#${ref.id})` : null);

function doseRows(doses: readonly Dose[]): object[] {
  return doses.map((dose) => ({
    dose: dose.id,
    vaccine: dose.vaccine,
    status: dose.status,
    due: dose.dueDate === null ? null : `${dose.dueDate}${dose.followsAge ? ' (age)' : ''}`,
    given: dose.givenDate,
    expires: dose.expiresDate,
    batch: dose.batch,
    by: dose.givenBy,
    vet: who(dose.vet),
    skipped: dose.skipReason,
  }));
}

function dueRows(rows: readonly DueDose[]): object[] {
  return rows.map((row) => ({
    dose: row.dose.id,
    pet: row.dose.petId,
    name: row.petName,
    category: row.category,
    vaccine: row.dose.vaccine,
    due: row.dose.dueDate,
    overdueDays: Math.max(row.overdueDays, 0),
  }));
}

function stepWords(step: ProtocolStep): string {
  if (step.atAgeWeeks !== undefined) return `${step.vaccine} at ${step.atAgeWeeks} weeks of age`;
  return `${step.vaccine} at intake + ${step.afterIntakeDays ?? 0}d${step.minAgeWeeks === undefined ? '' : `, from ${step.minAgeWeeks} weeks of age`}`;
}
const protocolRow = (protocol: CategoryProtocol) => ({
  category: protocol.categoryId,
  name: protocol.category,
  steps: protocol.steps.map(stepWords).join('; ') || 'none',
  shipped: protocol.shipped,
});

function section(output: Output, title: string, rows: object[]): void {
  process.stdout.write(`\n${title}\n`);
  if (rows.length === 0) process.stdout.write('  none\n');
  else printRows(output, rows, '');
}

/** `care due|give|list|schedule|edit|skip|treat|protocols|protocol`: vaccinations, treatments and tests, recorded as the CLI's. */
export function registerCareCommands(program: Command): void {
  const care = program
    .command('care')
    .description('Care: vaccinations and their due list, treatments and tests, protocols per category');
  care
    .command('due')
    .description('Doses waiting, of animals in care: overdue, due today, due in the next days')
    .option('--days <n>', 'how many days after today to list', zeroOrPositiveInt, 7)
    .option('--utc-offset <minutes>', 'the shelter’s offset from UTC in minutes (default: this computer’s)', Number)
    .action(
      run((engine, output, options: { days: number; utcOffset?: number }) => {
        const due = engine.services.care.dueList({
          days: options.days,
          utcOffsetMinutes: options.utcOffset ?? -new Date().getTimezoneOffset(),
        });
        if (output.json) return printObject(output, due);
        note(`Today ${due.today}; listing until ${due.until}.`);
        section(output, 'Overdue', dueRows(due.overdue));
        section(output, 'Today', dueRows(due.dueToday));
        section(output, `Until ${due.until}`, dueRows(due.soon));
      }),
    );
  care
    .command('give')
    .description(
      'Record a vaccine given to one or more animals at once (a round): each fulfils its waiting dose of that vaccine; all are recorded or none',
    )
    .argument('<pets...>', 'pet ids', (value: string, previous: number[] = []) => [...previous, positiveInt(value)])
    .requiredOption('--vaccine <type>', 'the vaccine: DHPP, FVRCP, Rabies…')
    .requiredOption('--batch <lot>', 'the vial’s batch (lot) number')
    .option('--manufacturer <name>')
    .option('--expires <day>', 'when this dose stops protecting (YYYY-MM-DD)')
    .addOption(dayOption('the day it was given'))
    .option('--by <name>', 'who gave it')
    .addOption(vetOption())
    .option('--notes <text>', 'private medical notes')
    .action(
      run(
        (
          engine,
          output,
          pets: number[],
          options: {
            vaccine: string;
            batch: string;
            manufacturer?: string;
            expires?: string;
            date?: string;
            by?: string;
            vet?: number;
            notes?: string;
          },
        ) => {
          const round = engine.services.care.give(
            {
              doses: pets.map((petId) => ({
                petId,
                vaccine: options.vaccine,
                batch: options.batch,
                manufacturer: options.manufacturer,
                expiresDate: options.expires,
              })),
              givenDate: options.date,
              givenBy: options.by,
              vetId: options.vet,
              notes: options.notes,
            },
            'cli',
          );
          printRows(output, output.json ? round.doses : doseRows(round.doses), '');
        },
      ),
    );
  care
    .command('list')
    .description('One animal’s vaccinations (waiting first), treatments and tests, and whether it is up to date')
    .argument('<pet>', 'pet id', positiveInt)
    .action(
      run((engine, output, pet: number) => {
        const record = engine.services.care.record(pet);
        if (output.json) return printObject(output, record);
        note(
          `Pet ${pet}: ${record.upToDate === null ? 'no vaccination recorded' : record.upToDate ? 'up to date' : 'not up to date'}${record.spayNeuterDate ? `; spayed/neutered ${record.spayNeuterDate}` : ''}.`,
        );
        section(output, 'Vaccinations', doseRows(record.doses));
        section(
          output,
          'Treatments and tests',
          record.treatments.map((each) => ({
            treatment: each.id,
            kind: each.kind,
            product: each.product,
            date: each.givenDate,
            result: each.result,
            nextDue: each.nextDueDate,
            by: each.givenBy,
            vet: who(each.vet),
          })),
        );
      }),
    );
  care
    .command('schedule')
    .description('Schedule a dose by hand')
    .argument('<pet>', 'pet id', positiveInt)
    .requiredOption('--vaccine <type>')
    .requiredOption('--due <day>', 'when it is due (YYYY-MM-DD)')
    .option('--notes <text>', 'private medical notes')
    .action(
      run((engine, output, pet: number, options: { vaccine: string; due: string; notes?: string }) =>
        printRows(
          output,
          [
            engine.services.care.schedule(
              { petId: pet, vaccine: options.vaccine, dueDate: options.due, notes: options.notes },
              'cli',
            ),
          ].map((dose) => (output.json ? dose : (doseRows([dose])[0] ?? {}))),
          '',
        ),
      ),
    );
  care
    .command('edit')
    .description(
      'Change a dose: a waiting one’s due date (it stops following the age), a given one’s batch, expiry, who gave it',
    )
    .argument('<dose>', 'dose id (see "care list <PET>")', positiveInt)
    .option('--due <day>', 'a waiting dose: its due date')
    .option('--date <day>', 'a given dose: the day it was given')
    .option('--batch <lot>')
    .option('--expires <day>')
    .option('--manufacturer <name>')
    .option('--by <name>')
    .addOption(vetOption())
    .option('--notes <text>')
    .action(
      run(
        (
          engine,
          output,
          dose: number,
          options: {
            due?: string;
            date?: string;
            batch?: string;
            expires?: string;
            manufacturer?: string;
            by?: string;
            vet?: number;
            notes?: string;
          },
        ) => {
          const edited = engine.services.care.editDose(
            dose,
            {
              dueDate: options.due,
              givenDate: options.date,
              batch: options.batch,
              expiresDate: options.expires,
              manufacturer: options.manufacturer,
              givenBy: options.by,
              vetId: options.vet,
              notes: options.notes,
            },
            'cli',
          );
          printRows(output, output.json ? [edited] : doseRows([edited]), '');
        },
      ),
    );
  care
    .command('skip')
    .description('A waiting dose that will not be given, and why (kept in the record)')
    .argument('<dose>', 'dose id (see "care due" or "care list <PET>")', positiveInt)
    .requiredOption('--reason <text>', 'why')
    .action(
      run((engine, output, dose: number, options: { reason: string }) => {
        const skipped = engine.services.care.skip({ doseId: dose, reason: options.reason }, 'cli');
        printRows(output, output.json ? [skipped] : doseRows([skipped]), '');
      }),
    );
  care
    .command('treat')
    .description('Record a treatment, a procedure (spay_neuter) or a test with its result')
    .argument('<pet>', 'pet id', positiveInt)
    .addOption(new Option('--kind <kind>').choices(TREATMENT_KINDS).makeOptionMandatory())
    .option('--product <name>', 'the product or test used')
    .addOption(new Option('--result <result>', 'a test’s result').choices(TEST_RESULTS))
    .addOption(dayOption('the day it was done'))
    .option('--next-due <day>', 'when the next one is due (YYYY-MM-DD)')
    .option('--by <name>', 'who did it')
    .addOption(vetOption())
    .option('--notes <text>', 'private medical notes')
    .action(
      run(
        (
          engine,
          output,
          pet: number,
          options: {
            kind: TreatmentKind;
            product?: string;
            result?: TestResult;
            date?: string;
            nextDue?: string;
            by?: string;
            vet?: number;
            notes?: string;
          },
        ) =>
          printObject(
            output,
            engine.services.care.addTreatment(
              {
                petId: pet,
                kind: options.kind,
                product: options.product,
                result: options.result,
                givenDate: options.date,
                nextDueDate: options.nextDue,
                givenBy: options.by,
                vetId: options.vet,
                notes: options.notes,
              },
              'cli',
            ),
          ),
      ),
    );
  care
    .command('protocols')
    .description('Each category’s vaccination protocol: the doses an intake schedules')
    .action(
      run((engine, output) => {
        const protocols = engine.services.care.protocols.list();
        printRows(output, output.json ? protocols : protocols.map(protocolRow), 'No categories.');
      }),
    );
  care
    .command('protocol')
    .description('Set a category’s protocol (--step, repeatable, in order), or go back to the shipped one (--default)')
    .argument('<category>', 'category id (see "categories list")', positiveInt)
    .option(
      '--step <step>',
      'VACCINE:+DAYS after intake (VACCINE:+DAYS@WEEKSw: not before that age), or VACCINE:WEEKSw at an age (repeatable)',
      collectStep,
    )
    .option('--none', 'no doses for this category')
    .option('--default', 'back to the shipped protocol')
    .action(
      run((engine, output, category: number, options: { step?: ProtocolStep[]; none?: boolean; default?: boolean }) => {
        const steps = options.default ? null : options.none ? [] : (options.step ?? []);
        if (steps?.length === 0 && !options.none)
          throw new AppError('validation_failed', 'steps: give --step (repeatable), --none or --default.');
        const protocol = engine.services.care.protocols.set({ categoryId: category, steps });
        printObject(output, output.json ? protocol : protocolRow(protocol));
      }),
    );
}
