import { useQuery } from '@tanstack/react-query';
import type { DomainInput } from '../../../../shared/site-inputs';
import type { SiteUpload } from '../../../../shared/site-upload';
import type { Deploy, Domain, NewProject, RedirectStatus } from '../../../../shared/sites';
import { SHOWN_IN_PLACE } from '../../client/errors';
import { call } from '../../client/transport';
import { useEnvironment } from '../../client/EnvironmentProvider';
import type { Outcome, ProgressOptions } from '../../client/notify';
import { useAction } from '../../client/action';
import { windowI18n } from '../../i18n/i18n';
import { deployReasonWords } from './deploy-words';

const t = windowI18n.getFixedT(null, 'sites');

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
    progress: ({ name }) => t('toasts.creating', { name }),
    success: (project) => t('toasts.created', { name: project.name, url: project.url }),
    shownInPlace: SHOWN_IN_PLACE.always,
    invalidates: ['sites'],
  });
}

/** A deploy that ran but failed is not an error of the call: it is recorded, and its reason shown. */
function deployOutcome(deploy: Deploy): Outcome {
  if (deploy.outcome === 'failed') {
    return {
      title: t('toasts.deployFailed', { number: deploy.number }),
      message: t('toasts.liveUnchanged', { reason: deployReasonWords(deploy) ?? t('toasts.noReason') }),
      warning: true,
    };
  }
  return t('toasts.deployLive', { number: deploy.number, count: deploy.fileCount });
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
        ? t('toasts.publishing')
        : request.kind === 'upload'
          ? t('toasts.uploading', { name: request.upload.name })
          : t('toasts.deploying', { folder: request.folder }),
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
    progress: ({ number }) => t('toasts.rollingBack', { number }),
    success: (deploy) => t('toasts.liveAgain', { number: deploy.number }),
    invalidates: ['sites'],
  });
}

export function useAddDomain() {
  return useAction({
    run: ({ projectId, domain }: { projectId: number; domain: DomainInput }, environment) =>
      call('domains.add', { environment, projectId, domain }),
    progress: ({ domain }) => t('toasts.adding', { name: domain.name }),
    success: (domain) =>
      domain.role === 'primary'
        ? t('toasts.addedPrimary', { name: domain.name })
        : t('toasts.addedRedirect', { name: domain.name, to: domain.to ?? t('toasts.thePrimary') }),
    shownInPlace: SHOWN_IN_PLACE.always,
    invalidates: ['sites'],
  });
}

/**
 * The check ran: its outcome and what to do next stay in the domain's row. Still pending (no record
 * yet) is the usual first answer; a conflict or an error needs staff to act: a warning, never green.
 */
function verifyOutcome(domain: Domain): Outcome {
  if (domain.status === 'verified') return t('toasts.verified', { name: domain.name });
  if (domain.status === 'pending') return t('toasts.stillPending', { name: domain.name });
  return {
    title: t('toasts.notVerified', { name: domain.name, status: t(`domains.status.${domain.status}`) }),
    message: t('toasts.underDomain'),
    warning: true,
  };
}

export function useVerifyDomain() {
  return useAction({
    run: (name: string, environment) => call('domains.verify', { environment, name }),
    progress: (name) => t('toasts.checking', { name }),
    success: verifyOutcome,
    invalidates: ['sites'],
  });
}

export function useSetRedirectStatus() {
  return useAction({
    run: ({ name, status }: { name: string; status: RedirectStatus }, environment) =>
      call('domains.setRedirectStatus', { environment, name, status }),
    progress: ({ name }) => t('toasts.savingRedirect', { name }),
    success: (domain) =>
      t('toasts.redirectSaved', {
        name: domain.name,
        status: domain.redirectStatus ?? '',
        to: domain.to ?? t('toasts.thePrimary'),
      }),
    invalidates: ['sites'],
  });
}

export function usePromoteDomain() {
  return useAction({
    run: (name: string, environment) => call('domains.promote', { environment, name }),
    progress: (name) => t('toasts.promoting', { name }),
    success: (domain) => t('toasts.promoted', { name: domain.name }),
    invalidates: ['sites'],
  });
}

export function useRemoveDomain() {
  return useAction({
    run: (name: string, environment) => call('domains.remove', { environment, name }),
    progress: (name) => t('toasts.removing', { name }),
    success: (domain) => t('toasts.removed', { name: domain.name }),
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
    progress: ({ successor, name }) => t('toasts.promotingRemoving', { successor, name }),
    success: (domain, { successor }) => t('toasts.promotedRemoved', { successor, name: domain.name }),
    invalidates: ['sites'],
  });
}
