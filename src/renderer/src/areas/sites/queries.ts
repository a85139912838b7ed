import { useQuery } from '@tanstack/react-query';
import type { DomainInput } from '../../../../shared/site-inputs';
import type { SiteUpload } from '../../../../shared/site-upload';
import type { Deploy, Domain, NewProject, RedirectStatus } from '../../../../shared/sites';
import { SHOWN_IN_PLACE } from '../../client/errors';
import { call } from '../../client/transport';
import { useEnvironment } from '../../client/EnvironmentProvider';
import type { Outcome, ProgressOptions } from '../../client/notify';
import { useAction } from '../../client/action';

/** While a domain waits for its record, the server re-checks it on its own: the table follows. */
const WHILE_PENDING_MS = 15_000;
/** A failed certificate is retried by the server and flagged after 30 minutes: the table follows, slowly. */
const WHILE_FAILED_MS = 30_000;

/** An adoption site republishes itself when the records change (at another desk, by the API, the CLI): the page follows. */
const WHILE_FOLLOWING_MS = 5_000;

export function useProjects() {
  const environment = useEnvironment();
  return useQuery({
    queryKey: [environment, 'sites', 'projects'],
    queryFn: () => call('projects.list', { environment }),
    // Kept while following: the follower records each check ("up to date as of") without a change topic; its deploys come by push.
    refetchInterval: (query) =>
      query.state.data?.some((project) => project.following.active) ? WHILE_FOLLOWING_MS : false,
  });
}

/** A deploy made anywhere (the follower, another desk, the CLI) comes with the `sites` topic. */
export function useDeploys(projectId: number) {
  const environment = useEnvironment();
  return useQuery({
    queryKey: [environment, 'sites', 'deploys', projectId],
    queryFn: () => call('deploys.list', { environment, projectId }),
  });
}

export function useDomains(projectId: number) {
  const environment = useEnvironment();
  return useQuery({
    queryKey: [environment, 'sites', 'domains', projectId],
    queryFn: () => call('domains.list', { environment, projectId }),
    // A certificate's issuing and a status a re-check changes come with the `sites` topic. Kept: a re-check
    // that finds no change records what it found without one, and a failed certificate's 30-minute flag is time passing.
    refetchInterval: (query) => {
      const domains = query.state.data ?? [];
      if (domains.some((domain) => domain.nextCheckAt !== null)) return WHILE_PENDING_MS;
      return domains.some((domain) => domain.status === 'verified' && domain.certificate.state === 'failed')
        ? WHILE_FAILED_MS
        : false;
    },
  });
}

export function useCreateProject() {
  return useAction({
    run: (project: NewProject, environment) => call('projects.create', { environment, project }),
    progress: ({ name }) => `Creating the project ${name}…`,
    success: (project) => `Project “${project.name}” created; deploy it to publish ${project.url}`,
    shownInPlace: SHOWN_IN_PLACE.always,
    invalidates: ['sites'],
  });
}

/** A deploy that ran but failed is not an error of the call: it is recorded, and its reason shown. */
function deployOutcome(deploy: Deploy): Outcome {
  if (deploy.outcome === 'failed') {
    return {
      title: `Deploy ${deploy.number} failed`,
      message: `${deploy.reason ?? 'No reason recorded.'} The live deploy did not change.`,
      warning: true,
    };
  }
  return `Deploy ${deploy.number} is live (${deploy.fileCount} file${deploy.fileCount === 1 ? '' : 's'}).`;
}

export type DeployRequest = { projectId: number } & (
  { kind: 'folder'; folder: string } | { kind: 'upload'; upload: SiteUpload } | { kind: 'adoption_page' }
);

