import type Database from 'better-sqlite3';
import type { RedirectStatus } from '../../shared/sites';
import type { Changes } from '../db/changes';
import { hostOfRequest } from './domain-names';

/** What a Host gets when it belongs to the sites: files, a redirect, or "no site at this domain". */
export type SiteRoute =
  | { kind: 'site'; root: string; adoptionPage: boolean }
  | { kind: 'redirect'; primary: string; status: RedirectStatus }
  | { kind: 'no-site' };

const NO_SITE: SiteRoute = { kind: 'no-site' };

interface ProjectLine {
  id: number;
  slug: string;
  live: number | null;
  adoptionPage: number | null;
}

interface DomainLine {
  name: string;
  projectId: number;
  role: 'primary' | 'redirect';
  redirectStatus: number | null;
  verified: number;
  removed: number;
}

/**
 * Host → route, in memory, rebuilt on the first lookup after a change to the sites (here or, through
 * the engine's change feed, in another process), so a request pays one Map lookup. Hosts it does not
 * know (the API's own) get undefined.
 */
export class SiteDirectory {
  private routes: Map<string, SiteRoute> | undefined;

  constructor(
    private readonly sqlite: Database.Database,
    private readonly sitesHost: string,
    private readonly deployDir: (projectId: number, number: number) => string,
    changes: Changes,
  ) {
    changes.on((topic) => {
      if (topic === 'sites') this.routes = undefined;
    });
  }

  lookup(hostHeader: string | undefined): SiteRoute | undefined {
    const host = hostOfRequest(hostHeader);
    this.routes ??= this.build();
    return this.routes.get(host) ?? (host.endsWith(`.${this.sitesHost}`) ? NO_SITE : undefined);
  }

  private build(): Map<string, SiteRoute> {
    const projectLines = this.sqlite
      .prepare<[], ProjectLine>(
        `SELECT projects.id, projects.slug, projects.live_deploy_number AS live, deploys.source = 'adoption_page' AS adoptionPage
         FROM projects LEFT JOIN deploys ON deploys.project_id = projects.id AND deploys.number = projects.live_deploy_number`,
      )
      .all();
    const domainLines = this.sqlite
      .prepare<[], DomainLine>(
        `SELECT name, project_id AS projectId, role, redirect_status AS redirectStatus, status = 'verified' AS verified,
                removed_at IS NOT NULL AS removed
         FROM domains ORDER BY removed DESC`,
      )
      .all();
    const sites = new Map<number, SiteRoute>();
    const routes = new Map<string, SiteRoute>();
    for (const project of projectLines) {
      if (project.live === null) continue;
      const site: SiteRoute = {
        kind: 'site',
        root: this.deployDir(project.id, project.live),
        adoptionPage: project.adoptionPage === 1,
      };
      sites.set(project.id, site);
      routes.set(`${project.slug}.${this.sitesHost}`, site);
    }
    const primaries = new Map(
      domainLines.filter((line) => !line.removed && line.role === 'primary').map((line) => [line.projectId, line.name]),
    );
    // Removed names come first, so a name removed here and attached again elsewhere takes its new route.
    for (const line of domainLines) {
      const primary = primaries.get(line.projectId);
      let route = NO_SITE;
      if (!line.removed && line.verified) {
        if (line.role === 'primary') route = sites.get(line.projectId) ?? NO_SITE;
        else if (primary) route = { kind: 'redirect', primary, status: (line.redirectStatus ?? 301) as RedirectStatus };
      }
      routes.set(line.name, route);
    }
    return routes;
  }
}
