import { eq, sql } from 'drizzle-orm';
import type { Clock } from '../../shared/clock';
import {
  SHELTER_FIELDS,
  ShelterChangeSchema,
  type LogoMediaType,
  type ShelterChange,
  type ShelterProfile,
} from '../../shared/shelter';
import { parseOrThrow } from '../../shared/validation';
import type { Store } from '../db/connection';
import type { Changes } from '../db/changes';
import { shelterProfile } from '../db/schema-shelter';
import { prepareLogo, type PreparedLogo } from './logo';
import { assertVersion } from '../db/record-versions';

/** The only row of shelter_profile. */
const ROW_ID = 1;

type ShelterRow = typeof shelterProfile.$inferSelect;

/** The shelter's profile of this environment (name, contact, "how to adopt", currency, logo). */
export class ShelterService {
  constructor(
    private readonly db: Store,
    private readonly clock: Clock,
    private readonly changes: Changes,
  ) {}

  get(): ShelterProfile {
    const row = this.row();
    const profile: Record<string, unknown> = {};
    for (const field of SHELTER_FIELDS) if (row?.[field] != null) profile[field] = row[field];
    const logo =
      row?.logoMediaType && row.logo && row.logoUpdatedAt !== null
        ? { mediaType: row.logoMediaType, byteSize: row.logo.length, updatedAt: row.logoUpdatedAt }
        : null;
    return { ...(profile as Omit<ShelterProfile, 'logo' | 'version'>), logo, version: row?.version ?? 0 };
  }

  /** The name the adoption site is titled with; null until staff give one. */
  name(): string | null {
    return this.row()?.name ?? null;
  }

  currency(): string | null {
    return this.row()?.currency ?? null;
  }

  /** Sets what the change gives, clears what it sets to null, keeps the rest; with `version`, a save from an older one is refused (edit_conflict). */
  set(input: ShelterChange, version?: number): ShelterProfile {
    const change = parseOrThrow(ShelterChangeSchema, input, 'shelter');
    const columns: Partial<Record<string, string | null>> = {};
    for (const [field, value] of Object.entries(change)) if (value !== undefined) columns[field] = value;
    return this.db.transaction(
      () => {
        const current = this.get();
        assertVersion(
          'The shelter profile',
          { current, version: current.version, updatedAt: this.row()?.updatedAt ?? 0 },
          version,
        );
        this.upsert(columns, true);
        return this.get();
        // Immediate: a save racing from another connection waits for this one, then reads its version.
      },
      { behavior: 'immediate' },
    );
  }

  /** Stores the logo file's bytes once checked and re-encoded without any metadata (logo.ts). */
  async setLogo(bytes: Uint8Array): Promise<ShelterProfile> {
    return this.storeLogo(await prepareLogo(bytes));
  }

  /** Stores a logo prepared beforehand: for a caller that stores it in a transaction of its own. */
  storeLogo(logo: PreparedLogo): ShelterProfile {
    this.upsert({ logo: logo.bytes, logoMediaType: logo.mediaType, logoUpdatedAt: this.clock.now() });
    return this.get();
  }

  removeLogo(): ShelterProfile {
    this.upsert({ logo: null, logoMediaType: null, logoUpdatedAt: null });
    return this.get();
  }

  /** The logo's bytes, for whatever publishes it (the adoption site). */
  logo(): { mediaType: LogoMediaType; bytes: Buffer } | null {
    const row = this.row();
    return row?.logo && row.logoMediaType ? { mediaType: row.logoMediaType, bytes: row.logo } : null;
  }

  private row(): ShelterRow | undefined {
    return this.db.select().from(shelterProfile).where(eq(shelterProfile.id, ROW_ID)).get();
  }

  /** `newVersion`: the profile's fields changed (the logo is its own action, as a pet's photos are, and keeps the version). */
  private upsert(columns: Partial<Omit<ShelterRow, 'id' | 'updatedAt' | 'version'>>, newVersion = false): void {
    const updatedAt = this.clock.now();
    const version = newVersion ? sql`${shelterProfile.version} + 1` : undefined;
    this.db
      .insert(shelterProfile)
      .values({ id: ROW_ID, ...columns, updatedAt })
      .onConflictDoUpdate({ target: shelterProfile.id, set: { ...columns, updatedAt, version } })
      .run();
    this.changes.emit('shelter');
  }
}