/** `{ shownInPlace: SHOWN_IN_PLACE.always }` from the deploy dialog, which shows every failure itself. */
export function useDeploy(options: ProgressOptions = {}) {
  return useAction({
    run: (request: DeployRequest, environment) => {
      const { projectId } = request;
      if (request.kind === 'folder')
        return call('deploys.fromFolder', { environment, projectId, folder: request.folder });
      if (request.kind === 'upload')
        return call('deploys.fromUpload', { environment, projectId, upload: request.upload });
      return call('deploys.adoptionPage', { environment, projectId });
    },
    progress: (request) =>
      request.kind === 'adoption_page'
        ? 'Publishing the adoption page…'
        : request.kind === 'upload'
          ? `Uploading ${request.upload.name} and deploying it…`
          : `Deploying ${request.folder}…`,
    success: deployOutcome,
    shownInPlace: SHOWN_IN_PLACE.siteForm,
    invalidates: ['sites'],
    ...options,
  });
}

export function useRollback() {
  return useAction({
    run: ({ projectId, number }: { projectId: number; number: number }, environment) =>
      call('deploys.rollback', { environment, projectId, number }),
    progress: ({ number }) => `Rolling back to deploy ${number}…`,
    success: (deploy) => `Deploy ${deploy.number} is live again.`,
    invalidates: ['sites'],
  });
}

export function useAddDomain() {
  return useAction({
    run: ({ projectId, domain }: { projectId: number; domain: DomainInput }, environment) =>
      call('domains.add', { environment, projectId, domain }),
    progress: ({ domain }) => `Adding ${domain.name}…`,
    success: (domain) =>
      `${domain.name} added as ${domain.role === 'primary' ? 'the primary domain' : `a redirect to ${domain.to ?? 'the primary'}`}; create its DNS record, then verify.`,
    shownInPlace: SHOWN_IN_PLACE.always,
    invalidates: ['sites'],
  });
}

/**
 * The check ran: its outcome and what to do next stay in the domain's row. Still pending (no record
 * yet) is the usual first answer; a conflict or an error needs staff to act: a warning, never green.
 */
function verifyOutcome(domain: Domain): Outcome {
  if (domain.status === 'verified') return `${domain.name} is verified.`;
  if (domain.status === 'pending') return `Checked ${domain.name}: no matching record yet. What was found is under it.`;
  return {
    title: `${domain.name} is not verified (${domain.status})`,
    message: 'What was found, and what to change, is under the domain.',
    warning: true,
  };
}

export function useVerifyDomain() {
  return useAction({
    run: (name: string, environment) => call('domains.verify', { environment, name }),
    progress: (name) => `Checking the DNS of ${name}…`,
    success: verifyOutcome,
    invalidates: ['sites'],
  });
}

export function useSetRedirectStatus() {
  return useAction({
    run: ({ name, status }: { name: string; status: RedirectStatus }, environment) =>
      call('domains.setRedirectStatus', { environment, name, status }),
    progress: ({ name }) => `Saving the redirect of ${name}…`,
    success: (domain) => `${domain.name} now answers ${domain.redirectStatus ?? ''} to ${domain.to ?? 'the primary'}.`,
    invalidates: ['sites'],
  });
}

export function usePromoteDomain() {
  return useAction({
    run: (name: string, environment) => call('domains.promote', { environment, name }),
    progress: (name) => `Making ${name} the primary domain…`,
    success: (domain) => `${domain.name} is the primary domain; the others redirect to it.`,
    invalidates: ['sites'],
  });
}

export function useRemoveDomain() {
  return useAction({
    run: (name: string, environment) => call('domains.remove', { environment, name }),
    progress: (name) => `Removing ${name}…`,
    success: (domain) => `${domain.name} removed; it is no longer served.`,
    invalidates: ['sites'],
  });
}

/** Removing a primary that others redirect to: one of them becomes the primary first, then the old one goes. */
export function usePromoteAndRemove() {
  return useAction({
    run: async ({ successor, name }: { successor: string; name: string }, environment) => {
      await call('domains.promote', { environment, name: successor });
      return call('domains.remove', { environment, name });
    },
    progress: ({ successor, name }) => `Making ${successor} the primary domain, then removing ${name}…`,
    success: (domain, { successor }) =>
      `${successor} is the primary domain; ${domain.name} removed, it is no longer served.`,
    invalidates: ['sites'],
  });
}
