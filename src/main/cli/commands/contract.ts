import fs from 'node:fs';
import { type Command, Option } from 'commander';
import { CONTRACT_KINDS, type ContractKind } from '../../../shared/contracts';
import { AppError } from '../../../shared/errors';
import type { Engine } from '../../engine/engine';
import { writeFileAtomically } from '../../files/atomic-write';
import { adoptionContractPdf } from '../../print/contract-of-stay';
import { positiveInt } from '../arguments';
import { answer, note, printObject, printRows } from '../output';
import { run } from '../run';

/** A file to check is read whole; a signed contract is a few hundred KiB. */
const VERIFY_FILE_MAX_BYTES = 64 * 1024 * 1024;

/** The pet's latest adoption's stay, or `--stay` when it is the pet's. */
function adoptionStayOf(engine: Engine, pet: number, stay?: number): number {
  const { services } = engine;
  const stayId = stay ?? services.shelterDay.record(pet).stays.find((one) => one.outcomeType === 'adoption')?.id;
  if (stayId === undefined)
    throw new AppError('conflict', `Pet ${pet} has no adoption recorded: record one with adopt first.`, {
      details: { reason: 'not_adopted', petId: pet },
    });
  if (services.shelterDay.adoptionContractData(stayId).stay.petId !== pet)
    throw new AppError('conflict', `Stay ${stayId} is not pet ${pet}'s.`, {
      details: { reason: 'not_adopted', petId: pet },
    });
  return stayId;
}

/** The stay and placement an agreement is signed for: the pet's latest stay that began with a return, or its open placement. */
function agreementOf(
  engine: Engine,
  pet: number,
  kind: 'return' | 'foster',
  options: { stay?: number; placement?: number },
): { stayId: number; placementId?: number } {
  const { stays } = engine.services.shelterDay.record(pet);
  const stay =
    options.stay === undefined
      ? kind === 'return'
        ? stays.find((one) => one.intakeType === 'returned_after_adoption')
        : stays.find((one) => one.fosters.some((placement) => placement.endedAt === null))
      : stays.find((one) => one.id === options.stay);
  if (!stay)
    throw new AppError(
      'conflict',
      kind === 'return'
        ? `Pet ${pet} has no return recorded: record one with return first.`
        : `Pet ${pet} is in no foster placement: name the stay and placement with --stay and --placement.`,
    );
  if (kind === 'return') return { stayId: stay.id };
  const placementId = options.placement ?? stay.fosters.find((placement) => placement.endedAt === null)?.id;
  if (placementId === undefined)
    throw new AppError('conflict', `Stay ${stay.id} has no open placement: name it with --placement.`);
  return { stayId: stay.id, placementId };
}

/**
 * `contract <pet> --out FILE.pdf`: the adoption contract of the pet's latest adoption (or of `--stay`),
 * to print and sign; `contract sign|signed|verify` for contracts signed on the spot.
 */
export function registerContractCommand(program: Command): void {
  const contract = program
    .command('contract')
    .description(
      'Print the adoption contract (PDF) of a pet’s latest adoption: shelter, animal with its microchip, adopter, fee, signature lines',
    )
    .argument('<pet>', 'pet id', positiveInt)
    .option('--out <file>', 'the PDF to write (owner-only: it holds the adopter’s details); required')
    .option('--stay <id>', 'the stay whose adoption to print (default: the latest adoption)', positiveInt)
    .addOption(new Option('--size <paper>', 'paper size').choices(['a4', 'letter']).default('a4'))
    .action(
      run(async (engine, output, pet: number, options: { out?: string; stay?: number; size: 'a4' | 'letter' }) => {
        // Not commander's required option: it would be asked of `contract sign|signed|verify` too.
        if (options.out === undefined)
          throw new AppError('validation_failed', 'out: required: the PDF file to write the contract to.', {
            details: { field: 'out' },
          });
        const { services } = engine;
        const stayId = adoptionStayOf(engine, pet, options.stay);
        const { record, pdf } = await adoptionContractPdf(services, stayId, options.size);
        writeFileAtomically(options.out, pdf);
        const result = { file: options.out, petId: pet, stayId, adopter: record.adopter.name, bytes: pdf.length };
        if (output.json) return printObject(output, result);
        note(
          `The adoption contract of ${record.animal.pet.name} (stay ${stayId}) with ${record.adopter.name} is written to ${options.out}.`,
        );
      }),
    );
  registerSigned(contract);
}

