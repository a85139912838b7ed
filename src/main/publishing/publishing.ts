import type Database from 'better-sqlite3';
import type { Clock } from '../../shared/clock';
import { publishedShelter } from '../../shared/shelter';
import type { Changes } from '../db/changes';
import type { ShelterService } from '../shelter/shelter';
import type { GeneratedSite } from '../sites/generated-site';
import type { Sites } from '../sites/sites';
import { adoptionSite, readSiteContent } from './adoption-site/content';
import type { AdoptionSiteInput } from './adoption-site/model';
import { KennelCardService } from './kennel-cards/kennel-card-service';
import { PortalExportService } from './portals/portal-exports';
import { PublicPets, type PublicPetSources } from './public-pet';

export interface PublishingSources extends PublicPetSources {
  sqlite: Database.Database;
  /** Real time: what is published is dated and aged in the real world, never the lab clock's. */
  clock: Clock;
  changes: Changes;
  shelter: Pick<ShelterService, 'get' | 'logo'>;
  /** Where the adoption site lives (the kennel cards' QR codes and Petfinder's photo links open it). */
  sites: () => Pick<Sites, 'projects' | 'liveAddress'>;
  /** Whether an animal is current on its shots (care's upToDate, passed in: publishing never imports care); null when nothing is recorded. */
  shotsCurrent: (petId: number) => boolean | null;
  /** Care's word on every animal's shots at once (care.upToDateAll), for the portals' files. */
  everyonesShots: () => ReadonlyMap<number, boolean | null>;
  /** The animals whose applications are paused (the front door's, passed in): their pages say so and offer no form. */
  applicationsPaused?: () => ReadonlySet<number>;
}

/**
 * Everything that goes to the public and to the portals, made from one public pet: the adoption
 * site (hosted by sites/), the kennel cards and the portal files. The engine's one door to them.
 */
export class Publishing {
  readonly publicPets: PublicPets;
  /** Printable kennel cards, for every face. */
  readonly kennelCards: KennelCardService;
  /** The adoption portals' files, and each animal's last export. */
  readonly portals: PortalExportService;

  /** The shelter as published: its marked fields (the contract's terms) never reach a page, a card or a file. */
  private readonly shelter: PublishingSources['shelter'];

  constructor(private readonly sources: PublishingSources) {
    this.shelter = { get: () => publishedShelter(sources.shelter.get()), logo: () => sources.shelter.logo() };
    this.publicPets = new PublicPets(sources);
    this.kennelCards = new KennelCardService({
      publicPets: this.publicPets,
      shelter: this.shelter,
      clock: sources.clock,
      sites: sources.sites,
      shotsCurrent: sources.shotsCurrent,
    });
    this.portals = new PortalExportService({
      sqlite: sources.sqlite,
      clock: sources.clock,
      changes: sources.changes,
      publicPets: this.publicPets,
      sites: sources.sites,
      shotsCurrent: sources.everyonesShots,
    });
  }

  /** The adoption site as the records make it now, at `baseUrl`: sites/ deploys and follows it. */
  adoptionSite(baseUrl: string, now: number, fallbackName: string): GeneratedSite {
    return adoptionSite(this.siteSources(), baseUrl, now, fallbackName);
  }

  /** What that site is made from: the shelter's public words and its pets in the site's words. */
  adoptionSiteContent(baseUrl: string, now: number, fallbackName: string): AdoptionSiteInput {
    return readSiteContent(this.siteSources(), baseUrl, now, fallbackName);
  }

  private siteSources() {
    return {
      publicPets: this.publicPets,
      shelter: this.shelter,
      applicationsPaused: this.sources.applicationsPaused,
    };
  }
}
