/** One DNS check, three wordings: the shared sentence, the CLI's (with its flags) and the window's (without). */
import { describe, expect, it } from 'vitest';
import { dnsCheckCliWords } from '../../src/main/cli/hints';
import { dnsCheckForWindow } from '../../src/renderer/src/client/dns-findings';
import {
  DNS_CHECK_REASONS,
  dnsCheckInWords,
  type DnsCheckSubject,
  type DnsFindings,
  type FailedDnsQuery,
} from '../../src/shared/dns-check';

const record = { value: 'happy-paws.localhost', ttl: 3600 };
const failedQuery: FailedDnsQuery = {
  type: 'CNAME',
  name: 'www.shelter.test',
  servers: ['127.0.0.1:5353'],
  code: 'ETIMEOUT',
};

function subdomain(
  check: DnsFindings,
  found: string[] = [],
  status: DnsCheckSubject['status'] = 'pending',
): DnsCheckSubject {
  return {
    name: 'www.shelter.test',
    kind: 'subdomain',
    record,
    expected: ['CNAME happy-paws.localhost'],
    found,
    check,
    status,
  };
}

describe('the words of a DNS check', () => {
  it('name no flag in the shared and the window words, for every reason; the CLI adds its flags where they help', () => {
    for (const reason of DNS_CHECK_REASONS) {
      const domain = subdomain({ reason, query: reason === 'query_failed' ? failedQuery : null }, ['A 203.0.113.7']);
      expect(dnsCheckInWords(domain), reason).not.toMatch(/--[a-z]/);
      expect(dnsCheckForWindow(domain), reason).not.toMatch(/--[a-z]/);
      expect(dnsCheckCliWords(domain).startsWith(dnsCheckInWords(domain)), reason).toBe(true);
    }
    const failed = subdomain({ reason: 'query_failed', query: failedQuery });
    expect(dnsCheckInWords(failed)).toBe(
      'The CNAME query for www.shelter.test failed (ETIMEOUT from 127.0.0.1:5353); it is checked again automatically.',
    );
    expect(dnsCheckCliWords(failed)).toBe(`${dnsCheckInWords(failed)} Check --dns-server and the network.`);
    expect(dnsCheckForWindow(failed)).toContain('the DNS servers Adoption Desk was started with');
    expect(dnsCheckCliWords(subdomain({ reason: 'target_unresolved', query: null }))).toMatch(/Or fix --sites-host\.$/);
    expect(dnsCheckInWords(subdomain({ reason: 'query_failed', query: { ...failedQuery, servers: [] } }))).toContain(
      '(ETIMEOUT from the system resolver)',
    );
    // A verified domain is not re-checked by itself: its failed check says it stays verified instead.
    const stillVerified = dnsCheckInWords(
      subdomain({ reason: 'query_failed', query: failedQuery }, ['CNAME happy-paws.localhost'], 'verified'),
    );
    expect(stillVerified).toBe(
      'The CNAME query for www.shelter.test failed (ETIMEOUT from 127.0.0.1:5353); www.shelter.test stays verified, as its last successful check found.',
    );
  });

  it('give the record to create, with ALIAS (or ANAME) for an apex', () => {
    expect(dnsCheckInWords(subdomain({ reason: 'not_checked', query: null }))).toBe(
      'Create CNAME www.shelter.test happy-paws.localhost (TTL 3600) at your DNS provider, then verify.',
    );
    const apex: DnsCheckSubject = {
      name: 'shelter.test',
      kind: 'apex',
      record,
      expected: ['A 127.0.0.1'],
      found: [],
      check: { reason: 'no_record', query: null },
      status: 'pending',
    };
    expect(dnsCheckInWords(apex)).toBe(
      'shelter.test does not resolve yet. Create ALIAS (or ANAME) shelter.test happy-paws.localhost (TTL 3600) at your DNS provider; it is checked again automatically.',
    );
  });
});
