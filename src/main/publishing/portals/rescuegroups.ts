import type { PortalProblem } from '../../../shared/portals';
import { AGE_GROUP_WORDS, type YesNoUnknown } from '../pet-words';
import {
  breedsOn,
  commonProblems,
  oneLine,
  photoFileName,
  planExport,
  portalCsv,
  speciesOf,
  type ExportPlan,
  type Portal,
  type PortalAnimal,
} from './portal';

/**
 * RescueGroups.org's animal import file, from their "Supported animal import fields"
 * (userguide.rescuegroups.org, DMG space): a CSV with a header row, uploaded with the photos it
 * names to the import folder of the organisation's FTP account. externalID, name, status, type and
 * priBreed are required; an import account DELETES every animal it listed before that the next
 * file leaves out, so the plan says which animals a file would drop.
 */

export const RESCUEGROUPS_COLUMNS = [
  'externalID',
  'name',
  'status',
  'type',
  'priBreed',
  'secBreed',
  'mix',
  'sex',
  'age',
  'okwithdogs',
  'okwithcats',
  'okwithkids',
  'housebroken',
  'altered',
  'specialNeeds',
  'size',
  'uptodate',
  'color',
  'coatLength',
  'dsc',
  'photo1',
  'photo2',
  'photo3',
  'photo4',
] as const;
export type RescueGroupsColumn = (typeof RESCUEGROUPS_COLUMNS)[number];

/** Their import takes four photos an animal. */
export const RESCUEGROUPS_PHOTOS = 4;
/** Field lengths of their table: String(45) for externalID, String(50) for the name. */
const NAME_MAX = 50;
const BREED_MAX = 50;
const COLOR_MAX = 50;

const yesNo = (value: boolean | YesNoUnknown | null): string =>
  value === true || value === 'yes' ? 'Yes' : value === false || value === 'no' ? 'No' : '';
const SIZES = { small: 'Small', medium: 'Medium', large: 'Large', xlarge: 'X-Large' } as const;
const COATS: Record<string, string> = { short: 'Short', medium: 'Medium', long: 'Long' };
const STATUSES = { available: 'Available', pending: 'Pending', sold: 'Adopted' } as const;

/** The problems that would make RescueGroups (or the portals it feeds) refuse or mangle the animal. */
export function rescueGroupsProblems(animal: PortalAnimal): PortalProblem[] {
  const problems = commonProblems(animal, 'rescuegroups', speciesOf, { name: NAME_MAX, breed: BREED_MAX });
  if ((animal.color?.length ?? 0) > COLOR_MAX) problems.push({ field: 'color', problem: 'too_long', limit: COLOR_MAX });
  if (animal.photos.length === 0) problems.push({ field: 'photo', problem: 'missing' });
  return problems;
}

export function rescueGroupsRow(animal: PortalAnimal): Record<RescueGroupsColumn, string> {
  const photos = animal.photos.slice(0, RESCUEGROUPS_PHOTOS).map((_, index) => photoFileName(animal, index));
  const breeds = breedsOn('rescuegroups', animal);
  const description = [
    oneLine(animal.description),
    animal.specialNeeds ? `Special needs: ${oneLine(animal.specialNeeds)}` : '',
  ]
    .filter(Boolean)
    .join(' ');
  return {
    externalID: `adoption-desk-${animal.id}`,
    name: oneLine(animal.name),
    status: STATUSES[animal.status],
    type: speciesOf(animal.species) ?? '',
    priBreed: breeds.primary,
    secBreed: breeds.secondary,
    mix: yesNo(breeds.mix),
    sex: animal.sex === 'female' ? 'Female' : animal.sex === 'male' ? 'Male' : '',
    age: animal.ageGroup ? AGE_GROUP_WORDS[animal.ageGroup] : '',
    okwithdogs: yesNo(animal.goodWith.dogs),
    okwithcats: yesNo(animal.goodWith.cats),
    okwithkids: yesNo(animal.goodWith.kids),
    housebroken: yesNo(animal.houseTrained),
    altered: yesNo(animal.spayedNeutered),
    specialNeeds: animal.specialNeeds ? 'Yes' : '',
    size: animal.size ? SIZES[animal.size] : '',
    uptodate: yesNo(animal.shotsCurrent ?? null),
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
  photos: { count: RESCUEGROUPS_PHOTOS, as: 'files' },
  // Every cell quoted, as their sample file is.
  csv: { quoteAll: true },
  problems: rescueGroupsProblems,
  row: rescueGroupsRow,
};

export const planRescueGroupsExport = (
  animals: readonly PortalAnimal[],
  previouslyListed: ReadonlyMap<number, string>,
): ExportPlan<RescueGroupsColumn> => planExport(RESCUEGROUPS, animals, previouslyListed);

export const rescueGroupsCsv = (plan: ExportPlan<RescueGroupsColumn>): string => portalCsv(RESCUEGROUPS, plan);
