import { createRequire } from 'node:module';
import type * as AnyAscii from 'any-ascii';
import type { Species } from '../../shared/species';
import {
  ageGroupOf,
  ageScaleOf,
  localDay,
  publicProfile,
  type AgeGroup,
  type PetProfile,
  type PublicPetProfile,
} from '../../shared/pet-profile';
import type { PetStatus } from '../../shared/pet';
import type { PetService } from '../pets/pets';
import type { PetProfileService } from '../pets/profiles';
import type { PetWithCategory } from '../pets/store';
import { defaultAltText } from '../photos/alt-text';
import type { PhotoService } from '../photos/photos';
import type { PhotoRow } from '../photos/store';
import { ageInWords } from './pet-words';

/**
 * Where everything published reads its pets: the pets, profiles and photos services of one
 * environment. Nothing else: the people register and the movements never reach publishing.
 */
export interface PublicPetSources {
  pets: Pick<PetService, 'withCategories' | 'withCategory'>;
  petProfiles: Pick<PetProfileService, 'get' | 'all'>;
  photos: Pick<PhotoService, 'list' | 'allByPet' | 'files'>;
  /** Animals whose last stay ended other than by adoption (died, transferred, returned to their owner): no output says they found a home. */
  leftCareOtherwise: () => ReadonlySet<number>;
  /** When each animal's current stay began, by pet id: its intake date when the profile names none. */
  intakeMoments: () => ReadonlyMap<number, number>;
}

/** A photo as published: both sizes' files in the photo store, and the words a screen reader says. */
export interface PublicPhoto {
  /** Content hash: the photo's name in a deploy, so a browser may keep it forever. */
  hash: string;
  alt: string;
  full: { file: string; width: number; height: number };
  thumb: { file: string; width: number; height: number };
  /** File extension of both sizes, without the dot ("webp", "jpg"). */
  extension: string;
}

/** One pet as anything published sees it: its record, its PUBLIC profile (the private fields dropped here), its age and photos. */
export interface PublicPet {
  id: number;
  name: string;
  status: PetStatus;
  category: { id: number; name: string; species: Species };
  /** When the pet came in or its profile last changed: the feeds' dates. */
  updatedAt: number;
  /** Its last stay ended other than by adoption: no longer in care, and not adopted either. */
  leftCare: boolean;
  profile: PublicPetProfile;
  /** From the birth date and the category's age scale, as of the day it is read. */
  ageGroup: AgeGroup | null;
  /** "3 years", "about 2 years". */
  age: string | null;
  /** The cover first. */
  photos: PublicPhoto[];
}

type PhotoOfPet = Omit<PhotoRow, 'petId' | 'createdAt' | 'bytes' | 'id' | 'position'>;

/** A pet's profile and photo rows, read one pet at a time (a few cards) or all at once (the site, the portals). */
interface PetReader {
  profileOf: (petId: number) => PetProfile;
  photosOf: (petId: number) => PhotoOfPet[];
}

/** The public pets of one environment, as of a day (YYYY-MM-DD): ages are said on that day. */
export class PublicPets {
  constructor(private readonly sources: PublicPetSources) {}

  /** Every pet, in id order: two queries for every pet's profiles and photos (5,000 pets: not 30,000 small ones). */
  all(today: string): PublicPet[] {
    const profiles = this.sources.petProfiles.all();
    const photos = this.sources.photos.allByPet();
    return this.read(
      this.sources.pets.withCategories(),
      { profileOf: (petId) => profiles.get(petId) ?? {}, photosOf: (petId) => photos.get(petId) ?? [] },
      today,
    );
  }

  /** These pets, in this order (not_found for one that does not exist): one query per pet and kind, for a few hundred at most. */
  some(ids: readonly number[], today: string): PublicPet[] {
    return this.read(
      ids.map((id) => this.sources.pets.withCategory(id)),
      this.onePetAtATime(),
      today,
    );
  }

  /** The pets of one status, in id order. */
  withStatus(status: PetStatus, today: string): PublicPet[] {
    return this.read(this.sources.pets.withCategories(status), this.onePetAtATime(), today);
  }

  private onePetAtATime(): PetReader {
    return {
      profileOf: (petId) => this.sources.petProfiles.get(petId),
      photosOf: (petId) => this.sources.photos.list(petId),
    };
  }

