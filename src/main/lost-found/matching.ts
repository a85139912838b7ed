/**
 * How alike two descriptions of an animal are: a lost report against a found one or a stray in care.
 * The species must agree; agreeing microchips make it certain (100); a different chip rules it out.
 * Otherwise each field earns points up to its weight (100 in all), a contradiction (another sex, a
 * size or age two steps away) takes some back, and every field says how it compared, so staff see
 * why. ASM scores 45 points nightly; this runs on every read, so a new report or intake shows at once.
 */
import type { FieldVerdict, MatchField } from '../../shared/lost-found';
import { foldForSearch } from '../../shared/names';
import { AGE_GROUPS, PET_SIZES, type AgeGroup, type PetSex, type PetSize } from '../../shared/pet-profile';
import type { Species } from '../../shared/species';

/** What a match compares, from a report or from a stray's record and stay. */
export interface Description {
  species: Species;
  sex: PetSex | null;
  colour: string | null;
  breed: string | null;
  size: PetSize | null;
  ageGroup: AgeGroup | null;
  microchip: string | null;
  postcode: string | null;
  place: string | null;
  /** When it was lost, found, or taken in. */
  at: number;
  /** Its distinguishing features, or a stray's description and intake notes. */
  features: string | null;
}

/** A description made ready to compare many times: its words folded and stemmed once. */
export interface Prepared {
  description: Description;
  colour: Map<string, string>;
  breed: Map<string, string>;
  place: Map<string, string>;
  features: Map<string, string>;
  postcode: string | null;
  chip: string | null;
}

export interface Score {
  score: number;
  certain: boolean;
  fields: FieldVerdict[];
}

export const WEIGHTS: Record<Exclude<MatchField, 'microchip'>, number> = {
  colour: 20,
  breed: 15,
  sex: 10,
  ageGroup: 10,
  size: 10,
  area: 10,
  date: 10,
  features: 15,
};

/** Shared significant words of features that make their full points. */
const FEATURE_WORDS_FOR_FULL = 3;
const DAY_MS = 86_400_000;

/** Words that say nothing of the animal, in the four languages the shelter's reporters write. */
const STOP_WORDS = new Set(
  (
    'and with the has its his her very some one two near from this that was were for but not ' +
    'mix mixed cross crossbreed breed colour color ' +
    'les des une est avec pour dans sur par son ses tres aux qui que pas ' +
    'croise race couleur ' +
    'los las del con por para una muy sus que mezcla cruce raza ' +
    'und mit der die das ein eine sehr hat von auf ist nicht mischling rasse farbe'
  ).split(' '),
);

/** A word's comparable part: its plural and feminine endings dropped, cut to five letters, so "noir" meets "noires", "blanc" "blanche" and "tabby" "tabbies". */
const stem = (word: string): string =>
  word
    .replace(/(?<=\p{L}{3})(?:es|s|e)$/u, '')
    .replace(/y$/, 'i')
    .slice(0, 5);

/** The significant words of a text by stem, each with the first spelling seen (what the explanation shows). */
export function wordsOf(text: string | null): Map<string, string> {
  const words = new Map<string, string>();
  if (!text) return words;
  for (const word of foldForSearch(text).split(/[^\p{L}\p{N}]+/u)) {
    if (word.length < 3 || STOP_WORDS.has(word)) continue;
    const key = stem(word);
    if (!words.has(key)) words.set(key, word);
  }
  return words;
}

const foldChip = (chip: string | null): string | null => (chip ? chip.toUpperCase() : null);
const foldPostcode = (postcode: string | null): string | null =>
  postcode ? postcode.replace(/\s+/g, '').toUpperCase() : null;

export function prepare(description: Description): Prepared {
  return {
    description,
    colour: wordsOf(description.colour),
    breed: wordsOf(description.breed),
    place: wordsOf(description.place),
    features: wordsOf(description.features),
    postcode: foldPostcode(description.postcode),
    chip: foldChip(description.microchip),
  };
}

function shared(a: Map<string, string>, b: Map<string, string>): string[] {
  const words: string[] = [];
  for (const [key, word] of a) if (b.has(key)) words.push(word);
  return words;
}

/** Words compared as a set: the share of all the words given that both name. */
function byWords(field: 'colour' | 'breed', a: Map<string, string>, b: Map<string, string>): FieldVerdict {
  const weight = WEIGHTS[field];
  if (a.size === 0 || b.size === 0) return { field, verdict: 'unknown', points: 0, weight };
  const words = shared(a, b);
  const union = a.size + b.size - words.length;
  const points = Math.round((weight * words.length) / union);
  const verdict = words.length === 0 ? 'different' : words.length === union ? 'same' : 'close';
  return { field, verdict, points, weight, words };
}

