/**
 * How alike two descriptions of an animal are: a lost report against a found one or a stray in care.
 * The species must agree; agreeing microchips make it certain (100); a different chip rules it out.
 * Otherwise each field earns points up to its weight (100 in all), a contradiction (another sex, a
 * size or age two steps away) takes some back, and every field says how it compared, so staff see
 * why. ASM scores 45 points nightly; this runs when a report is recorded or a stray's description
 * changes (likely-matches.ts keeps the results), so a new report or intake shows at once.
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

function sharedCount(a: Map<string, string>, b: Map<string, string>): number {
  let count = 0;
  for (const key of a.keys()) if (b.has(key)) count += 1;
  return count;
}

/*
 * Each field's points are worked out by one function of what was compared, used both by the quick
 * sift (`quickScore`, no explanation built) and by the explained score, so the two cannot disagree.
 */

/** Words compared as a set: the share of all the words given that both name. */
const wordPoints = (weight: number, sizeA: number, sizeB: number, common: number): number =>
  Math.round((weight * common) / (sizeA + sizeB - common));

function byWords(field: 'colour' | 'breed', a: Map<string, string>, b: Map<string, string>): FieldVerdict {
  const weight = WEIGHTS[field];
  if (a.size === 0 || b.size === 0) return { field, verdict: 'unknown', points: 0, weight };
  const words = shared(a, b);
  const union = a.size + b.size - words.length;
  const points = wordPoints(weight, a.size, b.size, words.length);
  const verdict = words.length === 0 ? 'different' : words.length === union ? 'same' : 'close';
  return { field, verdict, points, weight, words };
}

/** How many steps apart two sizes or age groups are; null when either is not known. */
function stepsApart<T extends string>(order: readonly T[], a: T | null, b: T | null): number | null {
  return a === null || b === null ? null : Math.abs(order.indexOf(a) - order.indexOf(b));
}

/** The same earns all, the next step some, further off takes a little back. */
const stepPoints = (weight: number, steps: number): number =>
  steps === 0 ? weight : steps === 1 ? Math.round(weight * 0.4) : -Math.round(weight / 2);

function byStep<T extends string>(
  field: 'size' | 'ageGroup',
  order: readonly T[],
  a: T | null,
  b: T | null,
): FieldVerdict {
  const weight = WEIGHTS[field];
  const steps = stepsApart(order, a, b);
  if (steps === null) return { field, verdict: 'unknown', points: 0, weight };
  const verdict = steps === 0 ? 'same' : steps === 1 ? 'close' : 'different';
  return { field, verdict, points: stepPoints(weight, steps), weight };
}

/** 1 the same sex, -1 another, 0 when either is not known. */
const sexAgreement = (a: PetSex | null, b: PetSex | null): number =>
  a === null || b === null || a === 'unknown' || b === 'unknown' ? 0 : a === b ? 1 : -1;

function bySex(a: PetSex | null, b: PetSex | null): FieldVerdict {
  const weight = WEIGHTS.sex;
  const agreement = sexAgreement(a, b);
  const verdict = agreement === 0 ? 'unknown' : agreement === 1 ? 'same' : 'different';
  return { field: 'sex', verdict, points: agreement * weight, weight };
}

/** How near two postcodes are: the same, the same district (the first three characters), or neither. */
function postcodesNear(a: Prepared, b: Prepared): 'same' | 'district' | null {
  if (!a.postcode || !b.postcode) return null;
  if (a.postcode === b.postcode) return 'same';
  return a.postcode.slice(0, 3) === b.postcode.slice(0, 3) ? 'district' : null;
}

function areaPoints(a: Prepared, b: Prepared): number {
  const near = postcodesNear(a, b);
  if (near === 'same') return WEIGHTS.area;
  return near === 'district' || sharedCount(a.place, b.place) > 0 ? WEIGHTS.area / 2 : 0;
}

/** The same postcode, or its district, or a place word both name. */
function byArea(a: Prepared, b: Prepared): FieldVerdict {
  const weight = WEIGHTS.area;
  const points = areaPoints(a, b);
  const near = postcodesNear(a, b);
  if (near) return { field: 'area', verdict: near === 'same' ? 'same' : 'close', points, weight };
  const words = shared(a.place, b.place);
  if (words.length > 0) return { field: 'area', verdict: 'close', points, weight, words };
  const known = (a.postcode || a.place.size > 0) && (b.postcode || b.place.size > 0);
  return { field: 'area', verdict: known ? 'different' : 'unknown', points, weight };
}

/** Within a week earns all; the points fall away over eight weeks, either way round (a report is often late). */
function datePoints(a: number, b: number): number {
  const days = Math.abs(a - b) / DAY_MS;
  return days <= 7 ? WEIGHTS.date : days <= 14 ? 7 : days <= 28 ? 4 : days <= 56 ? 2 : 0;
}

function byDate(a: number, b: number): FieldVerdict {
  const weight = WEIGHTS.date;
  const points = datePoints(a, b);
  const verdict = points === weight ? 'same' : points > 0 ? 'close' : 'different';
  return { field: 'date', verdict, points, weight };
}

const featurePoints = (common: number): number =>
  Math.round((WEIGHTS.features * Math.min(common, FEATURE_WORDS_FOR_FULL)) / FEATURE_WORDS_FOR_FULL);

function byFeatures(a: Map<string, string>, b: Map<string, string>): FieldVerdict {
  const weight = WEIGHTS.features;
  if (a.size === 0 || b.size === 0) return { field: 'features', verdict: 'unknown', points: 0, weight };
  const words = shared(a, b);
  const verdict = words.length === 0 ? 'different' : words.length >= FEATURE_WORDS_FOR_FULL ? 'same' : 'close';
  return { field: 'features', verdict, points: featurePoints(words.length), weight, words };
}

/**
 * The score `scoreMatch` gives, without the explanation: thousands of candidates are sifted by it and
 * only those worth showing are explained. Null when it cannot be the same animal.
 */
export function quickScore(a: Prepared, b: Prepared): number | null {
  const one = a.description;
  const two = b.description;
  if (one.species !== two.species) return null;
  if (a.chip && b.chip) return a.chip === b.chip ? 100 : null;
  const words = (x: Map<string, string>, y: Map<string, string>, weight: number) =>
    x.size === 0 || y.size === 0 ? 0 : wordPoints(weight, x.size, y.size, sharedCount(x, y));
  const steps = <T extends string>(order: readonly T[], x: T | null, y: T | null, weight: number) => {
    const apart = stepsApart(order, x, y);
    return apart === null ? 0 : stepPoints(weight, apart);
  };
  const total =
    words(a.colour, b.colour, WEIGHTS.colour) +
    words(a.breed, b.breed, WEIGHTS.breed) +
    sexAgreement(one.sex, two.sex) * WEIGHTS.sex +
    steps(AGE_GROUPS, one.ageGroup, two.ageGroup, WEIGHTS.ageGroup) +
    steps(PET_SIZES, one.size, two.size, WEIGHTS.size) +
    areaPoints(a, b) +
    datePoints(one.at, two.at) +
    (a.features.size === 0 || b.features.size === 0 ? 0 : featurePoints(sharedCount(a.features, b.features)));
  return Math.max(0, Math.min(99, total));
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
