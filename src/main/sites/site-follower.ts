import type Database from 'better-sqlite3';
import type { Clock } from '../../shared/clock';
import type { Deploy, SiteFollowing } from '../../shared/sites';
import type { GeneratedSite } from './generated-site';

/** A burst of changes is followed once it has been quiet this long… */
export const FOLLOW_QUIET_MS = 2_000;
/** …or this long after its first change, whichever comes first: a steady stream of edits still reaches the site. */
export const FOLLOW_MAX_WAIT_MS = 10_000;

interface Followed {
  /** The records' fingerprint the live adoption site was made from (or last failed to be made from). */
  fingerprint: string;
  checkedAt: number;
  republishedAt: number | null;
}

export interface FollowerSources {
  sqlite: Database.Database;
  /** Real time: following the records is real-world work, never the lab clock's. */
  clock: Clock;
  /** Where visitors reach a project now (its primary domain, the running server's port): links on the site name it. */
  addressOf: (projectId: number, slug: string) => string;
  /** The site as the records make it now, for a project. */
  contentOf: (projectId: number) => GeneratedSite;
  /** Publishes the adoption site as the project's next deploy (which records its fingerprint). */
  republish: (projectId: number) => Promise<Deploy>;
}

const metaKey = (projectId: number) => `site_following:${projectId}`;

/**
 * Keeps every project whose live deploy is the adoption site in step with the records: after a
 * change to what the public sees (pets, profiles, photos, categories, the shelter, the project's
 * address), the content is read again and fingerprinted; a new deploy is made only when the
 * fingerprint differs from the live site's, so a burst of changes makes one deploy, and a change
 * the public never sees (a key, a private field) makes none. What was followed when lives in `meta`,
 * so the CLI's deploys count and a restart does not republish for nothing.
 */
export class SiteFollower {
  private readonly statements;
  private firstChangeAt: number | null = null;
  private lastChangeAt = 0;
  /** Ages on the site are said as of a day: a new day is a change too. */
  private followedDay: string | null = null;
  /** Each following project's address when last looked at: a domain verified or a server restarted on another port is a change. */
  private readonly addresses = new Map<number, string>();

  constructor(private readonly sources: FollowerSources) {
    const { sqlite } = sources;
    this.statements = {
      read: sqlite.prepare<[string], { value: string }>('SELECT value FROM meta WHERE key = ?'),
      write: sqlite.prepare(
        'INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value',
      ),
      following: sqlite.prepare<[], { id: number; slug: string }>(
        `SELECT projects.id AS id, projects.slug AS slug FROM projects JOIN deploys ON deploys.project_id = projects.id AND deploys.number = projects.live_deploy_number
         WHERE deploys.source = 'adoption_page' ORDER BY projects.id`,
      ),
      liveSource: sqlite.prepare<[number], { source: string }>(
        'SELECT deploys.source AS source FROM projects JOIN deploys ON deploys.project_id = projects.id AND deploys.number = projects.live_deploy_number WHERE projects.id = ?',
      ),
    };
  }

  /** Something the site may show changed: followed once quiet (see FOLLOW_QUIET_MS). */
  noteChange(): void {
    const now = this.sources.clock.now();
    this.firstChangeAt ??= now;
    this.lastChangeAt = now;
  }

  /** Whether a burst of changes is ready to be followed now. */
  due(): boolean {
    const now = this.sources.clock.now();
    if (dayOf(now) !== this.followedDay) return true;
    if (this.firstChangeAt === null) return false;
    return now - this.lastChangeAt >= FOLLOW_QUIET_MS || now - this.firstChangeAt >= FOLLOW_MAX_WAIT_MS;
  }

  /** The supervised job's run (every second): follows a due burst; a failure leaves it due, for the supervisor's retry. */
  async runIfDue(): Promise<void> {
    if (this.addressMoved()) this.noteChange();
    if (!this.due()) return;
    this.firstChangeAt = null;
    this.followedDay = dayOf(this.sources.clock.now());
    try {
      await this.followAll();
    } catch (error) {
      this.firstChangeAt ??= 0;
      this.followedDay = null;
      throw error;
    }
  }

  /** Compares every following project's live site with the records and republishes the ones behind. */
  async followAll(): Promise<void> {
    for (const { id } of this.statements.following.all()) {
      const { fingerprint } = this.sources.contentOf(id);
      const known = this.read(id);
      const now = this.sources.clock.now();
      if (known?.fingerprint === fingerprint) {
        this.write(id, { ...known, checkedAt: now });
        continue;
      }
      await this.sources.republish(id);
      const published = this.read(id);
      this.write(id, { fingerprint: published?.fingerprint ?? fingerprint, checkedAt: now, republishedAt: now });
    }
  }

  /** A file read and a query a project: cheap enough for every run. */
  private addressMoved(): boolean {
    let moved = false;
    for (const { id, slug } of this.statements.following.all()) {
      const address = this.sources.addressOf(id, slug);
      if (this.addresses.get(id) !== address) moved = true;
      this.addresses.set(id, address);
    }
    return moved;
  }

  /**
   * A deploy of the adoption site (staff's or ours) was made from `content`: followed from now on.
   * A failed one too, so a site too large to publish is not tried again until the records change.
   */
  published(projectId: number, site: GeneratedSite): void {
    const known = this.read(projectId);
    this.write(projectId, {
      fingerprint: site.fingerprint,
      checkedAt: this.sources.clock.now(),
      republishedAt: known?.republishedAt ?? null,
    });
  }

  /** What the window and the CLI say about a project's following. */
  following(projectId: number): SiteFollowing {
    const active = this.statements.liveSource.get(projectId)?.source === 'adoption_page';
    const known = this.read(projectId);
    return { active, checkedAt: known?.checkedAt ?? null, republishedAt: known?.republishedAt ?? null };
  }

  private read(projectId: number): Followed | undefined {
    const value = this.statements.read.get(metaKey(projectId))?.value;
    if (value === undefined) return undefined;
    try {
      return JSON.parse(value) as Followed;
    } catch {
      return undefined;
    }
  }

  private write(projectId: number, followed: Followed): void {
    this.statements.write.run(metaKey(projectId), JSON.stringify(followed));
  }
}

const dayOf = (time: number): string => new Date(time).toISOString().slice(0, 10);
