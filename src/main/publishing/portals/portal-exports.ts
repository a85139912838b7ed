import type Database from 'better-sqlite3';
import type { Clock } from '../../../shared/clock';
import { AppError } from '../../../shared/errors';
import type { PortalExportResult, PortalId, PortalListing, PortalProblem, PortalStatus } from '../../../shared/portals';
import type { Changes } from '../../db/changes';
import type { Sites } from '../../sites/sites';
import { dayOf, type PublicPets } from '../public-pet';
import { localAddressWarnings, publishedSite } from '../site-address';
import { ADOPTAPET } from './adoptapet';
import { PETFINDER } from './petfinder';
import { planExport, portalAnimalOf, writePortalFiles, type ExportPlan, type Portal } from './portal';
import { RESCUEGROUPS } from './rescuegroups';

export type { PortalExportResult } from '../../../shared/portals';

export interface PortalExportSources {
  sqlite: Database.Database;
  clock: Clock;
  changes: Changes;
  publicPets: PublicPets;
  /** Where the adoption site is live: Petfinder fetches the photos from there. */
  sites: () => Pick<Sites, 'projects' | 'liveAddress'>;
  /** Whether each animal is current on its shots (care's upToDateAll; absent: nothing recorded): the portals' shots fields. */
  shotsCurrent: () => ReadonlyMap<number, boolean | null>;
}

export interface PortalExportOptions {
  allowDrops: boolean;
  /** Whose adoption site the photo addresses open (portals that fetch photos), else the one serving it. */
  project?: string | number;
  /** Adopt-a-Pet: staff know its first upload from any software erases what it listed before. */
  confirmFirstUpload?: boolean;
}

const PORTALS: Readonly<Record<PortalId, Portal<string>>> = {
  rescuegroups: RESCUEGROUPS,
  petfinder: PETFINDER,
  adoptapet: ADOPTAPET,
};
/** Portals whose first upload from any software erases what they listed before. */
const ERASED_ON_FIRST_UPLOAD: ReadonlySet<PortalId> = new Set(['adoptapet']);

/** Exports to the adoption portals (RescueGroups.org, Petfinder, Adopt-a-Pet), and what each animal's last export was. */
export class PortalExportService {
  private readonly statements;

  constructor(private readonly sources: PortalExportSources) {
    this.statements = {
      listings: sources.sqlite.prepare<[string], PortalListing & { problems: string }>(
        `SELECT pet_id AS petId, name, state, problems, exported_at AS exportedAt FROM portal_listings WHERE portal = ? ORDER BY pet_id`,
      ),
      any: sources.sqlite.prepare<[string], { one: number }>(
        `SELECT 1 AS one FROM portal_listings WHERE portal = ? LIMIT 1`,
      ),
      clear: sources.sqlite.prepare<[string]>(`DELETE FROM portal_listings WHERE portal = ?`),
      insert: sources.sqlite.prepare<[string, number, string, string, string, number]>(
        `INSERT INTO portal_listings (portal, pet_id, name, state, problems, exported_at) VALUES (?, ?, ?, ?, ?, ?)`,
      ),
    };
  }

  /** Each animal's last export to the portal (RescueGroups.org unless told): listed, or refused and why. */
  listings(portal: PortalId = 'rescuegroups'): PortalListing[] {
    return this.listingsOf(PORTALS[portal]);
  }

  /** Every portal's last export per animal: the Pets list says which portal kept an animal out, and why. */
  allListings(): Record<PortalId, PortalListing[]> {
    return {
      rescuegroups: this.listings('rescuegroups'),
      petfinder: this.listings('petfinder'),
      adoptapet: this.listings('adoptapet'),
    };
  }

  /** No export to the portal yet (a stored listing is its trace): Adopt-a-Pet's first upload erases what it listed. */
  firstExport(portal: PortalId): boolean {
    return this.statements.any.get(portal) === undefined;
  }

  /** Every portal's last export and what an export now would do (photo addresses aside): the window's export panel. */
  status(): PortalStatus[] {
    return (Object.keys(PORTALS) as PortalId[]).map((portal) => {
      const plan = this.planOf(PORTALS[portal]);
      return {
        portal,
        firstExport: this.firstExport(portal),
        listings: this.listings(portal),
        plan: {
          listed: plan.listed.map(({ animal }) => ({ id: animal.id, name: animal.name })),
          refused: plan.refused.map(({ animal, problems }) => ({ id: animal.id, name: animal.name, problems })),
          dropped: plan.dropped,
        },
      };
    });
  }

