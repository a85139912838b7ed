import fs from 'node:fs';
import path from 'node:path';
import type Database from 'better-sqlite3';
import { and, desc, eq, inArray } from 'drizzle-orm';
import type { Store } from '../db/connection';
import type { Changes } from '../db/changes';
import { deploys, projects } from '../db/schema';
import type { EngineLog } from '../log';
import { removeDeadStaging } from './staging-folders';

export interface DeployHousekeepingStore {
  db: Store;
  sqlite: Database.Database;
  changes: Changes;
  log: EngineLog;
  /** <data>/sites/<env>: one folder per project id, one per deploy number inside. */
  sitesDir: string;
  /** Deploys kept per project, the live one always among them; older ones lose their files and rows. */
  keepDeploys: number;
}

/** The folder of a project's deploy `number`. */
export function numberedDeployDir(sitesDir: string, projectId: number, number: number): string {
  return path.join(sitesDir, String(projectId), String(number));
}

/** What deploys leave behind: older deploys pruned after each one, and at start what killed deploys left. */
export class DeployHousekeeping {
  constructor(private readonly store: DeployHousekeepingStore) {}

  /**
   * At start: removes what killed deploys left (staging folders no live process is filling, numbered
   * folders no row refers to) and prunes every project to the deploys it keeps. Never throws: a
   * leftover is no reason not to start.
   */
  tidy(): void {
    let projectDirs: string[];
    try {
      projectDirs = fs.readdirSync(this.store.sitesDir).filter((name) => /^[0-9]+$/.test(name));
    } catch {
      return;
    }
    for (const name of projectDirs) {
      try {
        const projectDir = path.join(this.store.sitesDir, name);
        removeDeadStaging(projectDir);
        this.removeUnrecorded(Number(name), projectDir);
        this.prune(Number(name));
      } catch (error) {
        this.store.log.error(
          { projectId: Number(name), err: error },
          'could not tidy the deploys of a project; trying again at the next start',
        );
      }
    }
  }

  /**
   * Keeps the project's last `keepDeploys` deploys and the live one; older rows go in one write
   * transaction (which a rollback also takes, so none can make a pruned deploy live), their folders after.
   */
  prune(projectId: number): number[] {
    const { db, sqlite, keepDeploys } = this.store;
    const outdated = () => {
      const live =
        db.select({ live: projects.liveDeployNumber }).from(projects).where(eq(projects.id, projectId)).get()?.live ??
        null;
      const numbers = db
        .select({ number: deploys.number })
        .from(deploys)
        .where(eq(deploys.projectId, projectId))
        .orderBy(desc(deploys.number))
        .all();
      return numbers
        .slice(keepDeploys)
        .map((row) => row.number)
        .filter((number) => number !== live);
    };
    // A read first: starting up must not wait on the write lock for nothing.
    if (outdated().length === 0) return [];
    const pruned = sqlite
      .transaction(() => {
        const numbers = outdated();
        for (let start = 0; start < numbers.length; start += 500) {
          db.delete(deploys)
            .where(and(eq(deploys.projectId, projectId), inArray(deploys.number, numbers.slice(start, start + 500))))
            .run();
        }
        return numbers;
      })
      .immediate();
    for (const number of pruned)
      fs.rmSync(numberedDeployDir(this.store.sitesDir, projectId, number), { recursive: true, force: true });
    if (pruned.length > 0) this.store.changes.emit('sites');
    return pruned;
  }

  /**
   * Numbered folders without a successful deploy row: renamed into place by a deploy killed before
   * its row committed, or pruned by one killed before its folders went. Only numbers up to the last
   * committed one: a higher one may be another process's deploy inside its transaction right now.
   */
  private removeUnrecorded(projectId: number, projectDir: string): void {
    const rows = this.store.db
      .select({ number: deploys.number, outcome: deploys.outcome })
      .from(deploys)
      .where(eq(deploys.projectId, projectId))
      .all();
    const last = rows.reduce((highest, row) => Math.max(highest, row.number), 0);
    const published = new Set(rows.filter((row) => row.outcome === 'succeeded').map((row) => row.number));
    for (const name of fs.readdirSync(projectDir)) {
      if (!/^[0-9]+$/.test(name)) continue;
      const number = Number(name);
      if (number <= last && !published.has(number))
        fs.rmSync(path.join(projectDir, name), { recursive: true, force: true });
    }
  }
}
