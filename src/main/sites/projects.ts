import fs from 'node:fs';
import path from 'node:path';
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { Clock } from '../../shared/clock';
import { deployFailureEnglish, type DeployFailure } from '../../shared/deploy-failures';
import { AppError } from '../../shared/errors';
import {
  MAX_DEPLOY_BYTES,
  NewProjectSchema,
  type Deploy,
  type DeploySource,
  type NewProject,
  type Project,
} from '../../shared/sites';
import { deploys, projects } from '../db/schema';
import type { AccountService } from '../accounts/accounts';
import { parseOrThrow } from '../../shared/validation';
import type { GeneratedSite, SiteContentSource } from './generated-site';
import { copyInspectedFolder, inspectFolder, recordDeployedFiles } from './deploy-folder';
import { DeployHousekeeping, numberedDeployDir, type DeployHousekeepingStore } from './deploy-housekeeping';
import { makeStaging, removeStaging } from './staging-folders';

/** What projects are built on; the database, the sites folder and the deploys kept are housekeeping's too. */
export interface ProjectStore extends DeployHousekeepingStore {
  clock: Clock;
  accounts: AccountService;
  sitesHost: string;
  /** The adoption site as the records make it now (made by publishing/, handed in by the engine). */
  siteContent: SiteContentSource;
  /** The project's address for visitors (adoption site links, sitemap, feeds). */
  liveAddress: (projectId: number, slug: string) => string;
  /** What a project's view adds from elsewhere: the name visitors use, and how the adoption site follows the records. */
  describe: (projectId: number, slug: string) => Pick<Project, 'publicHost' | 'publicHostCertified' | 'following'>;
  /** A deploy of the adoption site was made (or failed) from this content. */
  adoptionSitePublished: (projectId: number, site: GeneratedSite) => void;
  /** Test seam: runs once a folder is inspected and its staging folder made, before the copy (where a swapped-in symlink would strike). */
  beforeCopy?: (folder: string, staging: string) => Promise<void>;
}

type ProjectRow = typeof projects.$inferSelect;
type DeployRow = typeof deploys.$inferSelect;
type Outcome =
  { outcome: 'succeeded'; fileCount: number; byteSize: number } | { outcome: 'failed'; failure: DeployFailure };

const SLUG_MAX = 40;

/** Projects and their deploys: where a site's files are written and which deploy is live. */
export class ProjectService {
  /** Deploys of one project run one after another, in the order they were asked for. */
  private readonly queues = new Map<number, Promise<unknown>>();

  private readonly housekeeping: DeployHousekeeping;

  constructor(private readonly store: ProjectStore) {
    this.housekeeping = new DeployHousekeeping(store);
  }

  create(input: NewProject): Project {
    const project = parseOrThrow(NewProjectSchema, input);
    const account = this.store.accounts.get(project.accountId);
    const row = this.store.sqlite.transaction(() => {
      const slug = this.freeSlug(slugOf(project.name));
      return this.store.db
        .insert(projects)
        .values({ accountId: account.id, name: project.name, slug, createdAt: this.store.clock.now() })
        .returning()
        .get();
    })();
    this.store.changes.emit('sites');
    return this.view(row);
  }

  list(filter: { accountId?: number } = {}): Project[] {
    const where = filter.accountId === undefined ? undefined : eq(projects.accountId, filter.accountId);
    return this.store.db
      .select()
      .from(projects)
      .where(where)
      .orderBy(asc(projects.id))
      .all()
      .map((row) => this.view(row));
  }

  /** A project by id ("7") or slug ("happy-paws"). */
  get(reference: string | number): Project {
    return this.view(this.row(reference));
  }

  deploys(reference: string | number): Deploy[] {
    const project = this.row(reference);
    return this.store.db
      .select()
      .from(deploys)
      .where(eq(deploys.projectId, project.id))
      .orderBy(desc(deploys.number))
      .all()
      .map((row) => deployView(row, project.liveDeployNumber));
  }

  /**
   * Copies a folder as the project's next deploy; a refused folder is recorded as a failed deploy.
   * `shownAs` names a temporary folder (an upload) in the record and its reasons.
   */
  deployFolder(reference: string | number, folder: string, shownAs?: string): Promise<Deploy> {
    const project = this.row(reference);
    const source = path.resolve(folder);
    const recorded = shownAs ?? source;
    return this.serialised(project.id, async () => {
      const inspection = await inspectFolder(source, MAX_DEPLOY_BYTES, recorded);
      if (!inspection.ok)
        return this.record(project.id, 'folder', recorded, { outcome: 'failed', failure: inspection.failure });
      return this.publish(project.id, 'folder', recorded, async (staging) => {
        await this.store.beforeCopy?.(inspection.root, staging);
        const copied = await copyInspectedFolder(inspection, staging, MAX_DEPLOY_BYTES, recorded);
        return copied.ok
          ? { outcome: 'succeeded', fileCount: copied.fileCount, byteSize: copied.byteSize }
          : { outcome: 'failed', failure: copied.failure };
      });
    });
  }

