import { createHash } from 'node:crypto';
import type { ShelterService } from '../../shelter/shelter';
import type { GeneratedSite } from '../../sites/generated-site';
import { ageInWords, breedWords, flag, goodWithOf } from '../pet-words';
import { dayOf, type PublicPet, type PublicPets } from '../public-pet';
import { publishedWords, type PublishedWords } from '../words/words';
import type { AdoptionSiteInput, SitePet } from './model';
import { writeAdoptionSite } from './site';

/** Where the site's words come from besides its pets: the shelter's profile and logo. */
export interface SiteSources {
  publicPets: PublicPets;
  shelter: Pick<ShelterService, 'get' | 'logo'>;
  applicationsPaused?: (() => ReadonlySet<number>) | undefined;
}

/** A public pet in the site's words: in the shelter's language, its age said on `today`. */
export function sitePetOf(pet: PublicPet, words: PublishedWords, today: string, paused = false): SitePet {
  const { profile } = pet;
  return {
    id: pet.id,
    name: pet.name,
    availability: pet.status === 'sold' ? (pet.leftCare ? 'gone' : 'adopted') : pet.status,
    category: pet.category,
    breed: breedWords(profile, words),
    sex: profile.sex ?? null,
    ageGroup: pet.ageGroup,
    age: ageInWords(profile.birthDate, today, words),
    size: profile.size ?? null,
    colour: profile.color ?? null,
    coat: profile.coat ? words.t(`pet.coat.${profile.coat}`) : null,
    goodWith: goodWithOf(profile),
    houseTrained: flag(profile.houseTrained),
    spayedNeutered: flag(profile.spayedNeutered),
    specialNeeds: profile.specialNeeds ?? null,
    description: profile.description ?? null,
    fee: profile.adoptionFee ?? null,
    updatedAt: pet.updatedAt,
    applicationsPaused: paused,
    // A page that says only "no longer here" publishes no photo of the animal.
    photos: pet.status === 'sold' && pet.leftCare ? [] : pet.photos,
  };
}

const LOGO_EXTENSIONS = { 'image/png': 'png', 'image/jpeg': 'jpg', 'image/webp': 'webp' } as const;

/**
 * The site as of now: the shelter's profile and every pet, whatever its status (a pending or adopted
 * pet keeps its page; one that left care other than by adoption keeps one that says only that it is
 * no longer at the shelter, so a printed QR code still opens something true), with its PUBLIC profile
 * (the private fields never reach the generator) and its photos. `fallbackName` titles the site
 * until the shelter profile names the shelter.
 */
export function readSiteContent(
  sources: SiteSources,
  baseUrl: string,
  now: number,
  fallbackName: string,
): AdoptionSiteInput {
  const shelter = sources.shelter.get();
  const logo = sources.shelter.logo();
  const words = publishedWords(shelter.language);
  const today = dayOf(now);
  const paused = sources.applicationsPaused?.() ?? new Set<number>();
  const pets = sources.publicPets.all(today).map((pet) => sitePetOf(pet, words, today, paused.has(pet.id)));
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
    words,
  };
}

/** The adoption site as sites/ hosts it: written on deploy, fingerprinted for the follower. */
export function adoptionSite(sources: SiteSources, baseUrl: string, now: number, fallbackName: string): GeneratedSite {
  const content = readSiteContent(sources, baseUrl, now, fallbackName);
  return {
    fingerprint: siteFingerprint(content),
    write: (staging, maxBytes) => writeAdoptionSite(staging, content, maxBytes),
  };
}

/**
 * What the site is made of, hashed: everything but the moment it was read and the pets' `updatedAt`
 * (a private field's change touches it, and must not republish); the logo by its bytes.
 */
export function siteFingerprint(content: AdoptionSiteInput): string {
  const hash = createHash('sha256');
  const { renderedAt, shelter, pets, words: published, ...rest } = content;
  void renderedAt;
  // Another language republishes; English adds nothing, so an English site's fingerprint stays what it was.
  if (published && published.language !== 'en') hash.update(`language:${published.language}\n`);
  const { logo, ...words } = shelter;
  const shown = pets.map(({ updatedAt, ...pet }) => (void updatedAt, pet));
  hash.update(JSON.stringify({ ...rest, shelter: words, pets: shown }));
  if (logo) hash.update(logo.bytes).update(logo.extension);
  return hash.digest('hex');
}
