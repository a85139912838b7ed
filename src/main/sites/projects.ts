import fs from 'node:fs';
import path from 'node:path';
import type Database from 'better-sqlite3';
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { Clock } from '../../shared/clock';
import { AppError } from '../../shared/errors';
import { MAX_DEPLOY_BYTES, NewProjectSchema, type Deploy, type DeploySource, type NewProject, type Project } from '../../shared/sites';
import type { Store } from '../db/connection';
import { deploys, projects } from '../db/schema';
import type { AccountService } from '../services/accounts';
import type { Changes } from '../services/changes';
import { parseOrThrow } from '../services/validation';
import { availablePets, renderAdoptionPage } from './adoption-page';
import { copyInspectedFolder, inspectFolder } from './deploy-folder';

export interface ProjectStore {
  db: Store;
  sqlite: Database.Database;
  clock: Clock;
  changes: Changes;
  accounts: AccountService;
  /** <data>/sites/<env>: one folder per project id, one per deploy number inside. */
  sitesDir: string;
  sitesHost: string;
}

type ProjectRow = typeof projects.$inferSelect;
type DeployRow = typeof deploys.$inferSelect;
type Outcome = { outcome: 'succeeded'; fileCount: number; byteSize: number } | { outcome: 'failed'; reason: string };

const SLUG_MAX = 40;

/** Projects and their deploys: where a site's files are written and which deploy is live. */
export class ProjectService {
  /** Deploys of one project run one after another, in the order they were asked for. */
  private readonly queues = new Map<number, Promise<unknown>>();

  constructor(private readonly store: ProjectStore) {}

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
    return this.store.db.select().from(projects).where(where).orderBy(asc(projects.id)).all().map((row) => this.view(row));
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
      if (!inspection.ok) return this.record(project.id, 'folder', recorded, { outcome: 'failed', reason: inspection.reason });
      return this.publish(project.id, 'folder', recorded, async (staging) => {
        await copyInspectedFolder(inspection, staging);
        return { outcome: 'succeeded', fileCount: inspection.fileCount, byteSize: inspection.byteSize };
      });
    });
  }

  /** Renders the built-in adoption page (shelter name and available pets, as of now) as the next deploy. */
  deployAdoptionPage(reference: string | number): Promise<Deploy> {
    const project = this.row(reference);
    return this.serialised(project.id, () =>
      this.publish(project.id, 'adoption_page', null, async (staging) => {
        const shelter = this.store.accounts.get(project.accountId).name;
        const chunks: Buffer[] = [];
        let byteSize = 0;
        for (const text of renderAdoptionPage(shelter, availablePets(this.store.sqlite), this.store.clock.now())) {
          const chunk = Buffer.from(text);
          byteSize += chunk.length;
          if (byteSize > MAX_DEPLOY_BYTES) return { outcome: 'failed', reason: `over ${MAX_DEPLOY_BYTES / 1024 / 1024} MiB: the adoption page would be larger than a deploy may be.` };
          chunks.push(chunk);
        }
        await fs.promises.writeFile(path.join(staging, 'index.html'), Buffer.concat(chunks));
        return { outcome: 'succeeded', fileCount: 1, byteSize };
      }),
    );
  }

  /** Serves an earlier (or later) successful deploy from the next request on. */
  rollback(reference: string | number, number: number): Deploy {
    const project = this.row(reference);
    const deploy = this.store.db
      .select()
      .from(deploys)
      .where(and(eq(deploys.projectId, project.id), eq(deploys.number, number)))
      .get();
    if (!deploy) throw new AppError('not_found', `Project ${project.slug} has no deploy ${number}; see "deploys list ${project.slug}".`);
    if (deploy.outcome !== 'succeeded') {
      throw new AppError('validation_failed', `Deploy ${number} of ${project.slug} failed (${deploy.reason ?? 'no reason recorded'}); roll back to a successful deploy.`);
    }
    this.store.db.update(projects).set({ liveDeployNumber: number }).where(eq(projects.id, project.id)).run();
    this.store.changes.emit('sites');
    return deployView(deploy, number);
  }

  /** The folder a live deploy is served from. */
  deployDir(projectId: number, number: number): string {
    return path.join(this.store.sitesDir, String(projectId), String(number));
  }

  private row(reference: string | number): ProjectRow {
    const text = String(reference).trim();
    const byId = /^[0-9]+$/.test(text);
    const row = this.store.db
      .select()
      .from(projects)
      .where(byId ? eq(projects.id, Number(text)) : eq(projects.slug, text.toLowerCase()))
      .get();
    if (!row) throw new AppError('not_found', `There is no project ${byId ? 'with id' : 'with slug'} ${text}; see "projects list".`);
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
  private async publish(projectId: number, source: DeploySource, folder: string | null, fill: (staging: string) => Promise<Outcome>): Promise<Deploy> {
    const projectDir = path.join(this.store.sitesDir, String(projectId));
    await fs.promises.mkdir(projectDir, { recursive: true });
    const staging = await fs.promises.mkdtemp(path.join(projectDir, '.staging-'));
    try {
      let outcome: Outcome;
      try {
        outcome = await fill(staging);
      } catch (error) {
        outcome = { outcome: 'failed', reason: `copying failed: ${(error as Error).message}` };
      }
      if (outcome.outcome === 'failed') return this.record(projectId, source, folder, outcome);
      return this.record(projectId, source, folder, outcome, (number) => {
        const final = this.deployDir(projectId, number);
        // Left by a run that crashed before its row was written: no deploy refers to it.
        fs.rmSync(final, { recursive: true, force: true });
        fs.renameSync(staging, final);
      });
    } finally {
      await fs.promises.rm(staging, { recursive: true, force: true });
    }
  }

  private record(projectId: number, source: DeploySource, folder: string | null, outcome: Outcome, place?: (number: number) => void): Deploy {
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
            reason: outcome.outcome === 'failed' ? outcome.reason : null,
            fileCount: outcome.outcome === 'succeeded' ? outcome.fileCount : 0,
            byteSize: outcome.outcome === 'succeeded' ? outcome.byteSize : 0,
            createdAt: clock.now(),
          })
          .returning()
          .get();
        if (outcome.outcome === 'succeeded') db.update(projects).set({ liveDeployNumber: number }).where(eq(projects.id, projectId)).run();
        return row;
      })
      .immediate();
    this.store.changes.emit('sites');
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
      createdAt: row.createdAt,
    };
  }
}

/**
 * A DNS label from a project name: ASCII letters and digits joined by hyphens, never only digits
 * (a `<PROJECT>` of digits is read as an id), "site" when nothing usable is left.
 */
export function slugOf(name: string): string {
  const ascii = name.normalize('NFKD').replace(/[\u0300-\u036f]/g, '').toLowerCase();
  const slug = ascii.replace(/[^a-z0-9]+/g, '-').slice(0, SLUG_MAX).replace(/^-+|-+$/g, '');
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
    fileCount: row.fileCount,
    byteSize: row.byteSize,
    live: row.number === liveNumber,
    createdAt: row.createdAt,
  };
}
