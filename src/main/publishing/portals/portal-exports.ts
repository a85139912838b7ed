import fs from 'node:fs';
import path from 'node:path';
import type Database from 'better-sqlite3';
import type { Clock } from '../../shared/clock';
import { AppError } from '../../shared/errors';
import type { PortalListing } from '../../shared/portals';
import { ageGroupOf, ageScaleOf, publicProfile } from '../../shared/pet-profile';
import type { Changes } from '../db/changes';
import { copyFileAtomically, writeFileAtomically } from '../files/atomic-write';
import type { PetProfileService } from '../pets/profiles';
import type { PhotoService } from '../photos/photos';
import { allPets, PET_ROWS, type PetRow } from '../sites/adoption-site/content';
import { photoFileName, planRescueGroupsExport, RESCUEGROUPS_PHOTOS, rescueGroupsCsv, type ExportPlan, type PortalAnimal, type PortalProblem } from './rescuegroups';

export type { PortalListing };

/** The file their import account is told to look for; staff may rename it on upload. */
export const RESCUEGROUPS_FILE = 'rescuegroups.csv';
/** The export is public content the staff upload: readable by all, like any file they save. */
const PUBLIC_FILE = 0o644;

export interface PortalExportResult {
  dir: string;
  file: string;
  listed: Array<{ id: number; name: string; photos: number }>;
  refused: Array<{ id: number; name: string; problems: PortalProblem[] }>;
  dropped: ExportPlan['dropped'];
}

export interface PortalExportSources {
  sqlite: Database.Database;
  clock: Clock;
  changes: Changes;
  petProfiles: Pick<PetProfileService, 'get' | 'all'>;
  photos: Pick<PhotoService, 'list' | 'allByPet' | 'files'>;
}

/** Exports to the adoption portals (RescueGroups.org today), and what each animal's last export was. */
export class PortalExportService {
  private readonly statements;

  constructor(private readonly sources: PortalExportSources) {
    this.statements = {
      listings: sources.sqlite.prepare<[], PortalListing & { problems: string }>(`SELECT pet_id AS petId, name, state, problems, exported_at AS exportedAt FROM portal_listings WHERE portal = 'rescuegroups' ORDER BY pet_id`),
      clear: sources.sqlite.prepare(`DELETE FROM portal_listings WHERE portal = 'rescuegroups'`),
      insert: sources.sqlite.prepare(`INSERT INTO portal_listings (portal, pet_id, name, state, problems, exported_at) VALUES ('rescuegroups', ?, ?, ?, ?, ?)`),
    };
  }

  /** Each animal's last export: listed, or refused and why. */
  listings(): PortalListing[] {
    return this.statements.listings.all().map((row) => ({ ...row, problems: JSON.parse(row.problems) as PortalProblem[] }));
  }

  /** What an export would do now, writing nothing. */
  plan(): ExportPlan {
    const previously = new Map(this.listings().filter((listing) => listing.state === 'listed').map((listing) => [listing.petId, listing.name]));
    return planRescueGroupsExport(this.animals(), previously);
  }

  /**
   * Writes the import file and its photos into `dir`. Refused when it would drop animals the last
   * file listed (their import deletes them) unless `allowDrops`; nothing is written then.
   */
  exportRescueGroups(dir: string, options: { allowDrops: boolean }): PortalExportResult {
    const plan = this.plan();
    if (plan.dropped.length > 0 && !options.allowDrops) {
      throw new AppError('conflict', `This export would remove ${plan.dropped.length} animal(s) RescueGroups.org lists from the last export: ${plan.dropped.map((animal) => animal.name).join(', ')}.`, {
        details: { reason: 'portal_would_drop', portal: 'rescuegroups', animals: plan.dropped },
      });
    }
    fs.mkdirSync(dir, { recursive: true });
    const listed = plan.listed.map(({ animal }) => {
      const photos = animal.photos.slice(0, RESCUEGROUPS_PHOTOS);
      // The stored photos are JPEG already (photos/process-photo.ts): copied under the names the file gives, readable for the upload.
      photos.forEach((file, index) => copyFileAtomically(file, path.join(dir, photoFileName(animal, index)), PUBLIC_FILE));
      return { id: animal.id, name: animal.name, photos: photos.length };
    });
    const file = path.join(dir, RESCUEGROUPS_FILE);
    writeFileAtomically(file, rescueGroupsCsv(plan), PUBLIC_FILE);
    const now = this.sources.clock.now();
    this.sources.sqlite.transaction(() => {
      this.statements.clear.run();
      for (const { animal } of plan.listed) this.statements.insert.run(animal.id, animal.name, 'listed', '[]', now);
      for (const { animal, problems } of plan.refused) this.statements.insert.run(animal.id, animal.name, 'refused', JSON.stringify(problems), now);
    })();
    this.sources.changes.emit('pets');
    return { dir, file, listed, refused: plan.refused.map(({ animal, problems }) => ({ id: animal.id, name: animal.name, problems })), dropped: plan.dropped };
  }

  /** Every pet with its public profile (private fields never reach an export) and its photo files. */
  private animals(): PortalAnimal[] {
    const today = new Date(this.sources.clock.now()).toISOString().slice(0, 10);
    const reader = allPets(this.sources);
    return this.sources.sqlite
      .prepare<[], PetRow>(`${PET_ROWS} ORDER BY pets.id`)
      .all()
      .map((row) => {
        const profile = publicProfile(reader.profileOf(row.id));
        return {
          id: row.id,
          name: row.name,
          status: row.status,
          category: row.category,
          breedPrimary: profile.breedPrimary ?? null,
          breedSecondary: profile.breedSecondary ?? null,
          breedMixed: profile.breedMixed ?? null,
          sex: profile.sex ?? null,
          ageGroup: ageGroupOf(profile.birthDate, ageScaleOf(row.category), today),
          size: profile.size ?? null,
          color: profile.color ?? null,
          coat: profile.coat ?? null,
          description: profile.description ?? null,
          goodWith: { kids: profile.goodWithKids ?? null, dogs: profile.goodWithDogs ?? null, cats: profile.goodWithCats ?? null },
          houseTrained: profile.houseTrained ?? null,
          spayedNeutered: profile.spayedNeutered ?? null,
          specialNeeds: profile.specialNeeds ?? null,
          photos: reader.photosOf(row.id).map((photo) => reader.fileOf(photo.hash, 'full')),
        };
      });
  }
}
