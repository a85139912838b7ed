import type { Species } from '../../../shared/species';
import fs from 'node:fs';
import path from 'node:path';
import type { PortalId, PortalProblem } from '../../../shared/portals';
import { copyFileAtomically, writeFileAtomically } from '../../files/atomic-write';
import { csvText, type CsvOptions } from '../../files/csv';
import type { YesNoUnknown } from '../pet-words';
import { photoPath, type PublicPet } from '../public-pet';
import { breedOn, breedSuggestions, saysMix } from './breeds/breeds';

/**
 * The base every adoption portal's file is made on (after Animal Shelter Manager's publishers):
 * which animals go in, the pre-flight reasons one is kept out, what the last file listed and this
 * one would drop, and the writer of the file and its photos. A portal is one small file of its own
 * columns and rules (rescuegroups.ts).
 */

/** What a portal reads of a pet: its public profile, worded by the profile's own values. */
export interface PortalAnimal {
  id: number;
  name: string;
  status: 'available' | 'pending' | 'sold';
  /** Left care other than by adoption (died, transferred, returned to its owner): never listed, not even as adopted. */
  leftCare?: boolean;
  category: string;
  /** The category's species: what the portals' type, species and breed lists are chosen by (never the category's name). */
  species: Species;
  breedPrimary: string | null;
  breedSecondary: string | null;
  breedMixed: boolean | null;
  sex: 'female' | 'male' | 'unknown' | null;
  ageGroup: 'baby' | 'young' | 'adult' | 'senior' | null;
  size: 'small' | 'medium' | 'large' | 'xlarge' | null;
  color: string | null;
  coat: string | null;
  description: string | null;
  goodWith: { kids: YesNoUnknown | null; dogs: YesNoUnknown | null; cats: YesNoUnknown | null };
  houseTrained: boolean | null;
  spayedNeutered: boolean | null;
  specialNeeds: string | null;
  /** Photo files, the cover first. */
  photos: string[];
  /** The same photos' addresses on the live adoption site, for a portal that fetches them (Petfinder). */
  photoUrls?: string[];
  birthDate?: string | null;
  intakeDate?: string | null;
  adoptionFee?: number | null;
  /** Current on its shots, from care's records (care.upToDate); null or absent: nothing recorded. */
  shotsCurrent?: boolean | null;
}

/** A public pet as the portals read it; with the adoption site's live address, its photos' addresses there; with care's word, its shots. */
export function portalAnimalOf(
  pet: PublicPet,
  siteAddress?: string,
  shotsCurrent: boolean | null = null,
): PortalAnimal {
  const { profile } = pet;
  return {
    id: pet.id,
    name: pet.name,
    status: pet.status,
    // As on the adoption site: "sold" with a last stay that ended otherwise is no adoption.
    leftCare: pet.status === 'sold' && pet.leftCare,
    category: pet.category.name,
    species: pet.category.species,
    breedPrimary: profile.breedPrimary ?? null,
    breedSecondary: profile.breedSecondary ?? null,
    breedMixed: profile.breedMixed ?? null,
    sex: profile.sex ?? null,
    ageGroup: pet.ageGroup,
    size: profile.size ?? null,
    color: profile.color ?? null,
    coat: profile.coat ?? null,
    description: profile.description ?? null,
    goodWith: {
      kids: profile.goodWithKids ?? null,
      dogs: profile.goodWithDogs ?? null,
      cats: profile.goodWithCats ?? null,
    },
    houseTrained: profile.houseTrained ?? null,
    spayedNeutered: profile.spayedNeutered ?? null,
    specialNeeds: profile.specialNeeds ?? null,
    photos: pet.photos.map((photo) => photo.full.file),
    ...(siteAddress === undefined
      ? {}
      : { photoUrls: pet.photos.map((photo) => `${siteAddress}${photoPath(photo, 'full')}`) }),
    birthDate: profile.birthDate ?? null,
    intakeDate: profile.intakeDate ?? null,
    adoptionFee: profile.adoptionFee ?? null,
    shotsCurrent,
  };
}

/** Our species → the species portals know (RescueGroups.org's "type" names); `other` is none of theirs. */
const PORTAL_SPECIES: Record<Species, string | null> = {
  dog: 'Dog',
  cat: 'Cat',
  rabbit: 'Rabbit',
  bird: 'Bird',
  small_animal: 'Small Animal',
  reptile: 'Reptile',
  horse: 'Horse',
  other: null,
};

