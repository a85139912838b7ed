import type Database from 'better-sqlite3';
import { ageGroupOf, ageInMonths, ageScaleOf, publicProfile, type GoodWith, type PetProfile } from '../../../shared/pet-profile';
import type { PetProfileService } from '../../pets/profiles';
import { defaultAltText } from '../../photos/alt-text';
import type { PhotoService } from '../../photos/photos';
import type { PhotoRow } from '../../photos/store';
import type { ShelterService } from '../../shelter/shelter';
import type { AdoptionSiteInput, SitePet, YesNoUnknown } from './model';

/** Where the site's words and photos come from: the engine's services of one environment. */
export interface SiteSources {
  sqlite: Database.Database;
  petProfiles: Pick<PetProfileService, 'get' | 'all'>;
  shelter: Pick<ShelterService, 'get' | 'logo'>;
  photos: Pick<PhotoService, 'list' | 'allByPet' | 'files'>;
  /** Animals whose last stay ended other than by adoption (died, transferred, returned to their owner): no page says they found a home. */
  leftCareOtherwise?: () => ReadonlySet<number>;
}

/** A pet's profile and photo rows, read one pet at a time (cards, exports) or all at once (the site). */
export interface PetReader {
  profileOf: (petId: number) => PetProfile;
  photosOf: (petId: number) => Array<Omit<PhotoRow, 'petId' | 'createdAt' | 'bytes' | 'id' | 'position'>>;
  fileOf: (hash: string, size: 'full' | 'thumb') => string;
}

/** One query per pet and kind: for a few hundred pets at most. */
export function petByPet(sources: Pick<SiteSources, 'petProfiles' | 'photos'>): PetReader {
  return { profileOf: (petId) => sources.petProfiles.get(petId), photosOf: (petId) => sources.photos.list(petId), fileOf: (hash, size) => sources.photos.files.pathOf(hash, size) };
}

/** Two queries for every pet: profiles and photos (5,000 pets: one query each, not 30,000 small ones). */
export function allPets(sources: Pick<SiteSources, 'petProfiles' | 'photos'>): PetReader {
  const profiles = sources.petProfiles.all();
  const photos = sources.photos.allByPet();
  return { profileOf: (petId) => profiles.get(petId) ?? {}, photosOf: (petId) => photos.get(petId) ?? [], fileOf: (hash, size) => sources.photos.files.pathOf(hash, size) };
}

export interface PetRow {
  id: number;
  name: string;
  status: 'available' | 'pending' | 'sold';
  categoryId: number;
  category: string;
  updatedAt: number;
}

/** A pet with its category's name; callers add the WHERE. */
export const PET_ROWS = `SELECT pets.id AS id, pets.name AS name, pets.status AS status, pets.category_id AS categoryId, categories.name AS category, pets.updated_at AS updatedAt
  FROM pets JOIN categories ON categories.id = pets.category_id`;

/** One pet as anything published shows it: its PUBLIC profile (private fields dropped here) and its photos. */
export function sitePetOf(reader: PetReader, row: PetRow, today: string): SitePet {
  const profile = publicProfile(reader.profileOf(row.id));
  const breed = [profile.breedPrimary, profile.breedSecondary].filter(Boolean).join(' / ');
  return {
    id: row.id,
    name: row.name,
    availability: row.status === 'sold' ? 'adopted' : row.status,
    category: { id: row.categoryId, name: row.category },
    breed: breed ? `${breed}${profile.breedMixed ? ' mix' : ''}` : profile.breedMixed ? 'Mixed breed' : null,
    sex: profile.sex ?? null,
    ageGroup: ageGroupOf(profile.birthDate, ageScaleOf(row.category), today),
    age: ageInWords(profile.birthDate, today),
    size: profile.size ?? null,
    colour: profile.color ?? null,
    coat: profile.coat ? `${profile.coat[0]!.toUpperCase()}${profile.coat.slice(1)}` : null,
    goodWith: { kids: yesNo(profile.goodWithKids), dogs: yesNo(profile.goodWithDogs), cats: yesNo(profile.goodWithCats) },
    houseTrained: flag(profile.houseTrained),
    spayedNeutered: flag(profile.spayedNeutered),
    specialNeeds: profile.specialNeeds ?? null,
    description: profile.description ?? null,
    fee: profile.adoptionFee ?? null,
    updatedAt: row.updatedAt,
    photos: reader.photosOf(row.id).map((photo) => ({
      hash: photo.hash,
      // Staff's words, else the pet's own (its name and primary breed), as the window shows them.
      alt: photo.alt || defaultAltText({ name: row.name, breed: profile.breedPrimary }),
      extension: 'jpg',
      full: { file: reader.fileOf(photo.hash, 'full'), width: photo.width, height: photo.height },
      thumb: { file: reader.fileOf(photo.hash, 'thumb'), width: photo.thumbWidth, height: photo.thumbHeight },
    })),
  };
}

const LOGO_EXTENSIONS = { 'image/png': 'png', 'image/jpeg': 'jpg', 'image/webp': 'webp' } as const;

/**
 * The site as of now: the shelter's profile and every pet, whatever its status (a pending or adopted
 * pet keeps its page), with its PUBLIC profile (the private fields never reach the generator) and
 * its photos. `fallbackName` titles the site until the shelter profile names the shelter.
 */
export function readSiteContent(sources: SiteSources, baseUrl: string, now: number, fallbackName: string): AdoptionSiteInput {
  const shelter = sources.shelter.get();
  const logo = sources.shelter.logo();
  const today = new Date(now).toISOString().slice(0, 10);
  const leftOtherwise = sources.leftCareOtherwise?.() ?? new Set<number>();
  const rows = sources.sqlite
    .prepare<[], PetRow>(PET_ROWS)
    .all()
    .filter((row) => row.status !== 'sold' || !leftOtherwise.has(row.id));
  const reader = allPets(sources);
  const pets = rows.map((row) => sitePetOf(reader, row, today));
  return {
    shelter: {
      name: shelter.name ?? fallbackName,
      address: shelter.address ?? null,
      phone: shelter.phone ?? null,
      email: shelter.email ?? null,
      website: shelter.website ?? null,
      openingHours: shelter.openingHours ?? null,
      howToAdopt: shelter.howToAdopt ?? null,
      currency: shelter.currency ?? null,
      logo: logo ? { bytes: logo.bytes, extension: LOGO_EXTENSIONS[logo.mediaType] } : null,
    },
    pets,
    baseUrl: baseUrl.replace(/\/+$/, ''),
    renderedAt: now,
  };
}

const yesNo = (value: GoodWith | undefined): YesNoUnknown => value ?? 'unknown';
const flag = (value: boolean | undefined): YesNoUnknown => (value === undefined ? 'unknown' : value ? 'yes' : 'no');

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
