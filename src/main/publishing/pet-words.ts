/**
 * A published pet in words: what the adoption site, its feeds and the kennel cards all say of a
 * pet's profile, in the shelter's language (words/). The portals have their own vocabularies.
 */
import { ageInMonths, type AgeGroup, type GoodWith, type PublicPetProfile } from '../../shared/pet-profile';
import { publishedWords, type PublishedWords } from './words/words';

export type YesNoUnknown = 'yes' | 'no' | 'unknown';

/** Petfinder's and RescueGroups' own age values (portals/), which happen to be English words. */
export const AGE_GROUP_WORDS: Record<AgeGroup, string> = {
  baby: 'Baby',
  young: 'Young',
  adult: 'Adult',
  senior: 'Senior',
};

/** "Labrador Retriever / Collie mix", "Mixed breed", or null when nothing is said. */
export function breedWords(profile: PublicPetProfile, words: PublishedWords): string | null {
  const breed = [profile.breedPrimary, profile.breedSecondary].filter(Boolean).join(' / ');
  if (breed) return profile.breedMixed ? words.t('pet.breedMix', { breed }) : breed;
  return profile.breedMixed ? words.t('pet.mixedBreed') : null;
}

/** "Adult · 3 years": the age group and the age, either alone, or null. */
export function ageLine(ageGroup: AgeGroup | null, age: string | null, words: PublishedWords): string | null {
  return [ageGroup ? words.t(`pet.ageGroup.${ageGroup}`) : null, age].filter(Boolean).join(' · ') || null;
}

/** "3 years", "5 months", "about 2 years" for an estimate (a year or a month without the day). */
export function ageInWords(
  birthDate: string | undefined,
  today: string,
  words: PublishedWords = publishedWords(),
): string | null {
  const months = ageInMonths(birthDate, today);
  if (months === null) return null;
  const about = birthDate!.length < 10;
  if (months < 1) return words.t('pet.underAMonth');
  if (months < 24) return words.t(about ? 'pet.aboutMonths' : 'pet.months', { count: months });
  return words.t(about ? 'pet.aboutYears' : 'pet.years', { count: Math.floor(months / 12) });
}

/**
 * A birth date as far as it is known: "12 May 2019", "May 2019" for an estimate to the month, "2019"
 * for one to the year; never a day nobody recorded.
 */
export function birthInWords(birthDate: string, words: PublishedWords = publishedWords()): string {
  const [year, month, day] = birthDate.split('-').map(Number);
  if (year === undefined || Number.isNaN(year)) return birthDate;
  const when = new Date(Date.UTC(year, (month ?? 1) - 1, day ?? 1));
  const parts: Intl.DateTimeFormatOptions =
    month === undefined
      ? { year: 'numeric' }
      : day === undefined
        ? { month: 'long', year: 'numeric' }
        : { day: 'numeric', month: 'long', year: 'numeric' };
  return new Intl.DateTimeFormat(words.locales.contract, { ...parts, timeZone: 'UTC' }).format(when);
}

export const yesNo = (value: GoodWith | undefined): YesNoUnknown => value ?? 'unknown';
export const flag = (value: boolean | undefined): YesNoUnknown =>
  value === undefined ? 'unknown' : value ? 'yes' : 'no';

/** Whom the pet gets on with, said the same everywhere. */
export function goodWithOf(profile: PublicPetProfile): { kids: YesNoUnknown; dogs: YesNoUnknown; cats: YesNoUnknown } {
  return { kids: yesNo(profile.goodWithKids), dogs: yesNo(profile.goodWithDogs), cats: yesNo(profile.goodWithCats) };
}
