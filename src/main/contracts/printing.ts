import { createHash } from 'node:crypto';
import type { ContractKind } from '../../shared/contracts';
import { AppError } from '../../shared/errors';
import type { ShelterDay } from '../movements/shelter-day';
import type { CategoryService } from '../pets/categories';
import { processLogo } from '../photos/process-photo';
import { renderAdoptionContract, type AdoptionContractData } from '../print/adoption-contract';
import { agreementWords } from '../print/agreement-words';
import { contractOfAdoption, contractOfAgreement } from '../print/contract-of-stay';
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
      shelterDay: Pick<ShelterDay, 'adoptionContractData' | 'agreementData'>;
      categories: Pick<CategoryService, 'get'>;
    },
  ) {}

  async signed(
    stayId: number,
    parts: SignatureParts,
    kind: ContractKind = 'adoption',
    placementId: number | null = null,
  ): Promise<PrintedContract> {
    const { data, language, words, pet, signer } = this.document(stayId, kind, placementId);
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
    const signerName = parts.signerName ?? signer.name;
    const pdf = await renderAdoptionContract(data, {
      size: 'a4',
      words,
      signature: { png: hand.bytes, signerName, signedAt: parts.signedAt, textSha256, replaces: parts.replaces },
    });
    return { pdf, petId: pet.id, petName: pet.name, signerPersonId: signer.id, signerName, textSha256 };
  }

  /** What the document of this kind says, in the shelter's language, and who signs it. */
  private document(stayId: number, kind: ContractKind, placementId: number | null) {
    const { shelterDay, categories } = this.services;
    if (kind === 'adoption') {
      const record = shelterDay.adoptionContractData(stayId);
      const language = record.shelter.language ?? 'en';
      const words = publishedWords(language);
      const species = categories.get(record.animal.pet.categoryId).name;
      const data = contractOfAdoption(record, species, words);
      return { data, language, words, pet: record.animal.pet, signer: record.adopter };
    }
    const record = shelterDay.agreementData(stayId, kind, placementId);
    const language = record.shelter.language ?? 'en';
    const words = agreementWords(publishedWords(language), kind);
    const data = contractOfAgreement(record, categories.get(record.animal.pet.categoryId).name, words);
    return { data, language, words, pet: record.animal.pet, signer: record.person };
  }
}
