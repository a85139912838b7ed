/**
 * A published pet in words: what the adoption site, its feeds and the kennel cards all say of a
 * pet's profile (the portals have their own vocabularies, in portals/).
 */
import { ageInMonths, type AgeGroup, type GoodWith, type PetSex, type PetSize, type PublicPetProfile } from '../../shared/pet-profile';

export type YesNoUnknown = 'yes' | 'no' | 'unknown';

export const SEX_WORDS: Record<PetSex, string> = { female: 'Female', male: 'Male', unknown: 'Sex unknown' };
export const AGE_GROUP_WORDS: Record<AgeGroup, string> = { baby: 'Baby', young: 'Young', adult: 'Adult', senior: 'Senior' };
export const SIZE_WORDS: Record<PetSize, string> = { small: 'Small', medium: 'Medium', large: 'Large', xlarge: 'Extra large' };

/** "Labrador Retriever / Collie mix", "Mixed breed", or null when nothing is said. */
export function breedWords(profile: PublicPetProfile): string | null {
  const breed = [profile.breedPrimary, profile.breedSecondary].filter(Boolean).join(' / ');
  return breed ? `${breed}${profile.breedMixed ? ' mix' : ''}` : profile.breedMixed ? 'Mixed breed' : null;
}

/** "Adult · 3 years": the age group and the age, either alone, or null. */
export function ageLine(ageGroup: AgeGroup | null, age: string | null): string | null {
  return [ageGroup ? AGE_GROUP_WORDS[ageGroup] : null, age].filter(Boolean).join(' · ') || null;
}

/** "3 years", "5 months", "about 2 years" for an estimate (a year or a month without the day). */
export function ageInWords(birthDate: string | undefined, today: string): string | null {
  const months = ageInMonths(birthDate, today);
  if (months === null) return null;
  const about = birthDate!.length < 10 ? 'about ' : '';
  if (months < 1) return 'under a month';
  if (months < 24) return `${about}${months} ${months === 1 ? 'month' : 'months'}`;
  const years = Math.floor(months / 12);
  return `${about}${years} years`;
}

export const yesNo = (value: GoodWith | undefined): YesNoUnknown => value ?? 'unknown';
export const flag = (value: boolean | undefined): YesNoUnknown => (value === undefined ? 'unknown' : value ? 'yes' : 'no');

/** Whom the pet gets on with, said the same everywhere. */
export function goodWithOf(profile: PublicPetProfile): { kids: YesNoUnknown; dogs: YesNoUnknown; cats: YesNoUnknown } {
  return { kids: yesNo(profile.goodWithKids), dogs: yesNo(profile.goodWithDogs), cats: yesNo(profile.goodWithCats) };
}

/** Making a formatter costs more than a page; one per currency (a shelter has one). */
const feeFormats = new Map<string, Intl.NumberFormat>();

export function feeWords(amount: number, currency: string | null): string {
  if (amount === 0) return 'No fee';
  if (currency === null) return amount.toFixed(2);
  let format = feeFormats.get(currency);
  if (format === undefined) {
    format = new Intl.NumberFormat('en', { style: 'currency', currency });
    feeFormats.set(currency, format);
  }
  return format.format(amount);
}
