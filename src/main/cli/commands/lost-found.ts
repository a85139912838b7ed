import { type Command, Option } from 'commander';
import {
  REPORT_KINDS,
  REPORT_STATES,
  type Match,
  type Report,
  type ReportInput,
  type ReportKind,
  type ReportState,
  type ReportWithMatches,
} from '../../../shared/lost-found';
import { AGE_GROUPS, PET_SEXES, PET_SIZES } from '../../../shared/pet-profile';
import { SPECIES } from '../../../shared/species';
import { moment, positiveInt } from '../arguments';
import { note, printObject, printRows, type Output } from '../output';
import { run } from '../run';

interface AddOptions {
  kind: ReportKind;
  species: ReportInput['species'];
  seen: number;
  name: string;
  phone?: string;
  email?: string;
  sex?: ReportInput['sex'];
  colour?: string;
  breed?: string;
  size?: ReportInput['size'];
  age?: ReportInput['ageGroup'];
  chip?: string;
  postcode?: string;
  place?: string;
  features?: string;
}

const reportRow = (report: Report) => ({
  id: report.id,
  kind: report.kind,
  state: report.state,
  species: report.species,
  sex: report.sex,
  colour: report.colour,
  breed: report.breed,
  postcode: report.postcode,
  seenAt: report.seenAt,
  contact: report.contact.name,
});

/** One line per candidate: who, the score, and the fields that agreed (close ones with a ~). */
const matchRow = (match: Match) => ({
  score: match.certain ? '100 (chip)' : String(match.score),
  candidate: match.pet ? `pet ${match.pet.id} ${match.pet.name}` : `report ${match.report?.id ?? '?'}`,
  agreed: match.fields
    .filter((field) => field.verdict === 'same' || field.verdict === 'close')
    .map((field) => (field.verdict === 'same' ? field.field : `~${field.field}`))
    .join(' '),
  differs: match.fields
    .filter((field) => field.verdict === 'different')
    .map((field) => field.field)
    .join(' '),
});

function printReport(output: Output, { report, matches }: ReportWithMatches): void {
  if (output.json) {
    printObject(output, { report, matches });
    return;
  }
  printObject(output, reportRow(report));
  printRows(output, matches.map(matchRow), report.state === 'open' ? 'No match yet.' : `Report ${report.state}.`);
}

/** `lost-found list|add|show|match|confirm|close`. */
export function registerLostFoundCommands(program: Command): void {
  const lostFound = program.command('lost-found').description('Lost and found reports and their matches');
  lostFound
    .command('list')
    .description('Reports, newest first')
    .addOption(new Option('--kind <kind>').choices(REPORT_KINDS))
    .addOption(new Option('--state <state>').choices(REPORT_STATES))
    .action(
      run((engine, output, options: { kind?: ReportKind; state?: ReportState }) =>
        printRows(output, engine.services.lostFound.list(options).map(reportRow), 'No reports.'),
      ),
    );
  lostFound
    .command('add')
    .description('Record a lost or found report, and show its matches')
    .addOption(new Option('--kind <kind>').choices(REPORT_KINDS).makeOptionMandatory())
    .addOption(new Option('--species <species>').choices(SPECIES).makeOptionMandatory())
    .requiredOption('--seen <moment>', 'when it was lost or found (ISO-8601)', moment)
    .requiredOption('--name <name>', "the reporter's name")
    .option('--phone <number>')
    .option('--email <address>')
    .addOption(new Option('--sex <sex>').choices(PET_SEXES))
    .option('--colour <words>')
    .option('--breed <words>')
    .addOption(new Option('--size <size>').choices(PET_SIZES))
    .addOption(new Option('--age <group>').choices(AGE_GROUPS))
    .option('--chip <number>', 'microchip number')
    .option('--postcode <code>')
    .option('--place <words>', 'where, in the reporter’s words')
    .option('--features <text>', 'distinguishing features')
    .action(
      run((engine, output, options: AddOptions) => {
        const { kind, species, seen, name, phone, email, age, chip, ...described } = options;
        const input: ReportInput = {
          ...described,
          kind,
          species,
          seenAt: seen,
          ...(age && { ageGroup: age }),
          ...(chip && { microchip: chip }),
          contact: { name, ...(phone && { phone }), ...(email && { email }) },
        };
        printReport(output, engine.services.lostFound.recordReport(input, 'desk'));
      }),
    );
  lostFound
    .command('show')
    .description('A report and its matches, each with the fields that agreed')
    .argument('<id>', 'report id', positiveInt)
    .action(run((engine, output, id: number) => printReport(output, engine.services.lostFound.get(id))));
  lostFound
    .command('match')
    .description('The open lost reports a stray in care may be')
    .argument('<petId>', 'pet id', positiveInt)
    .action(
      run((engine, output, petId: number) => {
        const matches = engine.services.lostFound.matchesOfPet(petId);
        if (output.json) printObject(output, matches);
        else printRows(output, matches.map(matchRow), 'No lost report matches this animal.');
      }),
    );
  lostFound
    .command('confirm')
    .description('Confirm a match: the stray goes home (return to owner), or two reports are one animal')
    .argument('<id>', 'report id', positiveInt)
    .option('--pet <petId>', 'the stray in care it is', positiveInt)
    .option('--report <otherId>', 'the other report it is', positiveInt)
    .action(
      run((engine, output, id: number, options: { pet?: number; report?: number }) => {
        const after = engine.services.lostFound.confirm(
          { reportId: id, petId: options.pet, otherReportId: options.report },
          'cli',
        );
        note(
          options.pet ? `Pet ${options.pet} returned to its owner.` : `Reports ${id} and ${options.report} returned.`,
        );
        printObject(output, output.json ? after.report : reportRow(after.report));
      }),
    );
  lostFound
    .command('close')
    .description('Close a report without a match (found at home, withdrawn)')
    .argument('<id>', 'report id', positiveInt)
    .action(run((engine, output, id: number) => printObject(output, reportRow(engine.services.lostFound.close(id)))));
}
