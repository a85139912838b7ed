/** Sites: projects, deploys, domains and certificates. */
import type { CertificateListing, Deploy, Domain, Project } from '../sites';
import { STAFF, answer, area } from './declare';

export const SITE_CHANNELS = area({
  'projects.list': {
    input: ({ input }) => input({}),
    answer: answer<Project[]>(),
    may: STAFF,
  },
  'projects.create': {
    input: ({ input, NewProjectSchema }) => input({ project: NewProjectSchema }),
    answer: answer<Project>(),
    may: STAFF,
    writes: 'Added a site project',
    topics: ['sites'],
  },
  'deploys.list': {
    input: ({ id, input }) => input({ projectId: id }),
    answer: answer<Deploy[]>(),
    may: STAFF,
  },
  // A folder of the serving computer's disk is the desk's choice: a member at another desk uploads theirs (deploys.fromUpload).
  'deploys.fromFolder': {
    input: ({ id, input, DeployFolderSchema }) => input({ projectId: id, folder: DeployFolderSchema }),
    answer: answer<Deploy>(),
    may: 'desk',
    writes: 'Deployed a site from a folder',
    topics: ['sites'],
  },
  'deploys.fromUpload': {
    input: ({ id, input, SiteUploadSchema }) => input({ projectId: id, upload: SiteUploadSchema }),
    answer: answer<Deploy>(),
    may: STAFF,
    writes: 'Deployed an uploaded site',
    body: 'site-upload',
    topics: ['sites'],
  },
  'deploys.adoptionPage': {
    input: ({ id, input }) => input({ projectId: id }),
    answer: answer<Deploy>(),
    may: STAFF,
    writes: 'Deployed the adoption page',
    topics: ['sites'],
  },
  'deploys.rollback': {
    input: ({ id, input }) => input({ projectId: id, number: id }),
    answer: answer<Deploy>(),
    may: STAFF,
    writes: 'Rolled a site back',
    topics: ['sites'],
  },
  'domains.list': {
    input: ({ id, input }) => input({ projectId: id.optional() }),
    answer: answer<Domain[]>(),
    may: STAFF,
  },
  'domains.add': {
    input: ({ id, input, DomainInputSchema }) => input({ projectId: id, domain: DomainInputSchema }),
    answer: answer<Domain>(),
    may: STAFF,
    writes: 'Added a domain',
    topics: ['sites'],
  },
  'domains.verify': {
    input: ({ input, DomainNameSchema }) => input({ name: DomainNameSchema }),
    answer: answer<Domain>(),
    may: STAFF,
    writes: 'Verified a domain',
    topics: ['sites'],
  },
  'domains.setRedirectStatus': {
    input: ({ input, DomainNameSchema, RedirectStatusSchema }) =>
      input({ name: DomainNameSchema, status: RedirectStatusSchema }),
    answer: answer<Domain>(),
    may: STAFF,
    writes: 'Changed a domain’s redirect',
    topics: ['sites'],
  },
  'domains.promote': {
    input: ({ input, DomainNameSchema }) => input({ name: DomainNameSchema }),
    answer: answer<Domain>(),
    may: STAFF,
    writes: 'Made a domain the primary one',
    topics: ['sites'],
  },
  'domains.remove': {
    input: ({ input, DomainNameSchema }) => input({ name: DomainNameSchema }),
    answer: answer<Domain>(),
    may: STAFF,
    writes: 'Removed a domain',
    topics: ['sites'],
  },
  'certificates.list': {
    input: ({ input }) => input({}),
    answer: answer<CertificateListing[]>(),
    may: STAFF,
  },
  /** The local CA's certificate (public, PEM): one per data dir, for both environments. */
  'certificates.ca': {
    input: ({ z }) => z.strictObject({}),
    answer: answer<{ pem: string }>(),
    may: STAFF,
  },
  /** Re-checks the domain's DNS, then requests its certificate anew. */
  'domains.reverify': {
    input: ({ input, DomainNameSchema }) => input({ name: DomainNameSchema }),
    answer: answer<Domain>(),
    may: STAFF,
    writes: 'Checked a domain again',
    topics: ['sites'],
  },
});
