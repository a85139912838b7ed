import { type Command, InvalidArgumentError, Option } from 'commander';
import type { PetStatus } from '../../../shared/pet';
import type { KennelCardWarning } from '../../../shared/portals';
import { writeFileAtomically } from '../../files/atomic-write';
import { petStatus, positiveInt } from '../arguments';
import { note, printObject } from '../output';
import { run } from '../run';

function petIds(value: string): number[] {
  const ids = value.split(',').map((part) => part.trim());
  if (ids.length === 0 || ids.some((id) => !/^[1-9]\d*$/.test(id)))
    throw new InvalidArgumentError('must be pet ids separated by commas, e.g. 1,2,3.');
  return ids.map(Number);
}

/** A warning as the CLI prints it: what is wrong, then the commands that fix it. */
function cardWarningWords(warning: KennelCardWarning): string {
  const { project, address } = warning.details;
  return `Warning: the QR codes open ${address}, an address only this computer reaches: a phone scanning a card finds nothing. Give the project a domain phones can reach ("domains add ${project} <DOMAIN>", then "domains verify <DOMAIN>") and print the cards again.`;
}

interface CardOptions {
  out: string;
  status?: PetStatus;
  ids?: number[];
  size: 'a4' | 'letter';
  perPage: 1 | 2;
  project?: string;
}

/** `pets cards`: the printable kennel cards of chosen pets, one PDF. */
export function registerKennelCardCommand(pets: Command): void {
  pets
    .command('cards')
    .description('Print kennel cards (PDF): photo, profile, fee and a QR code to each pet’s page on the adoption site')
    .requiredOption('--out <file>', 'the PDF to write')
    .option(
      '--status <status>',
      'every pet of this status: available, pending or adopted (default: available)',
      petStatus,
    )
    .option('--ids <ids>', 'these pets, in this order (e.g. 1,2,3)', petIds)
    .addOption(new Option('--size <paper>', 'paper size').choices(['a4', 'letter']).default('a4'))
    .addOption(
      new Option('--per-page <n>', 'cards a page')
        .choices(['1', '2'])
        .default(1)
        .argParser((value) => positiveInt(value) as 1 | 2),
    )
    .option('--project <project>', 'whose address the QR codes open (default: the project serving the adoption site)')
    .action(
      run(async (engine, output, options: CardOptions) => {
        const made = await engine.publishing.kennelCards.render({
          ids: options.ids,
          status: options.status,
          paper: options.size,
          perPage: options.perPage,
          project: options.project,
        });
        writeFileAtomically(options.out, made.pdf);
        for (const warning of made.warnings) note(cardWarningWords(warning));
        const result = {
          file: options.out,
          cards: made.cards,
          bytes: made.pdf.length,
          project: made.project,
          address: made.address,
          warnings: made.warnings,
        };
        if (output.json) return printObject(output, result);
        note(
          `${made.cards} kennel card${made.cards === 1 ? '' : 's'} written to ${options.out}; the QR codes open ${made.address}/pets/… (project ${made.project}).`,
        );
      }),
    );
}
