/**
 * An animal is said the same in the window and in what is published: each species, sex, age group,
 * size and coat reads the same word on the staff's screen as on the site, the cards and the contract,
 * in every language; and every status and way of leaving care has its word (with the feminine
 * where the language agrees with the animal's sex).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { publishedWords, type WordKey } from '../../src/main/publishing/words/words';
import { PET_SEXES, PET_SIZES, PET_COATS, AGE_GROUPS } from '../../src/shared/pet-profile';
import { DEPARTURES, OUTCOME_TYPES } from '../../src/shared/outcomes';
import { PUBLISHED_LANGUAGES } from '../../src/shared/shelter';
import { SPECIES } from '../../src/shared/species';
import { INTAKE_TYPES, TRANSFER_ORIGINS } from '../../src/shared/movements';

type Words = Record<string, Record<string, string>>;
const windowWords = (language: string, part: string): Words =>
  JSON.parse(
    readFileSync(path.join(__dirname, '../../src/shared/domain-words', language, `${part}.json`), 'utf8'),
  ) as Words;

const SHARED = { species: SPECIES, sex: PET_SEXES, ageGroup: AGE_GROUPS, size: PET_SIZES, coat: PET_COATS };

describe.each(PUBLISHED_LANGUAGES)('in %s', (language) => {
  const animals = windowWords(language, 'animals');
  const movements = windowWords(language, 'movements');
  const published = publishedWords(language);

  it.each(Object.entries(SHARED))('says each %s as the published words do', (part, codes) => {
    for (const code of codes) {
      const shown = animals[part]?.[code];
      expect(shown, `${part}.${code}`).toBeTruthy();
      expect(published.t(`pet.${part}.${code}` as WordKey)).toBe(shown);
    }
  });

  it('names each status and each way of leaving care, for a female animal too', () => {
    for (const status of ['available', 'pending', 'adopted', 'adopted_female', 'left_care'])
      expect(animals.status?.[status], status).toBeTruthy();
    for (const departure of DEPARTURES) {
      expect(animals.departure?.[departure], departure).toBeTruthy();
      expect(animals.departure?.[`${departure}_female`], departure).toBeTruthy();
    }
    for (const outcome of OUTCOME_TYPES) expect(movements.outcome?.[`${outcome}_female`], outcome).toBeTruthy();
    for (const intake of INTAKE_TYPES) expect(movements.intake?.[intake], intake).toBeTruthy();
    for (const where of TRANSFER_ORIGINS) expect(movements.transferChoice?.[where], where).toBeTruthy();
  });
});