  /** Records an upload refused before any folder could be judged (a zip unpacking past the limit) as a failed deploy. */
  recordRefusal(reference: string | number, shownAs: string, failure: DeployFailure): Promise<Deploy> {
    const project = this.row(reference);
    return this.serialised(project.id, async () =>
      this.record(project.id, 'folder', shownAs, { outcome: 'failed', failure }),
    );
  }

  /**
   * Writes the adoption site (made by publishing/adoption-site/: the shelter profile's words and every
   * pet with its public profile and photos, as of now) as the next deploy.
   */
  deployAdoptionPage(reference: string | number): Promise<Deploy> {
    const project = this.row(reference);
    return this.serialised(project.id, async () => {
      let site: GeneratedSite | undefined;
      const deploy = await this.publish(project.id, 'adoption_page', null, async (staging) => {
        site = this.adoptionSiteContent(project.id);
        const written = await site.write(staging, MAX_DEPLOY_BYTES);
        return written.ok
          ? { outcome: 'succeeded', fileCount: written.fileCount, byteSize: written.byteSize }
          : { outcome: 'failed', failure: written.failure };
      });
      if (site) this.store.adoptionSitePublished(project.id, site);
      return deploy;
    });
  }

  /** The adoption site of a project as the records make it now, at the project's live address. */
  adoptionSiteContent(reference: string | number): GeneratedSite {
    const project = this.row(reference);
    return this.store.siteContent(
      this.store.liveAddress(project.id, project.slug),
      this.store.clock.now(),
      project.name,
    );
  }

  /** Serves an earlier (or later) successful deploy from the next request on. */
  rollback(reference: string | number, number: number): Deploy {
    const project = this.row(reference);
    // One write transaction, like pruning's: a deploy pruned by another process cannot become live.
    const deploy = this.store.sqlite
      .transaction(() => {
        const row = this.store.db
          .select()
          .from(deploys)
          .where(and(eq(deploys.projectId, project.id), eq(deploys.number, number)))
          .get();
        if (!row)
          throw new AppError('not_found', `Project ${project.slug} has no deploy ${number}.`, {
            details: { missing: 'deploy', project: project.slug, number },
          });
        if (row.outcome !== 'succeeded') {
          throw new AppError(
            'validation_failed',
            `Deploy ${number} of ${project.slug} failed (${row.reason ?? 'no reason recorded'}); roll back to a successful deploy.`,
          );
        }
        this.store.db.update(projects).set({ liveDeployNumber: number }).where(eq(projects.id, project.id)).run();
        return row;
      })
      .immediate();
    this.store.changes.emit('sites');
    return deployView(deploy, number);
  }

  /** The folder a live deploy is served from. */
  deployDir(projectId: number, number: number): string {
    return numberedDeployDir(this.store.sitesDir, projectId, number);
  }

  private row(reference: string | number): ProjectRow {
    const text = String(reference).trim();
    const byId = /^[0-9]+$/.test(text);
    const row = this.store.db
      .select()
      .from(projects)
      .where(byId ? eq(projects.id, Number(text)) : eq(projects.slug, text.toLowerCase()))
      .get();
    if (!row)
      throw new AppError('not_found', `There is no project ${byId ? 'with id' : 'with slug'} ${text}.`, {
        details: { missing: 'project', reference: text },
      });
    return row;
  }

  private serialised<T>(projectId: number, task: () => Promise<T>): Promise<T> {
    const previous = this.queues.get(projectId) ?? Promise.resolve();
    const run = previous.then(task);
    const settled = run.then(
      () => undefined,
      () => undefined,
    );
    this.queues.set(projectId, settled);
    void settled.then(() => {
      if (this.queues.get(projectId) === settled) this.queues.delete(projectId);
    });
    return run;
  }

