/**
 * What a domain's last DNS check found, as the database keeps it: a reason code and, for a query
 * that failed, the query itself. Never advice text: each face words it (the CLI with its flags,
 * the GUI with its own words); dnsCheckInWords is the face-neutral sentence both build on.
 */
export const DNS_CHECK_REASONS = [
  /** Just added: nothing checked yet, the record is to be created. */
  'not_checked',
  'verified',
  /** Nothing at the name yet: no CNAME (subdomain), no address (apex). */
  'no_record',
  /** A subdomain's CNAME points at another name. */
  'cname_elsewhere',
  /** A subdomain has A/AAAA records, which a CNAME cannot sit beside (RFC 1034 §3.6.2). */
  'records_block_cname',
  /** An apex resolves to addresses that are not the target's. */
  'foreign_addresses',
  /** The target (`<slug>.<sites host>`) has no address to compare an apex with. */
  'target_unresolved',
  /** A query failed at the resolver (timeout, SERVFAIL…), as opposed to "no such record". */
  'query_failed',
] as const;

export type DnsCheckReason = (typeof DNS_CHECK_REASONS)[number];

export interface FailedDnsQuery {
  /** `A/AAAA` is the pair of address queries. */
  type: 'CNAME' | 'A/AAAA';
  name: string;
  /** The servers asked, HOST:PORT; empty for the system's resolver. */
  servers: string[];
  /** The resolver's error code, e.g. ETIMEOUT or ESERVFAIL. */
  code: string;
}

export interface DnsFindings {
  reason: DnsCheckReason;
  /** `query_failed` only; null for a failure recorded before queries were kept (its text did not name one). */
  query: FailedDnsQuery | null;
}

/** What the words need: a Domain has all of it. `record.value` is the target, `<slug>.<sites host>`. */
export interface DnsCheckSubject {
  name: string;
  /** DomainKind (sites.ts imports this file, so not by name). */
  kind: 'apex' | 'subdomain';
  record: { value: string; ttl: number };
  expected: string[];
  found: string[];
  check: DnsFindings;
  /** VerificationStatus: a verified domain whose check failed stays verified, and is not re-checked. */
  status: 'pending' | 'verified' | 'conflict' | 'error';
}

const AGAIN = 'it is checked again automatically';

/** The check's outcome in words any face can show: what was found and the step at the DNS provider; no face's controls. */
export function dnsCheckInWords(domain: DnsCheckSubject): string {
  const { name, found, expected } = domain;
  const target = domain.record.value;
  const record = domain.kind === 'apex' ? `ALIAS (or ANAME) ${name} ${target}` : `CNAME ${name} ${target}`;
  switch (domain.check.reason) {
    case 'not_checked':
      return `Create ${record} (TTL ${domain.record.ttl}) at your DNS provider, then verify.`;
    case 'verified':
      return domain.kind === 'apex'
        ? `${name} resolves to ${target}'s addresses: verified.`
        : `${name} has CNAME ${target}: verified.`;
    case 'no_record':
      return `${domain.kind === 'apex' ? `${name} does not resolve yet` : `No CNAME record at ${name} yet`}. Create ${record} (TTL ${domain.record.ttl}) at your DNS provider; ${AGAIN}.`;
    case 'cname_elsewhere':
      return `${name} has a CNAME to ${found.map((entry) => entry.replace(/^CNAME /, '')).join(', ')}, not ${target}. Change its value to ${target}; ${AGAIN}.`;
    case 'records_block_cname':
      return `${name} has ${found.join(', ')}, which blocks the CNAME (a CNAME cannot sit beside other records, RFC 1034 §3.6.2). Delete those records, create ${record}, then verify again.`;
    case 'foreign_addresses': {
      const strangers = found.filter((entry) => !expected.includes(entry));
      return `${name} resolves to ${strangers.join(', ')}, which ${strangers.length === 1 ? 'is' : 'are'} not ${target}'s (${expected.join(', ')}). Replace those records by ${record}, then verify again.`;
    }
    case 'target_unresolved':
      return `The target ${target} itself has no A/AAAA record, so there is nothing to compare ${name} with. Point the sites host's names at this machine; ${AGAIN}.`;
    case 'query_failed': {
      const query = domain.check.query;
      // A verified domain is not checked again by itself: it keeps serving on its last good check.
      const then = domain.status === 'verified' ? `${name} stays verified, as its last successful check found` : AGAIN;
      if (!query) return `A DNS query for ${name} failed; ${then}.`;
      return `The ${query.type} query for ${query.name} failed (${query.code} from ${query.servers.join(', ') || 'the system resolver'}); ${then}.`;
    }
  }
}
