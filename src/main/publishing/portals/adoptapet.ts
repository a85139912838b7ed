import { AGE_GROUP_WORDS, type YesNoUnknown } from '../pet-words';
import type { Species } from '../../../shared/species';
import { breedsOn, commonProblems, oneLine, speciesOf, type Portal, type PortalAnimal } from './portal';

/**
 * Adopt-a-Pet's import (after Animal Shelter Manager's publisher): `pets.csv` WITHOUT a header row,
 * and beside it `import.cfg`, which names each column by its position. Flags are Y, N or blank;
 * photos are addresses on the live adoption site. Their FIRST upload from any software erases every
 * pet the shelter listed there before (portal-exports.ts asks for a confirmation); each later upload
 * replaces the listing, so the same "would drop" guard applies.
 */
export const ADOPTAPET_COLUMNS = [
  'Id',
  'Animal',
  'Breed',
  'Breed2',
  'Purebred',
  'Age',
  'Name',
  'Size',
  'Sex',
  'Description',
  'Status',
  'GoodWKids',
  'GoodWCats',
  'GoodWDogs',
  'SpayedNeutered',
  'ShotsCurrent',
  'Housetrained',
  'Declawed',
  'SpecialNeeds',
  'SpecialNeedsNotes',
  'Color',
  'PhotoURL',
  'PhotoURL2',
  'PhotoURL3',
  'PhotoURL4',
] as const;
export type AdoptAPetColumn = (typeof ADOPTAPET_COLUMNS)[number];

/** Adopt-a-Pet's animal kinds, from the species our category names. */
const ANIMALS: Record<string, string> = {
  Dog: 'Dog',
  Cat: 'Cat',
  Rabbit: 'Rabbit',
  Horse: 'Horse',
  Bird: 'Bird',
  Pig: 'Farm Animal',
  Goat: 'Farm Animal',
  Sheep: 'Farm Animal',
  Chicken: 'Farm Animal',
  Duck: 'Farm Animal',
  Ferret: 'Small Animal',
  'Guinea Pig': 'Small Animal',
  Hamster: 'Small Animal',
  Gerbil: 'Small Animal',
  Rat: 'Small Animal',
  Mouse: 'Small Animal',
  Chinchilla: 'Small Animal',
  Hedgehog: 'Small Animal',
  'Small Animal': 'Small Animal',
  Reptile: 'Reptile',
  Snake: 'Reptile',
  Lizard: 'Reptile',
  Turtle: 'Reptile',
  Tortoise: 'Reptile',
};
const animalOf = (species: Species): string | null => ANIMALS[speciesOf(species) ?? ''] ?? null;

const PHOTOS = 4;
const SIZES = { small: 'S', medium: 'M', large: 'L', xlarge: 'XL' } as const;
const STATUSES = { available: 'Available', pending: 'Pending', sold: 'Adopted' } as const;
const yn = (value: boolean | YesNoUnknown | null | undefined): string =>
  value === true || value === 'yes' ? 'Y' : value === false || value === 'no' ? 'N' : '';

function adoptAPetRow(animal: PortalAnimal): Record<AdoptAPetColumn, string> {
  const photos = (animal.photoUrls ?? []).slice(0, PHOTOS);
  const breeds = breedsOn('adoptapet', animal);
  return {
    Id: `adoption-desk-${animal.id}`,
    Animal: animalOf(animal.species) ?? '',
    Breed: breeds.primary,
    Breed2: breeds.secondary,
    Purebred: yn(breeds.mix === null ? null : !breeds.mix),
    Age: animal.ageGroup ? AGE_GROUP_WORDS[animal.ageGroup] : '',
    Name: oneLine(animal.name),
    Size: animal.size ? SIZES[animal.size] : '',
    Sex: animal.sex === 'female' ? 'F' : animal.sex === 'male' ? 'M' : '',
    Description: oneLine(animal.description),
    Status: STATUSES[animal.status],
    GoodWKids: yn(animal.goodWith.kids),
    GoodWCats: yn(animal.goodWith.cats),
    GoodWDogs: yn(animal.goodWith.dogs),
    SpayedNeutered: yn(animal.spayedNeutered),
    ShotsCurrent: yn(animal.shotsCurrent),
    Housetrained: yn(animal.houseTrained),
    Declawed: '',
    SpecialNeeds: animal.specialNeeds ? 'Y' : '',
    SpecialNeedsNotes: oneLine(animal.specialNeeds),
    Color: oneLine(animal.color),
    PhotoURL: photos[0] ?? '',
    PhotoURL2: photos[1] ?? '',
    PhotoURL3: photos[2] ?? '',
    PhotoURL4: photos[3] ?? '',
  };
}

/** import.cfg: pets.csv has no header, so this names its columns, one a line, by position (#1 is the first). */
export const ADOPTAPET_IMPORT_CFG = [
  '; Adopt-a-Pet import map written by Adoption Desk: the columns of pets.csv, which has no header row.',
  '[pets]',
  ...ADOPTAPET_COLUMNS.map((column, index) => `${column}=#${index + 1}`),
  '',
].join('\r\n');

export const ADOPTAPET: Portal<AdoptAPetColumn> = {
  id: 'adoptapet',
  name: 'Adopt-a-Pet',
  file: 'pets.csv',
  columns: ADOPTAPET_COLUMNS,
  photos: { count: PHOTOS, as: 'addresses' },
  csv: { noHeader: true },
  companions: [{ file: 'import.cfg', text: ADOPTAPET_IMPORT_CFG }],
  problems: (animal) => commonProblems(animal, 'adoptapet', animalOf),
  row: adoptAPetRow,
};