/** Signing on the spot from the CLI (a signature drawn elsewhere, as a PNG), the signed ones, and the check of a file. */
function registerSigned(contract: Command): void {
  contract
    .command('sign')
    .description(
      'Sign a pet’s adoption contract, return agreement or foster agreement with a drawn signature (PNG): the signed PDF is kept with the stay',
    )
    .argument('<pet>', 'pet id', positiveInt)
    .requiredOption('--signature <file>', 'the drawn signature, a PNG')
    .addOption(new Option('--kind <kind>', 'what is signed').choices(CONTRACT_KINDS).default('adoption'))
    .option('--signer <name>', 'the name printed under it (default: the adopter’s, returner’s or foster carer’s)')
    .option('--stay <id>', 'the stay (default: the latest adoption, return or open placement)', positiveInt)
    .option('--placement <id>', 'a foster agreement’s placement (default: the open one)', positiveInt)
    .option('--replaces <id>', 'the signed contract this one corrects', positiveInt)
    .option('--out <file>', 'also write the signed PDF here')
    .action(
      run(
        async (
          engine,
          output,
          pet: number,
          options: {
            signature: string;
            kind: ContractKind;
            signer?: string;
            stay?: number;
            placement?: number;
            replaces?: number;
            out?: string;
          },
        ) => {
          const { stayId, placementId } =
            options.kind === 'adoption'
              ? { stayId: adoptionStayOf(engine, pet, options.stay) }
              : agreementOf(engine, pet, options.kind, options);
          const signed = await engine.services.contracts.sign(
            {
              stayId,
              kind: options.kind,
              ...(placementId === undefined ? {} : { placementId }),
              signaturePng: fs.readFileSync(options.signature).toString('base64'),
              ...(options.signer === undefined ? {} : { signerName: options.signer }),
              ...(options.replaces === undefined ? {} : { replaces: options.replaces }),
            },
            null,
          );
          if (options.out) writeFileAtomically(options.out, engine.services.contracts.pdf(signed.id).pdf);
          if (output.json) return printObject(output, signed);
          note(
            `Contract ${signed.id} (stay ${stayId}) is signed by ${signed.signerName}; the text's SHA-256 is ${signed.textSha256}.` +
              (options.out ? ` The signed PDF is written to ${options.out}.` : ''),
          );
        },
      ),
    );
  contract
    .command('signed')
    .description('List a pet’s signed contracts, newest first; --out writes one of them (--id) byte for byte')
    .argument('<pet>', 'pet id', positiveInt)
    .option('--id <contract>', 'the signed contract to write with --out', positiveInt)
    .option('--out <file>', 'write the signed PDF here')
    .action(
      run((engine, output, pet: number, options: { id?: number; out?: string }) => {
        const { contracts } = engine.services;
        if (options.out) {
          const id = options.id ?? contracts.ofPet(pet)[0]?.id;
          if (id === undefined)
            throw new AppError('not_found', `Pet ${pet} has no signed contract: sign one with "contract sign ${pet}".`);
          const { contract: one, pdf } = contracts.pdf(id);
          writeFileAtomically(options.out, pdf);
          if (output.json) return printObject(output, one);
          return note(`Signed contract ${one.id} is written to ${options.out}.`);
        }
        printRows(
          output,
          contracts.ofPet(pet).map((one) => ({
            id: one.id,
            stay: one.stayId,
            signer: one.signerName,
            signedAt: one.signedAt,
            replaces: one.replaces ?? '',
            replacedBy: one.replacedBy ?? '',
          })),
          `Pet ${pet} has no signed contract.`,
        );
      }),
    );
  contract
    .command('verify')
    .description('Say whether a PDF is a contract this shelter signed, unchanged since (exit code 1 when not)')
    .argument('<file>', 'the PDF to check')
    .action(
      run((engine, output, file: string) => {
        const size = fs.statSync(file).size;
        if (size > VERIFY_FILE_MAX_BYTES)
          throw new AppError('payload_too_large', `${file} is ${size} bytes: no contract we sign is that large.`);
        const verdict = engine.services.contracts.verify(fs.readFileSync(file));
        if (!verdict.signed) process.exitCode = 1;
        if (output.json) return printObject(output, verdict);
        if (!verdict.signed)
          return answer(
            `${file} is NOT a contract this shelter signed, or it was changed since (SHA-256 ${verdict.sha256}).`,
          );
        const { contract: one } = verdict;
        answer(
          `${file} is contract ${one.id} for ${verdict.petName} (stay ${one.stayId}), signed by ${one.signerName} on ${one.signedAt}, unchanged.` +
            (one.replacedBy === null ? '' : ` It was replaced since by contract ${one.replacedBy}.`),
        );
      }),
    );
}