  private read(rows: readonly PetWithCategory[], reader: PetReader, today: string): PublicPet[] {
    const left = this.sources.leftCareOtherwise();
    const intakes = this.sources.intakeMoments();
    const fileOf = (hash: string, size: 'full' | 'thumb') => this.sources.photos.files.pathOf(hash, size);
    return rows.map((row) => {
      const given = publicProfile(reader.profileOf(row.id));
      const intakeAt = intakes.get(row.id);
      // The stay says when it came in; a date staff typed into the profile stands over it.
      const profile =
        given.intakeDate === undefined && intakeAt !== undefined ? { ...given, intakeDate: localDay(intakeAt) } : given;
      return {
        id: row.id,
        name: row.name,
        status: row.status,
        category: { id: row.categoryId, name: row.category, species: row.species },
        updatedAt: row.updatedAt,
        leftCare: left.has(row.id),
        profile,
        ageGroup: ageGroupOf(profile.birthDate, ageScaleOf(row.species), today),
        age: ageInWords(profile.birthDate, today),
        photos: reader.photosOf(row.id).map((photo) => ({
          hash: photo.hash,
          // Staff's words, else the pet's own (its name and primary breed), as the window shows them.
          alt: photo.alt || defaultAltText({ name: row.name, breed: profile.breedPrimary }),
          extension: 'jpg',
          full: { file: fileOf(photo.hash, 'full'), width: photo.width, height: photo.height },
          thumb: { file: fileOf(photo.hash, 'thumb'), width: photo.thumbWidth, height: photo.thumbHeight },
        })),
      };
    });
  }
}

/** The day `now` falls on (UTC), YYYY-MM-DD: the day ages are said on. */
export const dayOf = (now: number): string => new Date(now).toISOString().slice(0, 10);

/** Letters of scripts written without spaces between syllables: each is a word of its own in an address ("li-xiao-long"). */
const SYLLABLES = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;

/** Made on first use and required, not imported: any-ascii's tables (0.5 MB) stay out of a server that never publishes. */
let transliterate: ((text: string) => string) | undefined;

/** A name as a URL segment: every script's letters in ASCII (Łucja → lucja, Ёжик → ezhik, 李小龙 → li-xiao-long), dashes between. */
export function slugOf(name: string): string {
  transliterate ??= (createRequire(__filename)('any-ascii') as typeof AnyAscii).default;
  const spaced = Array.from(name.normalize('NFC'), (letter) => (SYLLABLES.test(letter) ? ` ${letter} ` : letter)).join(
    '',
  );
  return asciiSlug(transliterate(spaced)) || 'pet';
}

/** The segment of the releases before transliteration, which dropped every letter it could not strip of its accents (Łucja → ucja). */
export function earlierSlugOf(name: string): string {
  return asciiSlug(name.normalize('NFKD').replace(/[\u0300-\u036f]/g, '')) || 'pet';
}

function asciiSlug(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '');
}

/** A pet's page on the adoption site, at the same address whatever becomes of it (kennel cards' QR codes open it). A file, not a folder: 5,000 pets are 5,000 files to write, not 5,000 folders more. */
export const petPath = (pet: { id: number; name: string }): string => `/pets/${pet.id}-${slugOf(pet.name)}.html`;

/** Where earlier releases put the pet's page, when it was elsewhere: a printed QR code may still open it. */
export function earlierPetPath(pet: { id: number; name: string }): string | null {
  const earlier = `/pets/${pet.id}-${earlierSlugOf(pet.name)}.html`;
  return earlier === petPath(pet) ? null : earlier;
}

/** A photo's file on the adoption site (and the address portals link to): named by its content, so a browser may keep it forever. */
export const photoPath = (photo: PublicPhoto, size: 'full' | 'thumb'): string =>
  `/photos/${photo.hash}${size === 'thumb' ? '-thumb' : ''}.${photo.extension}`;

/** Made on first use: a collator made as the server starts keeps MiB of ICU's data resident in a server that never publishes. */
let byName: Intl.Collator | undefined;

/** Names in natural order ("Biscuit 109" before "Biscuit 1005"), case and accents aside. */
export function compareNames(a: string, b: string): number {
  byName ??= new Intl.Collator('en', { numeric: true, sensitivity: 'base' });
  return byName.compare(a, b);
}

/** Natural order ("Biscuit 109" before "Biscuit 1005"), then by id so equal names keep one order. */
export function sortPets<T extends { id: number; name: string }>(pets: readonly T[]): T[] {
  return [...pets].sort((a, b) => compareNames(a.name, b.name) || a.id - b.id);
}