/** The portal species of a category's species, whatever the category is called ("Chiens" are dogs). */
export function speciesOf(species: Species): string | null {
  return PORTAL_SPECIES[species];
}

/** Primary "breeds" that are no breed: the portals want a breed plus "mix", not these words. */
const NO_BREED = new Set(['mix', 'mixed', 'mixed breed', 'unknown', 'n/a', 'na', 'none', 'other', '?']);

/**
 * The pre-flight every portal shares: a species it knows (`typeOf` maps ours to its own), a name and
 * breeds within its lengths, a primary breed that is one and that the portal lists (so is the
 * secondary), a known sex and an age group.
 */
export function commonProblems(
  animal: PortalAnimal,
  portal: PortalId,
  typeOf: (species: Species) => string | null,
  limits: { name?: number; breed?: number } = {},
): PortalProblem[] {
  const problems: PortalProblem[] = [];
  if (typeOf(animal.species) === null) problems.push({ field: 'species', problem: 'unmapped', value: animal.category });
  if (limits.name !== undefined && animal.name.length > limits.name)
    problems.push({ field: 'name', problem: 'too_long', limit: limits.name });
  const breed = animal.breedPrimary?.trim() ?? '';
  if (breed === '') problems.push({ field: 'breed', problem: 'missing' });
  else if (NO_BREED.has(breed.toLowerCase())) problems.push({ field: 'breed', problem: 'unmapped', value: breed });
  else if (
    limits.breed !== undefined &&
    (breed.length > limits.breed || (animal.breedSecondary?.length ?? 0) > limits.breed)
  )
    problems.push({ field: 'breed', problem: 'too_long', limit: limits.breed });
  else problems.push(...unlistedBreeds(animal, portal));
  if (animal.sex === null || animal.sex === 'unknown') problems.push({ field: 'sex', problem: 'missing' });
  if (animal.ageGroup === null) problems.push({ field: 'age', problem: 'missing' });
  return problems;
}

/** The breeds the portal does not list (breeds/breed-table.ts), each with its closest names to pick instead. */
function unlistedBreeds(animal: PortalAnimal, portal: PortalId): PortalProblem[] {
  const species = speciesOf(animal.species);
  if (species === null) return [];
  const problems: PortalProblem[] = [];
  for (const [field, typed] of [
    ['breed', animal.breedPrimary],
    ['secondaryBreed', animal.breedSecondary],
  ] as const) {
    const value = oneLine(typed);
    if (value === '' || (field === 'secondaryBreed' && NO_BREED.has(value.toLowerCase()))) continue;
    if (breedOn(portal, species, value) === null)
      problems.push({
        field,
        problem: 'not_listed',
        value,
        portal,
        suggestions: breedSuggestions(portal, species, value),
      });
  }
  return problems;
}

/** The animal's breeds in the portal's names (the pre-flight saw they exist), and whether it is a mix, "Beagle mix" saying so too. */
export function breedsOn(
  portal: PortalId,
  animal: PortalAnimal,
): { primary: string; secondary: string; mix: boolean | null } {
  const species = speciesOf(animal.species);
  const mixed = isMix(animal) ?? (saysMix(animal.breedPrimary) || saysMix(animal.breedSecondary) ? true : null);
  return {
    primary: breedOn(portal, species, animal.breedPrimary) ?? '',
    secondary: breedOn(portal, species, animal.breedSecondary) ?? '',
    mix: mixed,
  };
}

/** The portals read one line an animal: line breaks become spaces. */
export const oneLine = (text: string | null | undefined) =>
  (text ?? '').replace(/\s*[\r\n\u2028\u2029]+\s*/g, ' ').trim();

/** A mix as the profile says it; unsaid, a cross of two named breeds is one. */
export const isMix = (animal: Pick<PortalAnimal, 'breedMixed' | 'breedSecondary'>): boolean | null =>
  animal.breedMixed === null ? (animal.breedSecondary ? true : null) : animal.breedMixed;

