import { type Command, Option } from 'commander';
import { AppError } from '../../../shared/errors';
import { writeFileAtomically } from '../../files/atomic-write';
import { adoptionContractPdf } from '../../print/contract-of-stay';
import { positiveInt } from '../arguments';
import { note, printObject } from '../output';
import { run } from '../run';

/** `contract <pet> --out FILE.pdf`: the adoption contract of the pet's latest adoption (or of `--stay`), to print and sign. */
export function registerContractCommand(program: Command): void {
  program
    .command('contract')
    .description(
      'Print the adoption contract (PDF) of a pet’s latest adoption: shelter, animal with its microchip, adopter, fee, signature lines',
    )
    .argument('<pet>', 'pet id', positiveInt)
    .requiredOption('--out <file>', 'the PDF to write (owner-only: it holds the adopter’s details)')
    .option('--stay <id>', 'the stay whose adoption to print (default: the latest adoption)', positiveInt)
    .addOption(new Option('--size <paper>', 'paper size').choices(['a4', 'letter']).default('a4'))
    .action(
      run(async (engine, output, pet: number, options: { out: string; stay?: number; size: 'a4' | 'letter' }) => {
        const { services } = engine;
        const stayId =
          options.stay ?? services.shelterDay.record(pet).stays.find((stay) => stay.outcomeType === 'adoption')?.id;
        if (stayId === undefined)
          throw new AppError('conflict', `Pet ${pet} has no adoption recorded: record one with adopt first.`, {
            details: { reason: 'not_adopted', petId: pet },
          });
        const stay = services.shelterDay.adoptionContractData(stayId).stay;
        if (stay.petId !== pet)
          throw new AppError('conflict', `Stay ${stayId} is not pet ${pet}'s.`, {
            details: { reason: 'not_adopted', petId: pet },
          });
        const { record, pdf } = await adoptionContractPdf(services, stayId, options.size);
        writeFileAtomically(options.out, pdf);
        const result = { file: options.out, petId: pet, stayId, adopter: record.adopter.name, bytes: pdf.length };
        if (output.json) return printObject(output, result);
        note(
          `The adoption contract of ${record.animal.pet.name} (stay ${stayId}) with ${record.adopter.name} is written to ${options.out}.`,
        );
      }),
    );
}
