import { AGE_GROUP_WORDS } from '../pet-words';
import type { Species } from '../../../shared/species';
import { breedsOn, commonProblems, oneLine, speciesOf, type Portal, type PortalAnimal } from './portal';

/**
 * Petfinder's CSV import, in the column order another shelter system (Animal Shelter Manager) uses
 * after Petfinder's import documentation of August 2019. Sex M/F, Size S/M/L/XL, Status A (adoptable),
 * H (on hold) or X (adopted); flags "1" or blank, NoDogs, NoCats and NoKids inverted (1: not good
 * with them); dates YYYY-MM-DD; photos as addresses on the live adoption site. Each upload replaces
 * the whole listing, so an animal the file leaves out is removed from Petfinder.
 */
export const PETFINDER_COLUMNS = [
  'ID',
  'Internal',
  'AnimalName',
  'PrimaryBreed',
  'SecondaryBreed',
  'Sex',
  'Size',
  'Age',
  'Desc',
  'Type',
  'Status',
  'Shots',
  'Altered',
  'NoDogs',
  'NoCats',
  'NoKids',
  'Housetrained',
  'Declawed',
  'specialNeeds',
  'Mix',
  'photo1',
  'photo2',
  'photo3',
  'photo4',
  'photo5',
  'photo6',
  'arrival_date',
  'birth_date',
  'primaryColor',
  'secondaryColor',
  'tertiaryColor',
  'coat_length',
  'adoption_fee',
  'display_adoption_fee',
  'adoption_fee_waived',
  'special_needs_notes',
  'no_other',
  'no_other_note',
  'tags',
] as const;
export type PetfinderColumn = (typeof PETFINDER_COLUMNS)[number];

/** Petfinder's animal types, from the species our category names. */
const TYPES: Record<string, string> = {
  Dog: 'Dog',
  Cat: 'Cat',
  Rabbit: 'Rabbit',
  Horse: 'Horse',
  Bird: 'Bird',
  Pig: 'Barnyard',
  Goat: 'Barnyard',
  Sheep: 'Barnyard',
  Chicken: 'Barnyard',
  Duck: 'Barnyard',
  Ferret: 'Small & Furry',
  'Guinea Pig': 'Small & Furry',
  Hamster: 'Small & Furry',
  Gerbil: 'Small & Furry',
  Rat: 'Small & Furry',
  Mouse: 'Small & Furry',
  Chinchilla: 'Small & Furry',
  Hedgehog: 'Small & Furry',
  'Small Animal': 'Small & Furry',
  Reptile: 'Scales, Fins & Other',
  Snake: 'Scales, Fins & Other',
  Lizard: 'Scales, Fins & Other',
  Turtle: 'Scales, Fins & Other',
  Tortoise: 'Scales, Fins & Other',
  Fish: 'Scales, Fins & Other',
  Frog: 'Scales, Fins & Other',
};
const typeOf = (species: Species): string | null => TYPES[speciesOf(species) ?? ''] ?? null;

const SEXES = { female: 'F', male: 'M' } as const;
const SIZES = { small: 'S', medium: 'M', large: 'L', xlarge: 'XL' } as const;
const STATUSES = { available: 'A', pending: 'H', sold: 'X' } as const;
const PHOTOS = 6;
const on = (value: boolean | null | undefined): string => (value ? '1' : '');
const capitalised = (text: string | null): string => (text ? `${text[0]!.toUpperCase()}${text.slice(1)}` : '');

function petfinderRow(animal: PortalAnimal): Record<PetfinderColumn, string> {
  const photos = (animal.photoUrls ?? []).slice(0, PHOTOS);
  const fee = animal.adoptionFee ?? null;
  const breeds = breedsOn('petfinder', animal);
  return {
    ID: `adoption-desk-${animal.id}`,
    Internal: String(animal.id),
    AnimalName: oneLine(animal.name),
    PrimaryBreed: breeds.primary,
    SecondaryBreed: breeds.secondary,
    Sex: animal.sex === 'female' || animal.sex === 'male' ? SEXES[animal.sex] : '',
    Size: animal.size ? SIZES[animal.size] : '',
    Age: animal.ageGroup ? AGE_GROUP_WORDS[animal.ageGroup] : '',
    Desc: oneLine(animal.description),
    Type: typeOf(animal.species) ?? '',
    Status: STATUSES[animal.status],
    Shots: on(animal.shotsCurrent),
    Altered: on(animal.spayedNeutered),
    NoDogs: on(animal.goodWith.dogs === 'no'),
    NoCats: on(animal.goodWith.cats === 'no'),
    NoKids: on(animal.goodWith.kids === 'no'),
    Housetrained: on(animal.houseTrained),
    Declawed: '',
    specialNeeds: on(animal.specialNeeds !== null),
    Mix: on(breeds.mix),
    photo1: photos[0] ?? '',
    photo2: photos[1] ?? '',
    photo3: photos[2] ?? '',
    photo4: photos[3] ?? '',
    photo5: photos[4] ?? '',
    photo6: photos[5] ?? '',
    arrival_date: animal.intakeDate ?? '',
    // An estimate (a year or a month) is no date: the Age column says it.
    birth_date: animal.birthDate?.length === 10 ? animal.birthDate : '',
    primaryColor: oneLine(animal.color),
    secondaryColor: '',
    tertiaryColor: '',
    coat_length: capitalised(animal.coat),
    adoption_fee: fee === null ? '' : fee.toFixed(2),
    display_adoption_fee: on(fee !== null),
    adoption_fee_waived: on(fee === 0),
    special_needs_notes: oneLine(animal.specialNeeds),
    no_other: '',
    no_other_note: '',
    tags: '',
  };
}

export const PETFINDER: Portal<PetfinderColumn> = {
  id: 'petfinder',
  name: 'Petfinder',
  file: 'petfinder.csv',
  columns: PETFINDER_COLUMNS,
  photos: { count: PHOTOS, as: 'addresses' },
  csv: {},
  problems: (animal) => commonProblems(animal, 'petfinder', typeOf),
  row: petfinderRow,
};
