import fs from 'node:fs';
import type Database from 'better-sqlite3';
import type { Clock } from '../../shared/clock';
import { AppError } from '../../shared/errors';
import type { PetStatus } from '../../shared/pet';
import { MAX_KENNEL_CARDS, type KennelCardWarning } from '../../shared/portals';
import type { Project } from '../../shared/sites';
import { PET_ROWS, petByPet, sitePetOf, type PetRow, type SiteSources } from '../sites/adoption-site/content';
import { petPath } from '../sites/adoption-site/html';
import { AGE_GROUP_WORDS, SEX_WORDS, type SitePet } from '../sites/adoption-site/model';
import { feeWords, sortPets } from '../sites/adoption-site/pages';
import type { Sites } from '../sites/sites';
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

export interface KennelCardSources extends Pick<SiteSources, 'petProfiles' | 'photos' | 'shelter'> {
  sqlite: Database.Database;
  clock: Clock;
  sites: () => Pick<Sites, 'projects' | 'liveAddress'>;
}

/** Kennel cards for the CLI, the desktop app and browser mode alike: one generator, one PDF. */
export class KennelCardService {
  constructor(private readonly sources: KennelCardSources) {}

  async render(request: KennelCardRequest): Promise<KennelCardsMade> {
    const project = this.projectOf(request.project);
    const address = this.sources.sites().liveAddress(project.id, project.slug);
    const rows = this.rowsOf(request);
    if (rows.length > MAX_KENNEL_CARDS) {
      throw new AppError('validation_failed', `${rows.length} pets chosen: at most ${MAX_KENNEL_CARDS} kennel cards go in one PDF.`, { details: { field: 'ids' } });
    }
    const today = new Date(this.sources.clock.now()).toISOString().slice(0, 10);
    const shelter = this.sources.shelter.get();
    const reader = petByPet(this.sources);
    const pets = rows.map((row) => sitePetOf(reader, row, today));
    const ordered = request.ids && request.ids.length > 0 ? pets : sortPets(pets);
    const cards = ordered.map((pet) => cardOf(pet, `${address}${petPath(pet)}`, shelter.currency ?? null));
    const pdf = await renderKennelCards(cards, { paper: request.paper, perPage: request.perPage, shelterName: shelter.name ?? null });
    return { pdf, cards: cards.length, project: project.slug, address, warnings: warningsFor(project, address) };
  }

  private rowsOf(request: KennelCardRequest): PetRow[] {
    const { sqlite } = this.sources;
    if (request.ids && request.ids.length > 0) {
      const byId = sqlite.prepare<[number], PetRow>(`${PET_ROWS} WHERE pets.id = ?`);
      return request.ids.map((id) => {
        const row = byId.get(id);
        if (!row) throw new AppError('not_found', `Pet ${id} does not exist.`);
        return row;
      });
    }
    return sqlite.prepare<[string], PetRow>(`${PET_ROWS} WHERE pets.status = ?`).all(request.status ?? 'available');
  }

  private projectOf(reference: string | number | undefined): Project {
    const { projects } = this.sources.sites();
    if (reference !== undefined) return projects.get(reference);
    const serving = projects.list().filter((project) => project.liveDeploy !== null && projects.deploys(project.id).some((deploy) => deploy.live && deploy.source === 'adoption_page'));
    if (serving.length === 1) return serving[0]!;
    throw new AppError(
      'validation_failed',
      serving.length === 0
        ? 'No project serves the adoption site yet: publish it first, or name the project whose address the QR codes should open.'
        : `Several projects serve the adoption site (${serving.map((project) => project.slug).join(', ')}): name the one whose address the QR codes should open.`,
      { details: { field: 'project' } },
    );
  }
}

/** `localhost` and its subdomains name this computer: a phone scanning the code reaches nothing there. */
function warningsFor(project: Project, address: string): KennelCardWarning[] {
  const host = new URL(address).hostname;
  return host === 'localhost' || host.endsWith('.localhost') ? [{ code: 'local_address', details: { project: project.slug, address } }] : [];
}

/** A pet in a card's words: the printed card is a face of its own. */
function cardOf(pet: SitePet, url: string, currency: string | null): KennelCard {
  const cover = pet.photos[0];
  return {
    name: pet.name,
    breed: pet.breed,
    age: [pet.ageGroup ? AGE_GROUP_WORDS[pet.ageGroup] : null, pet.age].filter(Boolean).join(' · ') || null,
    sex: pet.sex && pet.sex !== 'unknown' ? SEX_WORDS[pet.sex] : null,
    goodWith: pet.goodWith,
    description: pet.description,
    fee: pet.fee === null ? null : feeWords(pet.fee, currency),
    // The stored photos are JPEG (photos/process-photo.ts), which the PDF embeds as they are.
    cover: cover ? fs.readFileSync(cover.full.file) : null,
    url,
  };
}
