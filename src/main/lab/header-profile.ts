import type Database from 'better-sqlite3';
import { DEFAULT_HEADER_PROFILE, isHeaderProfile, type HeaderProfile } from '../../shared/header-profiles';
import type { Changes } from '../db/changes';
import type { LabClockService } from './clock';

const META_KEY = 'lab_header_profile';

/**
 * The environment's header profile (shared/header-profiles.ts), stored in the database like the lab
 * clock, so the CLI and a running server agree: the engine re-reads it whenever SQLite says another
 * process wrote. No row: `standard`, the contract's headers.
 */
export class HeaderProfileSetting {
  private active: HeaderProfile = DEFAULT_HEADER_PROFILE;
  private readonly statements;

  constructor(
    sqlite: Database.Database,
    private readonly lab: LabClockService,
    private readonly changes: Changes,
  ) {
    this.statements = {
      read: sqlite.prepare<[string], { value: string }>('SELECT value FROM meta WHERE key = ?'),
      write: sqlite.prepare(
        'INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value',
      ),
      remove: sqlite.prepare('DELETE FROM meta WHERE key = ?'),
    };
    this.load();
  }

  get current(): HeaderProfile {
    return this.active;
  }

  /** Reads the stored profile (another process may have set it); a name this release does not know reads as the default. */
  load(): void {
    const stored = this.statements.read.get(META_KEY)?.value;
    this.active = isHeaderProfile(stored) ? stored : DEFAULT_HEADER_PROFILE;
  }

  /** Stores `profile` and returns the lab move it counts as, for waiting on a running server. */
  set(profile: HeaderProfile): number {
    const move = this.lab.countAsMove(() => {
      if (profile === DEFAULT_HEADER_PROFILE) this.statements.remove.run(META_KEY);
      else this.statements.write.run(META_KEY, profile);
    });
    this.active = profile;
    this.changes.emit('lab');
    return move;
  }
}
