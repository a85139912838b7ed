import { createHash } from 'node:crypto';
import { AppError } from '../../shared/errors';
import type { ShelterDay } from '../movements/shelter-day';
import type { CategoryService } from '../pets/categories';
import { processLogo } from '../photos/process-photo';
import { renderAdoptionContract, type AdoptionContractData } from '../print/adoption-contract';
import { contractOfAdoption } from '../print/contract-of-stay';
import { publishedWords } from '../publishing/words/words';

/** What a signature adds to the contract's data. */
export interface SignatureParts {
  signaturePng: Buffer;
  /** Null: the adopter's name as the register holds it. */
  signerName: string | null;
  signedAt: string;
  replaces: { id: number; signedAt: string } | null;
}

export interface PrintedContract {
  pdf: Buffer;
  petId: number;
  petName: string;
  /** The person of the register who signs: the adopter. */
  signerPersonId: number;
  signerName: string;
  textSha256: string;
}

/**
 * The SHA-256 of what the contract says, whatever the paper or the fonts: its data, keys in order, and
 * the language it is said in. Printed on the contract itself, so a paper copy names the text it agreed to.
 */
export function contractTextSha256(data: AdoptionContractData, language: string): string {
  const sorted = (value: unknown): unknown =>
    Array.isArray(value)
      ? value.map(sorted)
      : value !== null && typeof value === 'object'
        ? Object.fromEntries(
            Object.keys(value)
              .sort()
              .map((key) => [key, sorted((value as Record<string, unknown>)[key])]),
          )
        : value;
  return createHash('sha256')
    .update(JSON.stringify({ language, contract: sorted(data) }))
    .digest('hex');
}

/** Prints a stay's contract with its signature, in the shelter's language, from the records as they are now. */
export class ContractPrinter {
  constructor(
    private readonly services: {
      shelterDay: Pick<ShelterDay, 'adoptionContractData'>;
      categories: Pick<CategoryService, 'get'>;
    },
  ) {}

  async signed(stayId: number, parts: SignatureParts): Promise<PrintedContract> {
    const record = this.services.shelterDay.adoptionContractData(stayId);
    const species = this.services.categories.get(record.animal.pet.categoryId).name;
    const language = record.shelter.language ?? 'en';
    const words = publishedWords(language);
    const data = contractOfAdoption(record, species, words);
    const textSha256 = contractTextSha256(data, language);
    // Through the photos' pipeline: header checked, bounded, re-encoded with no metadata block.
    const hand = await processLogo('signature', parts.signaturePng);
    if (hand.format !== 'png')
      throw new AppError(
        'unsupported_media_type',
        `The signature is a ${hand.format} image; a drawn signature is a PNG.`,
        {
          details: { reason: 'photo_format', file: 'signature', format: hand.format, accepted: ['png'] },
        },
      );
    const signerName = parts.signerName ?? record.adopter.name;
    const pdf = await renderAdoptionContract(data, {
      size: 'a4',
      words,
      signature: { png: hand.bytes, signerName, signedAt: parts.signedAt, textSha256, replaces: parts.replaces },
    });
    return {
      pdf,
      petId: record.animal.pet.id,
      petName: record.animal.pet.name,
      signerPersonId: record.adopter.id,
      signerName,
      textSha256,
    };
  }
}
