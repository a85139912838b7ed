import type { AdoptionContractData as AdoptionRecord, FeeMethod } from '../../shared/movements';
import type { AgreementRecord } from '../movements/contract-data';
import type { ShelterDay } from '../movements/shelter-day';
import type { CategoryService } from '../pets/categories';
import { ageInWords } from '../publishing/pet-words';
import { publishedWords, type PublishedWords } from '../publishing/words/words';
import {
  renderAdoptionContract,
  type AdoptionContractData,
  type AdoptionContractOptions,
  type AdoptionPaidHow,
} from './adoption-contract';

const PAID_HOW: Record<FeeMethod, AdoptionPaidHow> = {
  cash: 'cash',
  card: 'card',
  transfer: 'transfer',
  cheque: 'other',
  online: 'other',
  waived: 'waived',
};

/** An instant: the contract prints its day where it is printed. */
const instantOf = (time: number): string => new Date(time).toISOString();

/**
 * What the adoption contract prints, from the engine's record of an adoption (the stay, the adopter,
 * the animal's whole profile, the shelter): the one document where the microchip and the adopter's
 * details belong, made for the adopter and the shelter's file, never published.
 */
export function contractOfAdoption(
  record: AdoptionRecord,
  species: string | null,
  words: PublishedWords = publishedWords(),
): AdoptionContractData {
  const { shelter, animal, adopter, stay } = record;
  const { profile } = animal;
  const breed = [profile.breedPrimary, profile.breedSecondary].filter(Boolean).join(' / ');
  return {
    shelter: {
      name: shelter.name ?? words.t('contract.theShelter'),
      address: shelter.address ?? null,
      phone: shelter.phone ?? null,
      email: shelter.email ?? null,
      website: shelter.website ?? null,
      terms: shelter.contractTerms ?? null,
    },
    animal: {
      id: animal.pet.id,
      name: animal.pet.name,
      species,
      breed: breed || null,
      sex: profile.sex ? words.t(`pet.sex.${profile.sex}`) : null,
      birthDate: profile.birthDate ?? null,
      // The age on the day of the adoption, "about" when the birth date is an estimate.
      age: ageInWords(profile.birthDate, instantOf(record.adoptedAt).slice(0, 10), words),
      colour: profile.color ?? null,
      microchip: profile.microchipNumber ?? null,
      intakeDate: instantOf(stay.intakeAt),
    },
    adopter: {
      name: adopter.name,
      address: [adopter.address, adopter.postcode].filter(Boolean).join('\n') || null,
      phones: adopter.phones,
      email: adopter.email,
      idChecked: { checked: adopter.idChecked, what: adopter.idCheckedWhat },
    },
    adoption: {
      date: instantOf(record.adoptedAt),
      fee: record.fee,
      currency: record.currency,
      paidHow: PAID_HOW[record.feeMethod],
      reference: words.t('contract.reference', { id: stay.id }),
    },
    staffName: null,
  };
}

/**
 * What a return agreement or a foster agreement prints: the shelter and the animal as the contract
 * has them, the person who signs in the adopter's place, the movement's date and its reason or
 * expected end, and the agreement's own terms (not the shelter's adoption terms).
 */
export function contractOfAgreement(
  record: AgreementRecord,
  species: string | null,
  words: PublishedWords,
): AdoptionContractData {
  const { shelter, animal, person, stay } = record;
  const asAdoption = contractOfAdoption(
    { stay, shelter, animal, adopter: person, adoptedAt: record.at, fee: 0, feeMethod: 'waived', currency: null },
    species,
    words,
  );
  const detail =
    record.kind === 'return'
      ? record.reason
      : record.expectedEndAt === null
        ? null
        : instantOf(record.expectedEndAt).slice(0, 10);
  return {
    ...asAdoption,
    shelter: { ...asAdoption.shelter, terms: words.t(`${record.kind}Agreement.terms`) },
    adoption: {
      date: instantOf(record.at),
      fee: null,
      currency: null,
      paidHow: null,
      reference: words.t('contract.reference', {
        id: record.placementId === null ? stay.id : `${stay.id}-${record.placementId}`,
      }),
      detail,
    },
  };
}

/**
 * The adoption contract of a stay as a PDF, in the shelter's language: the one way the window and
 * the CLI make it, so both print the same words for the same stay.
 */
export async function adoptionContractPdf(
  services: { shelterDay: Pick<ShelterDay, 'adoptionContractData'>; categories: Pick<CategoryService, 'get'> },
  stayId: number,
  size: AdoptionContractOptions['size'],
): Promise<{ record: AdoptionRecord; pdf: Buffer }> {
  const record = services.shelterDay.adoptionContractData(stayId);
  const species = services.categories.get(record.animal.pet.categoryId).name;
  const words = publishedWords(record.shelter.language);
  const pdf = await renderAdoptionContract(contractOfAdoption(record, species, words), { size, words });
  return { record, pdf };
}

/**
 * `adoption-contract-biscuit-12.pdf`, or `signed-adoption-contract-biscuit-12-3.pdf` for signed
 * contract 3: the animal's name in letters and digits of any script, safe on every file system.
 */
export function contractFileName(
  petName: string,
  stayId: number,
  signedContractId?: number,
  document: 'adoption-contract' | 'return-agreement' | 'foster-agreement' = 'adoption-contract',
): string {
  const name = petName
    .normalize('NFC')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);
  const named = `${document}-${name ? `${name}-` : ''}${stayId}`;
  return signedContractId === undefined ? `${named}.pdf` : `signed-${named}-${signedContractId}.pdf`;
}
