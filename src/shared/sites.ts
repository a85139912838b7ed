/** Published sites and custom domains (docs/contract.md, "Published sites and custom domains"): the shapes and figures every face shares. */
import { z } from 'zod';
import type { DeployFailure } from './deploy-failures';
import type { DnsFindings } from './dns-check';

/** The seed's displayed record uses a TTL of 3600. */
export const RECORD_TTL_SECONDS = 3600;
/** A deploy over this many bytes fails (docs/contract.md, "Published sites and custom domains"). */
export const MAX_DEPLOY_BYTES = 100 * 1024 * 1024;
export const DEFAULT_SITES_HOST = 'localhost';

export const REDIRECT_STATUSES = [301, 302, 307, 308] as const;
export type RedirectStatus = (typeof REDIRECT_STATUSES)[number];
export const DEFAULT_REDIRECT_STATUS: RedirectStatus = 301;

export const DEPLOY_OUTCOMES = ['succeeded', 'failed'] as const;
export type DeployOutcome = (typeof DEPLOY_OUTCOMES)[number];
export const DEPLOY_SOURCES = ['folder', 'adoption_page'] as const;
export type DeploySource = (typeof DEPLOY_SOURCES)[number];

export const DOMAIN_KINDS = ['apex', 'subdomain'] as const;
export type DomainKind = (typeof DOMAIN_KINDS)[number];
export const DOMAIN_ROLES = ['primary', 'redirect'] as const;
export type DomainRole = (typeof DOMAIN_ROLES)[number];
export const VERIFICATION_STATUSES = ['pending', 'verified', 'conflict', 'error'] as const;
export type VerificationStatus = (typeof VERIFICATION_STATUSES)[number];
/** A verified domain's TLS certificate: none → pending → issued | failed (docs/contract.md, "Published sites and custom domains"). */
export const CERTIFICATE_STATES = ['none', 'pending', 'issued', 'failed'] as const;
export type CertificateState = (typeof CERTIFICATE_STATES)[number];

/** Automatic re-checks of a pending domain: 1 min, 10 min, 100 min after the last check, then daily. */
export const RECHECK_DELAYS_MS = [60_000, 600_000, 6_000_000] as const;
export const RECHECK_DAILY_MS = 86_400_000;

export const ProjectNameSchema = z
  .string({ error: 'must be a string' })
  .trim()
  .min(1, { error: 'must not be empty' })
  .max(100, { error: 'must be at most 100 characters' });

export const NewProjectSchema = z.strictObject({
  accountId: z.int({ error: 'must be an account id' }).positive({ error: 'must be an account id' }),
  name: ProjectNameSchema,
});
export type NewProject = z.infer<typeof NewProjectSchema>;

export interface Project {
  id: number;
  accountId: number;
  name: string;
  slug: string;
  /** Number of the deploy being served, or null before the first successful deploy. */
  liveDeploy: number | null;
  /** http://<slug>.<sites-host>/ */
  url: string;
  /** The name visitors use: the verified primary domain, else `<slug>.<sites-host>`. */
  publicHost: string;
  /** Whether `publicHost` has an issued certificate (served over HTTPS when the server has an HTTPS port). */
  publicHostCertified: boolean;
  createdAt: number;
  /** Whether the adoption site follows the records by itself, and when it last did. */
  following: SiteFollowing;
}

/**
 * A project whose live deploy is the adoption site republishes it by itself a few seconds after the
 * public records change (pets, profiles, photos, the shelter): `checkedAt` is when the live site was
 * last compared with the records, `republishedAt` when that last made a new deploy.
 */
export interface SiteFollowing {
  active: boolean;
  checkedAt: number | null;
  republishedAt: number | null;
}

/** The ports a running server serves the sites on: HTTP always, HTTPS when it was given a port for it. */
export interface SitePorts {
  http: number;
  https: number | null;
}

/** `<slug>.<sites-host>` of a project, from its port-less `url`. */
export function siteHostOf(projectUrl: string): string {
  return new URL(projectUrl).hostname;
}

/**
 * The address that reaches `host` on a running server, port included: HTTPS when the name has a
 * certificate and the server an HTTPS port (`<slug>.<sites-host>` never has one), else HTTP.
 */