/** One portal's file: its name, columns, rules and how many photos an animal it takes. */
export interface Portal<Column extends string> {
  /** Its key in portal_listings. */
  id: PortalId;
  /** As staff know it, in the refusal of an export that would drop animals. */
  name: string;
  file: string;
  columns: readonly Column[];
  /** How many photos an animal, and whether they go as files beside the CSV or as addresses on the live site. */
  photos: { count: number; as: 'files' | 'addresses' };
  csv: CsvOptions;
  /** Files written beside the CSV on every export (Adopt-a-Pet's import.cfg). */
  companions?: ReadonlyArray<{ file: string; text: string }>;
  /** The pre-flight: what would make the portal refuse or mangle the animal; none, and it is listed. */
  problems: (animal: PortalAnimal) => PortalProblem[];
  row: (animal: PortalAnimal) => Record<Column, string>;
}

export interface ExportPlan<Column extends string = string> {
  listed: Array<{ animal: PortalAnimal; row: Record<Column, string> }>;
  refused: Array<{ animal: PortalAnimal; problems: PortalProblem[] }>;
  /** Animals the previous file listed that this one leaves out by mistake (refused now, or gone): the portal would delete them. */
  dropped: Array<{ id: number; name: string; reason: 'refused' | 'gone' }>;
  /** Animals the previous file listed that left care other than by adoption: left out on purpose, so the portal deletes them. */
  removed: Array<{ id: number; name: string }>;
}

/**
 * Which animals go into the file: every available or pending pet, and an adopted one the last file
 * listed (so the portal shows it adopted rather than deleting it). One that left care otherwise is
 * left out (the portal deletes a listing the file leaves out). An animal with a problem is left
 * out, whole.
 */
export function planExport<Column extends string>(
  portal: Portal<Column>,
  animals: readonly PortalAnimal[],
  previouslyListed: ReadonlyMap<number, string>,
): ExportPlan<Column> {
  const plan: ExportPlan<Column> = { listed: [], refused: [], dropped: [], removed: [] };
  const seen = new Set<number>();
  for (const animal of animals) {
    const before = previouslyListed.has(animal.id);
    if (animal.status === 'sold' && !before) continue;
    seen.add(animal.id);
    if (animal.leftCare) {
      plan.removed.push({ id: animal.id, name: animal.name });
      continue;
    }
    const problems = portal.problems(animal);
    if (problems.length > 0) {
      plan.refused.push({ animal, problems });
      if (before) plan.dropped.push({ id: animal.id, name: animal.name, reason: 'refused' });
    } else {
      plan.listed.push({ animal, row: portal.row(animal) });
    }
  }
  for (const [id, name] of previouslyListed) if (!seen.has(id)) plan.dropped.push({ id, name, reason: 'gone' });
  return plan;
}

/** The file's text: the portal's columns, one line an animal (files/csv.ts keeps formulas text). */
export function portalCsv<Column extends string>(portal: Portal<Column>, plan: ExportPlan<Column>): string {
  return csvText(
    portal.columns,
    plan.listed.map(({ row }) => portal.columns.map((column) => row[column])),
    portal.csv,
  );
}

/** An export is public content the staff upload: readable by all, like any file they save. */
const PUBLIC_FILE = 0o644;

export const photoFileName = (animal: Pick<PortalAnimal, 'id'>, index: number) =>
  `adoption-desk-${animal.id}-${index + 1}.jpg`;

/**
 * Writes the file and (for a portal that takes files) the listed animals' photos into `dir` (every file through files/atomic-write.ts).
 * Returns the file's path and, per listed animal, how many photos went with it.
 */
export function writePortalFiles<Column extends string>(
  portal: Portal<Column>,
  plan: ExportPlan<Column>,
  dir: string,
): { file: string; listed: Array<{ id: number; name: string; photos: number }> } {
  fs.mkdirSync(dir, { recursive: true });
  const listed = plan.listed.map(({ animal }) => {
    if (portal.photos.as === 'addresses')
      return { id: animal.id, name: animal.name, photos: Math.min(portal.photos.count, animal.photoUrls?.length ?? 0) };
    const photos = animal.photos.slice(0, portal.photos.count);
    // The stored photos are JPEG already (photos/process-photo.ts): copied under the names the file gives, readable for the upload.
    photos.forEach((file, index) =>
      copyFileAtomically(file, path.join(dir, photoFileName(animal, index)), PUBLIC_FILE),
    );
    return { id: animal.id, name: animal.name, photos: photos.length };
  });
  const file = path.join(dir, portal.file);
  writeFileAtomically(file, portalCsv(portal, plan), PUBLIC_FILE);
  for (const companion of portal.companions ?? [])
    writeFileAtomically(path.join(dir, companion.file), companion.text, PUBLIC_FILE);
  return { file, listed };
}