/** Sizes and age groups: the same earns all, the next step some, further off takes a little back. */
function byStep<T extends string>(
  field: 'size' | 'ageGroup',
  order: readonly T[],
  a: T | null,
  b: T | null,
): FieldVerdict {
  const weight = WEIGHTS[field];
  if (a === null || b === null) return { field, verdict: 'unknown', points: 0, weight };
  const steps = Math.abs(order.indexOf(a) - order.indexOf(b));
  if (steps === 0) return { field, verdict: 'same', points: weight, weight };
  if (steps === 1) return { field, verdict: 'close', points: Math.round(weight * 0.4), weight };
  return { field, verdict: 'different', points: -Math.round(weight / 2), weight };
}

function bySex(a: PetSex | null, b: PetSex | null): FieldVerdict {
  const weight = WEIGHTS.sex;
  if (a === null || b === null || a === 'unknown' || b === 'unknown')
    return { field: 'sex', verdict: 'unknown', points: 0, weight };
  return a === b
    ? { field: 'sex', verdict: 'same', points: weight, weight }
    : { field: 'sex', verdict: 'different', points: -weight, weight };
}

/** The same postcode, or its district (the first three characters), or a place word both name. */
function byArea(a: Prepared, b: Prepared): FieldVerdict {
  const weight = WEIGHTS.area;
  if (a.postcode && b.postcode) {
    if (a.postcode === b.postcode) return { field: 'area', verdict: 'same', points: weight, weight };
    if (a.postcode.slice(0, 3) === b.postcode.slice(0, 3))
      return { field: 'area', verdict: 'close', points: weight / 2, weight };
  }
  const words = shared(a.place, b.place);
  if (words.length > 0) return { field: 'area', verdict: 'close', points: weight / 2, weight, words };
  const known = (a.postcode || a.place.size > 0) && (b.postcode || b.place.size > 0);
  return { field: 'area', verdict: known ? 'different' : 'unknown', points: 0, weight };
}

/** Within a week earns all; the points fall away over eight weeks, either way round (a report is often late). */
function byDate(a: number, b: number): FieldVerdict {
  const weight = WEIGHTS.date;
  const days = Math.abs(a - b) / DAY_MS;
  if (days <= 7) return { field: 'date', verdict: 'same', points: weight, weight };
  if (days <= 14) return { field: 'date', verdict: 'close', points: 7, weight };
  if (days <= 28) return { field: 'date', verdict: 'close', points: 4, weight };
  if (days <= 56) return { field: 'date', verdict: 'close', points: 2, weight };
  return { field: 'date', verdict: 'different', points: 0, weight };
}

function byFeatures(a: Map<string, string>, b: Map<string, string>): FieldVerdict {
  const weight = WEIGHTS.features;
  if (a.size === 0 || b.size === 0) return { field: 'features', verdict: 'unknown', points: 0, weight };
  const words = shared(a, b);
  const points = Math.round((weight * Math.min(words.length, FEATURE_WORDS_FOR_FULL)) / FEATURE_WORDS_FOR_FULL);
  const verdict = words.length === 0 ? 'different' : words.length >= FEATURE_WORDS_FOR_FULL ? 'same' : 'close';
  return { field: 'features', verdict, points, weight, words };
}

/** The score of `b` as a match for `a`; null when it cannot be the same animal (another species, another chip). */
export function scoreMatch(a: Prepared, b: Prepared): Score | null {
  if (a.description.species !== b.description.species) return null;
  if (a.chip && b.chip) {
    if (a.chip !== b.chip) return null;
    return { score: 100, certain: true, fields: [{ field: 'microchip', verdict: 'same', points: 100, weight: 100 }] };
  }
  const fields = [
    byWords('colour', a.colour, b.colour),
    byWords('breed', a.breed, b.breed),
    bySex(a.description.sex, b.description.sex),
    byStep('ageGroup', AGE_GROUPS, a.description.ageGroup, b.description.ageGroup),
    byStep('size', PET_SIZES, a.description.size, b.description.size),
    byArea(a, b),
    byDate(a.description.at, b.description.at),
    byFeatures(a.features, b.features),
  ];
  const total = fields.reduce((sum, field) => sum + field.points, 0);
  // 100 stays the chip's: no description alone is certain.
  return { score: Math.max(0, Math.min(99, total)), certain: false, fields };
}
