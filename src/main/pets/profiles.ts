import { asc, eq, getTableColumns, gt, sql, type SQL } from 'drizzle-orm';
import type { Clock } from '../../shared/clock';
import { AppError } from '../../shared/errors';
import type { PetRecord } from '../../shared/models';
import {
  PET_PROFILE_FIELDS,
  PetProfileChangeSchema,
  PetProfileSchema,
  ageGroupOf,
  ageScaleOf,
  type PetDetails,
  type PetProfile,
  type PetProfileChange,
  type ProfileChange,
  type SavedPetProfile,
} from '../../shared/pet-profile';
import { assertVersion } from '../db/record-versions';
import { parseOrThrow } from '../../shared/validation';
import type { Store } from '../db/connection';
import type { Changes } from '../db/changes';
import { categories, pets } from '../db/schema';
import { petProfileChanges, petProfiles } from '../db/schema-shelter';

export type { PetDetails };

type ProfileRow = typeof petProfiles.$inferSelect;

const EXPORT_BATCH = 1_000;
type ProfileColumns = Omit<ProfileRow, 'petId' | 'updatedAt'>;

/** A pet's record with its profile, as the staff export writes it (private fields included; the version is the desk's bookkeeping, not the shelter's data). */
export interface PetExportRow {
  pet: Omit<PetRecord, 'version' | 'departure'>;
  profile: PetProfile;
}

function profileOf(row: ProfileRow | undefined): PetProfile {
  if (!row) return {};
  const profile: Record<string, unknown> = {};
  for (const field of PET_PROFILE_FIELDS) {
    const value =
      field === 'adoptionFee'
        ? row.adoptionFeeHundredths === null
          ? null
          : row.adoptionFeeHundredths / 100
        : row[field];
    if (value !== null && value !== undefined) profile[field] = value;
  }
  return profile as PetProfile;
}

function columnsOf(profile: PetProfile): ProfileColumns {
  const columns: Record<string, unknown> = {};
  for (const field of PET_PROFILE_FIELDS) {
    if (field === 'adoptionFee')
      columns.adoptionFeeHundredths = profile.adoptionFee === undefined ? null : Math.round(profile.adoptionFee * 100);
    else columns[field] = profile[field] ?? null;
  }
  return columns as ProfileColumns;
}

/** The fields whose value differs, each with its value before and after (null: not recorded). */
function differences(before: PetProfile, after: PetProfile): ProfileChange['fields'] {
  const fields: ProfileChange['fields'] = {};
  for (const field of PET_PROFILE_FIELDS) {
    const from = before[field] ?? null;
    const to = after[field] ?? null;
    if (from !== to) fields[field] = { from, to };
  }
  return fields;
}

/** Pet profiles: read, change (each change kept in the pet's history), and the rows of an import or export. */
export class PetProfileService {
  constructor(
    private readonly db: Store,
    private readonly clock: Clock,
    private readonly changes: Changes,
    private readonly shelterCurrency: () => string | null,
  ) {}

  /** The profile alone (staff view: private fields included; publish through publicProfile). */
  get(petId: number): PetProfile {
    this.assertPet(petId);
    return this.read(petId);
  }

  /** Every pet's profile in one query, by pet id (a pet without one is absent): what publishing thousands reads. */
  all(): Map<number, PetProfile> {
    return new Map(
      this.db
        .select()
        .from(petProfiles)
        .all()
        .map((row) => [row.petId, profileOf(row)]),
    );
  }

  details(petId: number): PetDetails {
    const row = this.db
      .select({
        id: pets.id,
        name: pets.name,
        categoryId: pets.categoryId,
        status: pets.status,
        createdAt: pets.createdAt,
        updatedAt: pets.updatedAt,
        version: pets.version,
        departure: pets.departure,
        species: categories.species,
      })
      .from(pets)
      .innerJoin(categories, eq(categories.id, pets.categoryId))
      .where(eq(pets.id, petId))
      .get();
    if (!row) throw new AppError('not_found', `Pet ${petId} does not exist.`);
    const { species, ...pet } = row;
    const profile = this.read(petId);
    const today = new Date(this.clock.now()).toISOString().slice(0, 10);
    return {
      pet,
      profile,
      ageGroup: ageGroupOf(profile.birthDate, ageScaleOf(species), today),
      currency: this.shelterCurrency(),
    };
  }

  /**
   * Sets what the change gives, clears what it sets to null, and keeps the rest. A change that
   * changes something is one entry of the pet's history, touches the pet's updatedAt and is a new
   * version of the animal.
   */
  set(petId: number, input: PetProfileChange): PetProfile {
    const { version: _version, ...profile } = this.save(petId, input);
    return profile;
  }

