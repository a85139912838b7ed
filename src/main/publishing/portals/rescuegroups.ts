import type { PortalProblem } from '../../../shared/portals';
import { photoFileName, planExport, portalCsv, type ExportPlan, type Portal, type PortalAnimal } from './portal';
import type { YesNoUnknown } from '../pet-words';

/**
 * RescueGroups.org's animal import file, from their "Supported animal import fields"
 * (userguide.rescuegroups.org, DMG space): a CSV with a header row, uploaded with the photos it
 * names to the import folder of the organisation's FTP account. externalID, name, status, type and
 * priBreed are required; an import account DELETES every animal it listed before that the next
 * file leaves out, so the plan says which animals a file would drop.
 */

export const RESCUEGROUPS_COLUMNS = [
  'externalID', 'name', 'status', 'type', 'priBreed', 'secBreed', 'mix', 'sex', 'age',
  'okwithdogs', 'okwithcats', 'okwithkids', 'housebroken', 'altered', 'specialNeeds', 'size',
  'uptodate', 'color', 'coatLength', 'dsc', 'photo1', 'photo2', 'photo3', 'photo4',
] as const;
export type RescueGroupsColumn = (typeof RESCUEGROUPS_COLUMNS)[number];

/** Their import takes four photos an animal. */
export const RESCUEGROUPS_PHOTOS = 4;
/** Field lengths of their table: String(45) for externalID, String(50) for the name. */
const NAME_MAX = 50;
const BREED_MAX = 50;
const COLOR_MAX = 50;

/** Our categories by folded name (singular or plural) → their species ("type"). */
const SPECIES: Record<string, string> = {
  dog: 'Dog', puppy: 'Dog', cat: 'Cat', kitten: 'Cat', rabbit: 'Rabbit', bunny: 'Rabbit', bird: 'Bird',
  horse: 'Horse', pony: 'Horse', pig: 'Pig', goat: 'Goat', sheep: 'Sheep', chicken: 'Chicken', duck: 'Duck',
  ferret: 'Ferret', 'guinea pig': 'Guinea Pig', hamster: 'Hamster', gerbil: 'Gerbil', rat: 'Rat', mouse: 'Mouse',
  chinchilla: 'Chinchilla', hedgehog: 'Hedgehog', reptile: 'Reptile', snake: 'Snake', lizard: 'Lizard',
  turtle: 'Turtle', tortoise: 'Tortoise', fish: 'Fish', frog: 'Frog', 'small animal': 'Small Animal',
};

/** Primary "breeds" that are no breed: their import wants a breed plus `mix`, not these words. */
const NO_BREED = new Set(['mix', 'mixed', 'mixed breed', 'unknown', 'n/a', 'na', 'none', 'other', '?']);

export function speciesOf(category: string): string | null {
  const folded = category.trim().toLowerCase().replace(/\s+/g, ' ');
  return SPECIES[folded] ?? SPECIES[folded.replace(/(?:es|s)$/, '')] ?? SPECIES[folded.replace(/s$/, '')] ?? (folded === 'mice' ? 'Mouse' : null);
}

const yesNo = (value: boolean | YesNoUnknown | null): string => (value === true || value === 'yes' ? 'Yes' : value === false || value === 'no' ? 'No' : '');
const SIZES = { small: 'Small', medium: 'Medium', large: 'Large', xlarge: 'X-Large' } as const;
const AGES = { baby: 'Baby', young: 'Young', adult: 'Adult', senior: 'Senior' } as const;
const COATS: Record<string, string> = { short: 'Short', medium: 'Medium', long: 'Long' };
const STATUSES = { available: 'Available', pending: 'Pending', sold: 'Adopted' } as const;

/** Their import reads one line an animal: line breaks become spaces. */
const oneLine = (text: string | null) => (text ?? '').replace(/\s*[\r\n\u2028\u2029]+\s*/g, ' ').trim();

