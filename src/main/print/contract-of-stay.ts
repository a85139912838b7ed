import type { AdoptionContractData as AdoptionRecord, FeeMethod } from '../../shared/movements';
import { publishedWords, type PublishedWords } from '../publishing/words/words';
import type { AdoptionContractData, AdoptionPaidHow } from './adoption-contract';

const PAID_HOW: Record<FeeMethod, AdoptionPaidHow> = { cash: 'cash', card: 'card', transfer: 'transfer', cheque: 'other', online: 'other', waived: 'waived' };

/** An instant: the contract prints its day where it is printed. */
const instantOf = (time: number): string => new Date(time).toISOString();

/**
 * What the adoption contract prints, from the engine's record of an adoption (the stay, the adopter,
 * the animal's whole profile, the shelter): the one document where the microchip and the adopter's
 * details belong, made for the adopter and the shelter's file, never published.
 */
export function contractOfAdoption(record: AdoptionRecord, species: string | null, words: PublishedWords = publishedWords()): AdoptionContractData {
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
      age: null,
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