export function siteAddress(host: string, ports: SitePorts, hasCertificate = false): string {
  const secure = hasCertificate && ports.https !== null;
  const url = new URL(`${secure ? 'https' : 'http'}://${host}/`);
  url.port = String(secure ? ports.https : ports.http);
  return url.toString();
}

/** Where visitors reach a project on a running server: its verified primary domain (HTTPS when served), else its own name. */
export function projectAddress(project: Pick<Project, 'publicHost' | 'publicHostCertified'>, ports: SitePorts): string {
  return siteAddress(project.publicHost, ports, project.publicHostCertified);
}

/** A certificate is "HTTPS ready" only where HTTPS is served: issued, and the server has an HTTPS port. */
export function httpsServed(certificate: Pick<DomainCertificate, 'state'>, ports: SitePorts | null): boolean {
  return certificate.state === 'issued' && ports !== null && ports.https !== null;
}

export interface Deploy {
  projectId: number;
  number: number;
  source: DeploySource;
  /** The folder deployed (absolute), what was uploaded ("upload of site.zip"), or null for the adoption page. */
  folder: string | null;
  outcome: DeployOutcome;
  /** Why a deploy failed, in English words a person can act on; null when it succeeded. */
  reason: string | null;
  /** The same, typed, for a face to word in its language; null when it succeeded or was recorded before failures were typed. */
  failure: DeployFailure | null;
  fileCount: number;
  byteSize: number;
  live: boolean;
  createdAt: number;
}

export interface DnsRecord {
  /** ALIAS for an apex (some providers call it ANAME), CNAME for a subdomain. */
  type: 'CNAME' | 'ALIAS';
  name: string;
  value: string;
  ttl: number;
}

export const CERTIFICATE_ISSUERS = ['local', 'acme'] as const;
export type CertificateIssuerKind = (typeof CERTIFICATE_ISSUERS)[number];
/** A domain verified this long ago whose certificate is not issued yet is flagged for re-verify. */
export const REVERIFY_AFTER_MS = 30 * 60_000;
/** Certificates are renewed this long before they expire. */
export const RENEW_BEFORE_MS = 30 * 86_400_000;
/** The local CA's leaf certificates last this long. */
export const LOCAL_LEAF_LIFETIME_MS = 90 * 86_400_000;

export interface DomainCertificate {
  state: CertificateState;
  /** Who issued (or is asked to issue) it, e.g. "Adoption Desk local CA" or the ACME CA's name. */
  issuer: string | null;
  /** When the current request started: on verification, or on a re-verify. */
  requestedAt: number | null;
  issuedAt: number | null;
  notBefore: number | null;
  notAfter: number | null;
  /** Why the last attempt failed, in English ("Renewal failed: " and the issuer's words while the current one is still served); null when it did not fail. */
  reason: string | null;
  /** The issuer's (ACME's) own words for the last failure, for a face to put in its own sentence; null when it did not fail. */
  issuerWords: string | null;
  /** The next attempt: a retry after a failure, or the renewal of an issued certificate. */
  nextAttemptAt: number | null;
  /** Verified over 30 minutes ago and still not issued: offer "re-verify". */
  needsReverify: boolean;
}

export interface Domain {
  name: string;
  /** The project's slug. */
  project: string;
  projectId: number;
  kind: DomainKind;
  role: DomainRole;
  status: VerificationStatus;
  record: DnsRecord;
  /** What verification looks for, e.g. ["CNAME shop.localhost"]. */
  expected: string[];
  /** What the last check found, e.g. ["A 203.0.113.7"]; empty before the first check or when nothing exists. */
  found: string[];
  /** What the last check found: its reason code (and the query that failed). Each face words it from this. */
  check: DnsFindings;
  /** The check's outcome in face-neutral words (dnsCheckInWords), with the step at the DNS provider; never stored. */
  message: string;
  checkedAt: number | null;
  /** When the next automatic check runs (only while pending or after a resolver error). */
  nextCheckAt: number | null;
  verifiedAt: number | null;
  certificate: DomainCertificate;
  /** Redirects only: the primary they send visitors to, and the status they answer with. */
  to?: string;
  redirectStatus?: RedirectStatus;
  createdAt: number;
}

/** One line of `certificates list` (and the GUI's): the domain, its DNS status and its certificate. */
export interface CertificateListing extends DomainCertificate {
  domain: string;
  project: string;
  status: VerificationStatus;
  verifiedAt: number | null;
}
