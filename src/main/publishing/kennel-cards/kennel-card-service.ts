import fs from 'node:fs';
import type { Clock } from '../../../shared/clock';
import { AppError } from '../../../shared/errors';
import type { PetStatus } from '../../../shared/pet';
import { MAX_KENNEL_CARDS, type KennelCardWarning } from '../../../shared/portals';
import type { ShelterService } from '../../shelter/shelter';
import type { Sites } from '../../sites/sites';
import { ageInWords, ageLine, breedWords, goodWithOf } from '../pet-words';
import { dayOf, petPath, sortPets, type PublicPet, type PublicPets } from '../public-pet';
import { localAddressWarnings, publishedSite } from '../site-address';
import { publishedWords, type PublishedWords } from '../words/words';
import { renderKennelCards, type CardPaper, type CardsPerPage, type KennelCard } from './kennel-cards';

export interface KennelCardRequest {
  /** These pets, in this order; else every pet of `status`, by name as the adoption site sorts them. */
  ids?: readonly number[];
  status?: PetStatus;
  paper: CardPaper;
  perPage: CardsPerPage;
  /** Whose live address the QR codes open; else the one project serving the adoption site. */
  project?: string | number;
}

export interface KennelCardsMade {
  pdf: Buffer;
  cards: number;
  /** The project the QR codes open, and its address. */
  project: string;
  address: string;
  /** What the cards were made despite: each face words it (an address phones cannot open). */
  warnings: KennelCardWarning[];
}

export interface KennelCardSources {
  publicPets: PublicPets;
  shelter: Pick<ShelterService, 'get'>;
  clock: Clock;
  sites: () => Pick<Sites, 'projects' | 'liveAddress'>;
  /** Care's word on the animal's shots (the "vaccinated" mark): true only when current. */
  shotsCurrent: (petId: number) => boolean | null;
}

/** Kennel cards for the CLI, the desktop app and browser mode alike: one generator, one PDF. */
export class KennelCardService {
  constructor(private readonly sources: KennelCardSources) {}

  async render(request: KennelCardRequest): Promise<KennelCardsMade> {
    const site = publishedSite(this.sources.sites(), request.project, 'the QR codes should open');
    const { project, address } = site;
    const pets = this.petsOf(request);
    if (pets.length > MAX_KENNEL_CARDS) {
      throw new AppError(
        'validation_failed',
        `${pets.length} pets chosen: at most ${MAX_KENNEL_CARDS} kennel cards go in one PDF.`,
        { details: { field: 'ids' } },
      );
    }
    const shelter = this.sources.shelter.get();
    const words = publishedWords(shelter.language);
    const today = dayOf(this.sources.clock.now());
    const ordered = request.ids && request.ids.length > 0 ? pets : sortPets(pets);
    const cards = ordered.map((pet) => ({
      ...cardOf(pet, `${address}${petPath(pet)}`, shelter.currency ?? null, words, today),
      marks: this.marksOf(pet, words),
    }));
    const pdf = await renderKennelCards(cards, {
      paper: request.paper,
      perPage: request.perPage,
      shelterName: shelter.name ?? null,
      words,
    });
    return { pdf, cards: cards.length, project: project.slug, address, warnings: localAddressWarnings(site) };
  }

  /** What the card vouches for: shots current (from care) and spayed or neutered (from the profile). */
  private marksOf(pet: PublicPet, words: PublishedWords): string[] {
    const marks: string[] = [];
    if (this.sources.shotsCurrent(pet.id) === true) marks.push(words.t('card.vaccinated'));
    if (pet.profile.spayedNeutered === true) marks.push(words.t('card.spayedNeutered'));
    return marks;
  }

  /** The chosen pets, in the order given; else every pet of the status (available by default). */
  private petsOf(request: KennelCardRequest): PublicPet[] {
    const today = dayOf(this.sources.clock.now());
    if (request.ids && request.ids.length > 0) return this.sources.publicPets.some(request.ids, today);
    return this.sources.publicPets.withStatus(request.status ?? 'available', today);
  }
}

/** A pet in a card's words: the printed card is a face of its own. */
function cardOf(
  pet: PublicPet,
  url: string,
  currency: string | null,
  words: PublishedWords,
  today: string,
): KennelCard {
  const { profile } = pet;
  const cover = pet.photos[0];
  return {
    name: pet.name,
    breed: breedWords(profile, words),
    age: ageLine(pet.ageGroup, ageInWords(profile.birthDate, today, words), words),
    sex: profile.sex && profile.sex !== 'unknown' ? words.t(`pet.sex.${profile.sex}`) : null,
    goodWith: goodWithOf(profile),
    description: profile.description ?? null,
    fee: profile.adoptionFee === undefined ? null : words.fee(profile.adoptionFee, currency),
    // The stored photos are JPEG (photos/process-photo.ts), which the PDF embeds as they are.
    cover: cover ? fs.readFileSync(cover.full.file) : null,
    url,
  };
}