/** The problems that would make RescueGroups (or the portals it feeds) refuse or mangle the animal. */
export function rescueGroupsProblems(animal: PortalAnimal): PortalProblem[] {
  const problems: PortalProblem[] = [];
  const species = speciesOf(animal.category);
  if (species === null) problems.push({ field: 'species', problem: 'unmapped', value: animal.category });
  if (animal.name.length > NAME_MAX) problems.push({ field: 'name', problem: 'too_long', limit: NAME_MAX });
  const breed = animal.breedPrimary?.trim() ?? '';
  if (breed === '') problems.push({ field: 'breed', problem: 'missing' });
  else if (NO_BREED.has(breed.toLowerCase())) problems.push({ field: 'breed', problem: 'unmapped', value: breed });
  else if (breed.length > BREED_MAX || (animal.breedSecondary?.length ?? 0) > BREED_MAX) problems.push({ field: 'breed', problem: 'too_long', limit: BREED_MAX });
  if (animal.sex === null || animal.sex === 'unknown') problems.push({ field: 'sex', problem: 'missing' });
  if (animal.ageGroup === null) problems.push({ field: 'age', problem: 'missing' });
  if ((animal.color?.length ?? 0) > COLOR_MAX) problems.push({ field: 'color', problem: 'too_long', limit: COLOR_MAX });
  if (animal.photos.length === 0) problems.push({ field: 'photo', problem: 'missing' });
  return problems;
}

export function rescueGroupsRow(animal: PortalAnimal): Record<RescueGroupsColumn, string> {
  const photos = animal.photos.slice(0, RESCUEGROUPS_PHOTOS).map((_, index) => photoFileName(animal, index));
  const description = [oneLine(animal.description), animal.specialNeeds ? `Special needs: ${oneLine(animal.specialNeeds)}` : ''].filter(Boolean).join(' ');
  return {
    externalID: `adoption-desk-${animal.id}`,
    name: oneLine(animal.name),
    status: STATUSES[animal.status],
    type: speciesOf(animal.category) ?? '',
    priBreed: oneLine(animal.breedPrimary),
    secBreed: oneLine(animal.breedSecondary),
    mix: animal.breedMixed === null ? (animal.breedSecondary ? 'Yes' : '') : yesNo(animal.breedMixed),
    sex: animal.sex === 'female' ? 'Female' : animal.sex === 'male' ? 'Male' : '',
    age: animal.ageGroup ? AGES[animal.ageGroup] : '',
    okwithdogs: yesNo(animal.goodWith.dogs),
    okwithcats: yesNo(animal.goodWith.cats),
    okwithkids: yesNo(animal.goodWith.kids),
    housebroken: yesNo(animal.houseTrained),
    altered: yesNo(animal.spayedNeutered),
    specialNeeds: animal.specialNeeds ? 'Yes' : '',
    size: animal.size ? SIZES[animal.size] : '',
    uptodate: '',
    color: oneLine(animal.color),
    coatLength: animal.coat ? (COATS[animal.coat] ?? '') : '',
    dsc: description,
    photo1: photos[0] ?? '',
    photo2: photos[1] ?? '',
    photo3: photos[2] ?? '',
    photo4: photos[3] ?? '',
  };
}

export const RESCUEGROUPS: Portal<RescueGroupsColumn> = {
  id: 'rescuegroups',
  name: 'RescueGroups.org',
  /** The file their import account is told to look for; staff may rename it on upload. */
  file: 'rescuegroups.csv',
  columns: RESCUEGROUPS_COLUMNS,
  photos: RESCUEGROUPS_PHOTOS,
  // Every cell quoted, as their sample file is.
  csv: { quoteAll: true },
  problems: rescueGroupsProblems,
  row: rescueGroupsRow,
};

export const planRescueGroupsExport = (animals: readonly PortalAnimal[], previouslyListed: ReadonlyMap<number, string>): ExportPlan<RescueGroupsColumn> =>
  planExport(RESCUEGROUPS, animals, previouslyListed);

export const rescueGroupsCsv = (plan: ExportPlan<RescueGroupsColumn>): string => portalCsv(RESCUEGROUPS, plan);