  /** As set, answering the animal's version after it; with `version`, a save from an older one is refused (edit_conflict). */
  save(petId: number, input: PetProfileChange, version?: number): SavedPetProfile {
    const change = parseOrThrow(PetProfileChangeSchema, input, 'profile');
    const now = this.clock.now();
    const { profile, changed } = this.db.transaction(
      () => {
        const stored = this.db
          .select({ version: pets.version, updatedAt: pets.updatedAt })
          .from(pets)
          .where(eq(pets.id, petId))
          .get();
        if (!stored) throw new AppError('not_found', `Pet ${petId} does not exist.`);
        const before = this.read(petId);
        assertVersion(`Pet ${petId}`, { current: { ...before, version: stored.version }, ...stored }, version);
        const after: Record<string, unknown> = { ...before };
        for (const [field, value] of Object.entries(change)) {
          if (value === null) delete after[field];
          else if (value !== undefined) after[field] = value;
        }
        const fields = differences(before, after as PetProfile);
        if (Object.keys(fields).length === 0)
          return { profile: { ...before, version: stored.version }, changed: false };
        this.write(petId, after as PetProfile, now);
        this.db.insert(petProfileChanges).values({ petId, changedAt: now, fields }).run();
        this.db
          .update(pets)
          .set({ updatedAt: now, version: sql`${pets.version} + 1` })
          .where(eq(pets.id, petId))
          .run();
        return { profile: { ...(after as PetProfile), version: stored.version + 1 }, changed: true };
        // Immediate: a save racing from another connection waits for this one, then reads its version.
      },
      { behavior: 'immediate' },
    );
    if (changed) this.changes.emit('pets');
    return profile;
  }

  /** The saved changes of a pet's profile, oldest first. */
  history(petId: number): ProfileChange[] {
    this.assertPet(petId);
    return this.db
      .select({ changedAt: petProfileChanges.changedAt, fields: petProfileChanges.fields })
      .from(petProfileChanges)
      .where(eq(petProfileChanges.petId, petId))
      .orderBy(asc(petProfileChanges.changedAt), asc(petProfileChanges.id))
      .all();
  }

  /**
   * The profile of a pet an import just created, inside the import's own transaction (so a failed
   * slice takes it along). Already checked with PetProfileSchema; a creation is not a history entry.
   */
  writeImported(petId: number, profile: PetProfile): void {
    if (Object.keys(profile).length === 0) return;
    this.write(petId, parseOrThrow(PetProfileSchema, profile, 'profile'), this.clock.now());
  }

  /** Every pet with its profile, in id order, for the staff export; read a thousand at a time, so 100,000 pets never sit in memory at once. */
  *exportRows(): Generator<PetExportRow> {
    for (let afterId = 0; ;) {
      const rows = this.db
        .select({
          pet: {
            id: pets.id,
            name: pets.name,
            categoryId: pets.categoryId,
            status: pets.status,
            createdAt: pets.createdAt,
            updatedAt: pets.updatedAt,
          },
          profile: petProfiles,
        })
        .from(pets)
        .leftJoin(petProfiles, eq(petProfiles.petId, pets.id))
        .where(gt(pets.id, afterId))
        .orderBy(asc(pets.id))
        .limit(EXPORT_BATCH)
        .all();
      for (const row of rows) yield { pet: row.pet, profile: profileOf(row.profile ?? undefined) };
      const last = rows.at(-1);
      if (!last || rows.length < EXPORT_BATCH) return;
      afterId = last.pet.id;
    }
  }

  private read(petId: number): PetProfile {
    return profileOf(this.db.select().from(petProfiles).where(eq(petProfiles.petId, petId)).get());
  }

  /** Prepared once: a statement prepared per write keeps ~12 KB of native memory, 1.2 GB over a 100,000-pet import. */
  private upsert?: { run(values: Record<string, unknown>): unknown };

  private write(petId: number, profile: PetProfile, now: number): void {
    this.upsert ??= this.prepareUpsert();
    // The placeholders are bound as they are (drizzle's boolean mapping would store a null as 0).
    const values = Object.entries({ petId, ...columnsOf(profile), updatedAt: now }).map(([key, value]) => [
      key,
      typeof value === 'boolean' ? Number(value) : value,
    ]);
    this.upsert.run(Object.fromEntries(values));
  }

  private prepareUpsert() {
    const columns = getTableColumns(petProfiles);
    const values = Object.fromEntries(Object.keys(columns).map((key) => [key, sql`${sql.placeholder(key)}`])) as Record<
      keyof typeof petProfiles.$inferInsert,
      SQL
    >;
    const replaced = Object.fromEntries(
      Object.entries(columns)
        .filter(([key]) => key !== 'petId')
        .map(([key, column]) => [key, sql.raw(`excluded."${column.name}"`)]),
    );
    return this.db
      .insert(petProfiles)
      .values(values)
      .onConflictDoUpdate({ target: petProfiles.petId, set: replaced })
      .prepare();
  }

  private assertPet(petId: number): void {
    const found = this.db
      .select({ n: sql<number>`1` })
      .from(pets)
      .where(eq(pets.id, petId))
      .get();
    if (!found) throw new AppError('not_found', `Pet ${petId} does not exist.`);
  }
}
