import { AppError } from '../../shared/errors';
import type { LocalAddressWarning } from '../../shared/portals';
import type { Project } from '../../shared/sites';
import type { Sites } from '../sites/sites';

/** Where the adoption site is published: the project, and the address visitors reach it at. */
export interface PublishedSite {
  project: Project;
  /** No trailing slash. */
  address: string;
}

/**
 * The project whose live address links to the site (kennel cards' QR codes, Petfinder's photos) open:
 * the one named, else the one project serving the adoption site; refused when none does, or several.
 * `field` names the option that picks the project, in the refusal.
 */
export function publishedSite(
  sites: Pick<Sites, 'projects' | 'liveAddress'>,
  reference: string | number | undefined,
  purpose: string,
): PublishedSite {
  const { projects } = sites;
  let project: Project;
  if (reference !== undefined) project = projects.get(reference);
  else {
    const serving = projects
      .list()
      .filter(
        (candidate) =>
          candidate.liveDeploy !== null &&
          projects.deploys(candidate.id).some((deploy) => deploy.live && deploy.source === 'adoption_page'),
      );
    if (serving.length !== 1) {
      throw new AppError(
        'validation_failed',
        serving.length === 0
          ? `No project serves the adoption site yet: publish it first, or name the project whose address ${purpose}.`
          : `Several projects serve the adoption site (${serving.map((candidate) => candidate.slug).join(', ')}): name the one whose address ${purpose}.`,
        { details: { field: 'project' } },
      );
    }
    project = serving[0]!;
  }
  return { project, address: sites.liveAddress(project.id, project.slug) };
}

/** `localhost` and its subdomains name this computer: a phone scanning a card's code, or a portal fetching a photo, reaches nothing there. */
export function localAddressWarnings({ project, address }: PublishedSite): LocalAddressWarning[] {
  const host = new URL(address).hostname;
  return host === 'localhost' || host.endsWith('.localhost')
    ? [{ code: 'local_address', details: { project: project.slug, address } }]
    : [];
}