  /**
   * Fills a staging folder beside the deploys, then, in one transaction, takes the next number,
   * renames the folder to it and makes it live: a deploy is never half visible. The transaction
   * takes SQLite's write lock before it reads the last number (BEGIN IMMEDIATE, in `record`), so
   * deploys from other processes (the server, CLIs) queue there too: numbers never collide, and the
   * live one is always the last recorded.
   */
  private async publish(
    projectId: number,
    source: DeploySource,
    folder: string | null,
    fill: (staging: string) => Promise<Outcome>,
  ): Promise<Deploy> {
    const projectDir = path.join(this.store.sitesDir, String(projectId));
    await fs.promises.mkdir(projectDir, { recursive: true });
    const staging = await makeStaging(projectDir);
    try {
      let outcome: Outcome;
      try {
        outcome = await fill(staging);
        if (outcome.outcome === 'succeeded') await recordDeployedFiles(staging);
      } catch (error) {
        const systemCode = (error as NodeJS.ErrnoException).code ?? null;
        outcome = {
          outcome: 'failed',
          failure: { reason: 'copy_failed', systemCode, message: (error as Error).message },
        };
      }
      if (outcome.outcome === 'failed') return this.record(projectId, source, folder, outcome);
      return this.record(projectId, source, folder, outcome, (number) => {
        const final = this.deployDir(projectId, number);
        // Left by a run that crashed before its row was written: no deploy refers to it.
        fs.rmSync(final, { recursive: true, force: true });
        fs.renameSync(staging, final);
      });
    } finally {
      await removeStaging(staging);
    }
  }

  /** At start: what killed deploys left goes, and every project is pruned to the deploys it keeps (deploy-housekeeping.ts). */
  tidy(): void {
    this.housekeeping.tidy();
  }

  private record(
    projectId: number,
    source: DeploySource,
    folder: string | null,
    outcome: Outcome,
    place?: (number: number) => void,
  ): Deploy {
    const { db, sqlite, clock } = this.store;
    const deploy = sqlite
      .transaction(() => {
        const last = db
          .select({ number: sql<number | null>`max(${deploys.number})` })
          .from(deploys)
          .where(eq(deploys.projectId, projectId))
          .get();
        const number = (last?.number ?? 0) + 1;
        place?.(number);
        const row = db
          .insert(deploys)
          .values({
            projectId,
            number,
            source,
            folder,
            outcome: outcome.outcome,
            reason: outcome.outcome === 'failed' ? deployFailureEnglish(outcome.failure) : null,
            failure: outcome.outcome === 'failed' ? outcome.failure : null,
            fileCount: outcome.outcome === 'succeeded' ? outcome.fileCount : 0,
            byteSize: outcome.outcome === 'succeeded' ? outcome.byteSize : 0,
            createdAt: clock.now(),
          })
          .returning()
          .get();
        if (outcome.outcome === 'succeeded')
          db.update(projects).set({ liveDeployNumber: number }).where(eq(projects.id, projectId)).run();
        return row;
      })
      .immediate();
    this.store.changes.emit('sites');
    try {
      this.housekeeping.prune(projectId);
    } catch (error) {
      // The deploy is recorded (and live if it succeeded); what is left is pruned after the next one or at start.
      this.store.log.error({ projectId, err: error }, 'could not prune the deploys of a project');
    }
    const live = db.select({ live: projects.liveDeployNumber }).from(projects).where(eq(projects.id, projectId)).get();
    return deployView(deploy, live?.live ?? null);
  }

  private freeSlug(base: string): string {
    const taken = new Set(
      this.store.db
        .select({ slug: projects.slug })
        .from(projects)
        .where(sql`${projects.slug} = ${base} OR ${projects.slug} LIKE ${`${base}-%`}`)
        .all()
        .map((row) => row.slug),
    );
    if (!taken.has(base)) return base;
    for (let n = 2; ; n += 1) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`;
  }

  private view(row: ProjectRow): Project {
    return {
      id: row.id,
      accountId: row.accountId,
      name: row.name,
      slug: row.slug,
      liveDeploy: row.liveDeployNumber,
      url: `http://${row.slug}.${this.store.sitesHost}/`,
      ...this.store.describe(row.id, row.slug),
      createdAt: row.createdAt,
    };
  }
}

/**
 * A DNS label from a project name: ASCII letters and digits joined by hyphens, never only digits
 * (a `<PROJECT>` of digits is read as an id), "site" when nothing usable is left. A long name is cut
 * after its last whole word that fits (`…-centre`, not `…-centre-fo`); one word longer than that, in it.
 */
export function slugOf(name: string): string {
  const ascii = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();
  const words = ascii.replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '');
  const lastBreak = words.length > SLUG_MAX ? words.lastIndexOf('-', SLUG_MAX) : -1;
  const slug = (words.length <= SLUG_MAX ? words : words.slice(0, lastBreak > 0 ? lastBreak : SLUG_MAX)).replace(
    /-+$/,
    '',
  );
  if (slug === '') return 'site';
  return /^[0-9-]+$/.test(slug) ? `site-${slug}` : slug;
}

function deployView(row: DeployRow, liveNumber: number | null): Deploy {
  return {
    projectId: row.projectId,
    number: row.number,
    source: row.source,
    folder: row.folder,
    outcome: row.outcome,
    reason: row.reason,
    failure: row.failure,
    fileCount: row.fileCount,
    byteSize: row.byteSize,
    live: row.number === liveNumber,
    createdAt: row.createdAt,
  };
}
