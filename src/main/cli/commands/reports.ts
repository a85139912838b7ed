import path from 'node:path';
import { Option, type Command } from 'commander';
import { CSV_SEPARATORS, type CsvSeparator } from '../../../shared/csv-separator';
import type { LiveReleaseFigures } from '../../../shared/reports';
import { writeFileAtomically } from '../../files/atomic-write';
import { SAC_COLUMN_LABELS, SAC_SECTION_LABELS, sacCsv, sacLines } from '../../reports/sac-csv';
import { note, printObject, printRows } from '../output';
import { run } from '../run';

/** The `report` group: the quota lab's compliance report (its default) and the shelter's reports share it. */
export function reportCommand(program: Command): Command {
  return (
    program.commands.find((command) => command.name() === 'report') ??
    program
      .command('report')
      .description(
        "Reports: a key's client compliance (the default), the Shelter Animals Count matrix, the live release rate",
      )
  );
}

/** The machine's own zone: the shelter's, for a CLI run at the shelter. */
const machineTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;
const percent = (rate: number | null) => (rate === null ? '-' : `${(rate * 100).toFixed(1)} %`);

function liveReleaseRow(what: string, figures: LiveReleaseFigures) {
  return {
    animals: what,
    adoptions: figures.adoptions,
    'returned to owner': figures.returnedToOwner,
    'transferred out': figures.transfersOut,
    'returned to field': figures.returnedToField,
    'live outcomes': figures.liveOutcomes,
    euthanasia: figures.shelterEuthanasia,
    'owner-intended euthanasia*': figures.ownerIntendedEuthanasia,
    'died or lost*': figures.diedOrLost,
    'live release rate': percent(figures.rate),
  };
}

/** `report sac` and `report live-release`. */
export function registerReportCommands(program: Command): void {
  const report = reportCommand(program);
  report
    .command('sac')
    .description(
      'The Shelter Animals Count basic data matrix of a month: dogs and cats by age, counts, intakes and outcomes in SAC’s categories',
    )
    .requiredOption('--month <YYYY-MM>', 'the month, e.g. 2026-03')
    .option('--time-zone <zone>', 'the shelter’s time zone, whose midnights bound the month (default: this machine’s)')
    .option('--csv', 'print the matrix as CSV', false)
    .addOption(
      new Option(
        '--csv-separator <separator>',
        'semicolon: `;`, decimal commas and a BOM, for a spreadsheet set to French, German, Spanish…',
      )
        .choices([...CSV_SEPARATORS])
        .default('comma'),
    )
    .option('--out <file>', 'write the CSV (the JSON with --json) to this file instead, replaced whole')
    .action(
      run(
        (
          engine,
          output,
          options: { month: string; timeZone?: string; csv: boolean; csvSeparator: CsvSeparator; out?: string },
        ) => {
          const matrix = engine.services.reports.sac({
            month: options.month,
            timeZone: options.timeZone ?? machineTimeZone(),
          });
          if (options.out !== undefined) {
            const file = path.resolve(options.out);
            writeFileAtomically(
              file,
              output.json ? `${JSON.stringify(matrix, null, 2)}\n` : sacCsv(matrix, options.csvSeparator),
            );
            note(`The matrix of ${matrix.month} (${matrix.timeZone}) written to ${file}.`);
            return;
          }
          if (options.csv) return void process.stdout.write(sacCsv(matrix, options.csvSeparator));
          if (output.json) return printObject(output, matrix);
          note(
            `Shelter Animals Count, ${matrix.month} (${matrix.timeZone}). Ending = beginning + intakes − outcomes + grew past five months.`,
          );
          printRows(
            output,
            sacLines(matrix).map((line) => ({
              section: SAC_SECTION_LABELS[line.section],
              row: line.label,
              ...Object.fromEntries(SAC_COLUMN_LABELS.map((label, index) => [label, line.values[index]])),
              total: line.total,
            })),
            '',
          );
        },
      ),
    );
  report
    .command('live-release')
    .description(
      'The live release rate (Asilomar Accords) of a period: live outcomes ÷ (live outcomes + euthanasia), dogs and cats',
    )
    .requiredOption('--from <YYYY-MM-DD>', 'the first day')
    .requiredOption('--to <YYYY-MM-DD>', 'the last day (included)')
    .option('--time-zone <zone>', 'the shelter’s time zone, whose midnights bound the days (default: this machine’s)')
    .action(
      run((engine, output, options: { from: string; to: string; timeZone?: string }) => {
        const release = engine.services.reports.liveRelease({
          from: options.from,
          to: options.to,
          timeZone: options.timeZone ?? machineTimeZone(),
        });
        if (output.json) return printObject(output, release);
        note(
          `Live release rate, ${release.from} to ${release.to} (${release.timeZone}). * left out of the rate, as the Asilomar Accords leave them out.`,
        );
        printRows(
          output,
          [
            liveReleaseRow('dogs', release.dog),
            liveReleaseRow('cats', release.cat),
            liveReleaseRow('dogs and cats', release.total),
          ],
          '',
        );
      }),
    );
}