  /** What a RescueGroups.org export would do now, writing nothing. */
  plan(): ExportPlan {
    return this.planOf(RESCUEGROUPS);
  }

  /**
   * Writes the import file and its photos into `dir`. Refused when it would drop animals the last
   * file listed (their import deletes them) unless `allowDrops`; nothing is written then.
   */
  exportRescueGroups(dir: string, options: { allowDrops: boolean }): PortalExportResult {
    return this.exportTo('rescuegroups', dir, options);
  }

  /**
   * Petfinder's import file, its photos as addresses on the live adoption site (`project`: whose
   * site, else the one serving it). The same guard: each upload replaces the whole listing.
   */
  exportPetfinder(dir: string, options: { allowDrops: boolean; project?: string | number }): PortalExportResult {
    return this.exportTo('petfinder', dir, options);
  }

  /**
   * Adopt-a-Pet's pets.csv and import.cfg, photos as addresses on the live adoption site. Their first
   * upload from any software erases what they listed: the first export is refused unless `confirmFirstUpload`.
   */
  exportAdoptAPet(dir: string, options: PortalExportOptions): PortalExportResult {
    return this.exportTo('adoptapet', dir, options);
  }

  /** Any portal's export, by its id: what the faces call. */
  exportTo(id: PortalId, dir: string, options: PortalExportOptions): PortalExportResult {
    const portal = PORTALS[id];
    if (ERASED_ON_FIRST_UPLOAD.has(id) && !options.confirmFirstUpload && this.firstExport(id)) {
      throw new AppError(
        'conflict',
        `The first upload to ${portal.name} from any software erases every animal listed there before. Confirm to go ahead.`,
        { details: { reason: 'portal_first_upload', portal: id } },
      );
    }
    const site =
      portal.photos.as === 'addresses'
        ? publishedSite(this.sources.sites(), options.project, `${portal.name}'s photo links should open`)
        : undefined;
    return { ...this.export(portal, dir, options, site?.address), warnings: site ? localAddressWarnings(site) : [] };
  }

  private listingsOf<Column extends string>(portal: Portal<Column>): PortalListing[] {
    return this.statements.listings
      .all(portal.id)
      .map((row) => ({ ...row, problems: JSON.parse(row.problems) as PortalProblem[] }));
  }

  /** Every pet with its public profile (private fields never reach an export) and its photo files, against what the last file listed. */
  private planOf<Column extends string>(portal: Portal<Column>, siteAddress?: string): ExportPlan<Column> {
    const previously = new Map(
      this.listingsOf(portal)
        .filter((listing) => listing.state === 'listed')
        .map((listing) => [listing.petId, listing.name]),
    );
    const shots = this.sources.shotsCurrent();
    const animals = this.sources.publicPets
      .all(dayOf(this.sources.clock.now()))
      .map((pet) => portalAnimalOf(pet, siteAddress, shots.get(pet.id) ?? null));
    return planExport(portal, animals, previously);
  }

  private export<Column extends string>(
    portal: Portal<Column>,
    dir: string,
    options: { allowDrops: boolean },
    siteAddress?: string,
  ): Omit<PortalExportResult, 'warnings'> {
    const plan = this.planOf(portal, siteAddress);
    if (plan.dropped.length > 0 && !options.allowDrops) {
      throw new AppError(
        'conflict',
        `This export would remove ${plan.dropped.length} animal(s) ${portal.name} lists from the last export: ${plan.dropped.map((animal) => animal.name).join(', ')}.`,
        {
          details: { reason: 'portal_would_drop', portal: portal.id, animals: plan.dropped },
        },
      );
    }
    const { file, listed } = writePortalFiles(portal, plan, dir);
    const now = this.sources.clock.now();
    this.sources.sqlite.transaction(() => {
      this.statements.clear.run(portal.id);
      for (const { animal } of plan.listed)
        this.statements.insert.run(portal.id, animal.id, animal.name, 'listed', '[]', now);
      for (const { animal, problems } of plan.refused)
        this.statements.insert.run(portal.id, animal.id, animal.name, 'refused', JSON.stringify(problems), now);
    })();
    this.sources.changes.emit('pets');
    return {
      dir,
      file,
      listed,
      refused: plan.refused.map(({ animal, problems }) => ({ id: animal.id, name: animal.name, problems })),
      dropped: plan.dropped,
      removed: plan.removed,
    };
  }
}
