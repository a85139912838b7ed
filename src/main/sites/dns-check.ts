import { Resolver } from 'node:dns/promises';
import { isIP } from 'node:net';
import type { DnsCheckReason, FailedDnsQuery } from '../../shared/dns-check';
import type { DomainKind, VerificationStatus } from '../../shared/sites';

export interface DnsCheck {
  status: VerificationStatus;
  /** Records verification looks for, e.g. ["CNAME shop.localhost"]. */
  expected: string[];
  /** Records found at the name, e.g. ["A 203.0.113.7"]. */
  found: string[];
  /** Why the check ended so; each face words it (src/shared/dns-check.ts). */
  reason: DnsCheckReason;
  /** The query that failed, for reason `query_failed`. */
  query: FailedDnsQuery | null;
}

/** c-ares waits 750 ms, then 1.5 s more on the retry: an unresponsive resolver fails within about 3 s. */
const RESOLVER_OPTIONS = { timeout: 750, tries: 2 } as const;
/** Answers that mean "no such record", as opposed to a resolver that failed. */
const NO_RECORD = new Set(['ENODATA', 'ENOTFOUND']);
const LOOPBACK_ADDRESSES = ['127.0.0.1', '::1'];

type Lookup = { records: string[] } | { failure: string };

/**
 * Verifies a domain with real DNS queries through the configured servers (HOST:PORT, as given to
 * --dns-server) or the system's. A fresh Resolver per check: c-ares may cache answers, and a check
 * must see the zone as it is now.
 */
export class DnsVerifier {
  private readonly active = new Set<Resolver>();

  constructor(private readonly servers: readonly string[]) {}

  async check(name: string, kind: DomainKind, target: string): Promise<DnsCheck> {
    const resolver = new Resolver(RESOLVER_OPTIONS);
    if (this.servers.length > 0) resolver.setServers([...this.servers]);
    this.active.add(resolver);
    try {
      return kind === 'subdomain'
        ? await checkSubdomain(resolver, name, target)
        : await checkApex(resolver, name, target);
    } finally {
      this.active.delete(resolver);
    }
  }

  /** Ends the queries in flight (they finish as `error`), for a server that is stopping. */
  cancel(): void {
    for (const resolver of this.active) resolver.cancel();
  }
}

/** A CNAME must be alone at its name (RFC 1034 §3.6.2), so an A/AAAA there is a conflict. */
async function checkSubdomain(resolver: Resolver, name: string, target: string): Promise<DnsCheck> {
  const expected = [`CNAME ${target}`];
  const cname = await lookup(() => resolver.resolveCname(name));
  if ('failure' in cname) return failed(resolver, name, 'CNAME', cname.failure, expected);
  if (cname.records.length > 0) {
    const found = cname.records.map((value) => `CNAME ${withoutDot(value)}`);
    if (cname.records.some((value) => sameName(value, target))) {
      return { status: 'verified', expected, found, reason: 'verified', query: null };
    }
    return { status: 'pending', expected, found, reason: 'cname_elsewhere', query: null };
  }
  const addresses = await addressesOf(resolver, name);
  if ('failure' in addresses) return failed(resolver, name, 'A/AAAA', addresses.failure, expected);
  if (addresses.records.length > 0) {
    return {
      status: 'conflict',
      expected,
      found: addresses.records.map(addressRecord),
      reason: 'records_block_cname',
      query: null,
    };
  }
  return { status: 'pending', expected, found: [], reason: 'no_record', query: null };
}

/** ALIAS/ANAME are invisible on the wire: the apex must resolve to the target's own addresses. */
async function checkApex(resolver: Resolver, name: string, target: string): Promise<DnsCheck> {
  const targetAddresses = isLoopbackName(target)
    ? { records: LOOPBACK_ADDRESSES }
    : await addressesOf(resolver, target);
  if ('failure' in targetAddresses)
    return failed(resolver, target, 'A/AAAA', targetAddresses.failure, [`A/AAAA of ${target}`]);
  if (targetAddresses.records.length === 0)
    return { status: 'error', expected: [`A/AAAA of ${target}`], found: [], reason: 'target_unresolved', query: null };
  const expected = targetAddresses.records.map(addressRecord);
  const addresses = await addressesOf(resolver, name);
  if ('failure' in addresses) return failed(resolver, name, 'A/AAAA', addresses.failure, expected);
  const found = addresses.records.map(addressRecord);
  if (found.length === 0) return { status: 'pending', expected, found, reason: 'no_record', query: null };
  const strangers = found.filter((record) => !expected.includes(record));
  if (strangers.length === 0) return { status: 'verified', expected, found, reason: 'verified', query: null };
  return { status: 'conflict', expected, found, reason: 'foreign_addresses', query: null };
}

async function addressesOf(resolver: Resolver, name: string): Promise<Lookup> {
  const [v4, v6] = await Promise.all([lookup(() => resolver.resolve4(name)), lookup(() => resolver.resolve6(name))]);
  if ('failure' in v4) return v4;
  if ('failure' in v6) return v6;
  return { records: [...v4.records, ...v6.records] };
}

async function lookup(query: () => Promise<string[]>): Promise<Lookup> {
  try {
    return { records: await query() };
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? 'EUNKNOWN';
    return NO_RECORD.has(code) ? { records: [] } : { failure: code };
  }
}

function failed(
  resolver: Resolver,
  name: string,
  type: FailedDnsQuery['type'],
  code: string,
  expected: string[],
): DnsCheck {
  return {
    status: 'error',
    expected,
    found: [],
    reason: 'query_failed',
    query: { type, name, servers: resolver.getServers(), code },
  };
}

function addressRecord(address: string): string {
  return `${isIP(address) === 6 ? 'AAAA' : 'A'} ${address}`;
}

function withoutDot(name: string): string {
  return name.endsWith('.') ? name.slice(0, -1) : name;
}

function sameName(a: string, b: string): boolean {
  return withoutDot(a).toLowerCase() === withoutDot(b).toLowerCase();
}

/** localhost and its names resolve to loopback by definition (RFC 6761), never through DNS. */
function isLoopbackName(name: string): boolean {
  return name === 'localhost' || name.endsWith('.localhost');
}
