import { and, eq, isNull } from 'drizzle-orm';
import { dnsCheckInWords } from '../../shared/dns-check';
import {
  DEFAULT_REDIRECT_STATUS,
  RECORD_TTL_SECONDS,
  type DnsRecord,
  type Domain,
  type DomainKind,
  type RedirectStatus,
} from '../../shared/sites';
import type { Store } from '../db/connection';
import { domains, projects } from '../db/schema';
import { certificateOf } from './certificates/certificates';

export type DomainRow = typeof domains.$inferSelect;

/** The domain a project's redirects point at, if it has one yet. */
export function primaryRowOf(db: Store, projectId: number): DomainRow | undefined {
  return db
    .select()
    .from(domains)
    .where(and(eq(domains.projectId, projectId), eq(domains.role, 'primary'), isNull(domains.removedAt)))
    .get();
}

/** A domain as the faces show it: its project, the record to create, the last check in words, its certificate. */
export function domainView(db: Store, row: DomainRow, sitesHost: string, now: number): Domain {
  const slug =
    db.select({ slug: projects.slug }).from(projects).where(eq(projects.id, row.projectId)).get()?.slug ?? '';
  const redirect =
    row.role === 'redirect'
      ? {
          to: primaryRowOf(db, row.projectId)?.name ?? '',
          redirectStatus: (row.redirectStatus ?? DEFAULT_REDIRECT_STATUS) as RedirectStatus,
        }
      : {};
  const record = recordFor(row.name, row.kind, `${slug}.${sitesHost}`);
  const check = { reason: row.checkReason, query: row.checkQuery };
  return {
    name: row.name,
    project: slug,
    projectId: row.projectId,
    kind: row.kind,
    role: row.role,
    status: row.status,
    record,
    expected: row.expected,
    found: row.found,
    check,
    message: dnsCheckInWords({
      name: row.name,
      kind: row.kind,
      record,
      expected: row.expected,
      found: row.found,
      check,
      status: row.status,
    }),
    checkedAt: row.checkedAt,
    nextCheckAt: row.nextCheckAt,
    verifiedAt: row.verifiedAt,
    certificate: certificateOf(row, now),
    ...redirect,
    createdAt: row.createdAt,
  };
}

/** The record to create at the DNS provider: an apex cannot have a CNAME (RFC 1034 §3.6.2), so it gets an ALIAS. */
export function recordFor(name: string, kind: DomainKind, target: string): DnsRecord {
  return { type: kind === 'apex' ? 'ALIAS' : 'CNAME', name, value: target, ttl: RECORD_TTL_SECONDS };
}
