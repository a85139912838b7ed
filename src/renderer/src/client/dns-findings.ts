/**
 * A domain's last DNS check in the window's words and language: the same findings the shared sentence
 * is built from (src/shared/dns-check.ts), worded from the `sites` catalogue, and, where the lookup
 * itself went wrong, what to look at from here. No command-line syntax: the CLI words the same
 * findings in English with its flags (src/main/cli/hints.ts).
 */
import type { DnsCheckSubject } from '../../../shared/dns-check';
import { windowI18n } from '../i18n/i18n';

const t = windowI18n.getFixedT(null, 'sites');

function checkInWords(domain: DnsCheckSubject): string {
  const { name, found, expected } = domain;
  const target = domain.record.value;
  const ttl = domain.record.ttl;
  const again = t('dnsCheck.again');
  const record =
    domain.kind === 'apex' ? t('dnsCheck.aliasRecord', { name, target }) : t('dnsCheck.cnameRecord', { name, target });
  switch (domain.check.reason) {
    case 'not_checked':
      return t('dnsCheck.notChecked', { record, ttl });
    case 'verified':
      return domain.kind === 'apex'
        ? t('dnsCheck.verifiedApex', { name, target })
        : t('dnsCheck.verifiedSubdomain', { name, target });
    case 'no_record':
      return domain.kind === 'apex'
        ? t('dnsCheck.noRecordApex', { name, record, ttl, again })
        : t('dnsCheck.noRecordSubdomain', { name, record, ttl, again });
    case 'cname_elsewhere':
      return t('dnsCheck.cnameElsewhere', {
        name,
        target,
        again,
        found: found.map((entry) => entry.replace(/^CNAME /, '')).join(', '),
      });
    case 'records_block_cname':
      return t('dnsCheck.recordsBlock', { name, record, found: found.join(', ') });
    case 'foreign_addresses': {
      const strangers = found.filter((entry) => !expected.includes(entry));
      return t('dnsCheck.foreign', {
        count: strangers.length,
        name,
        target,
        record,
        strangers: strangers.join(', '),
        expected: expected.join(', '),
      });
    }
    case 'target_unresolved':
      return t('dnsCheck.targetUnresolved', { name, target, again });
    case 'query_failed': {
      const query = domain.check.query;
      // A verified domain is not checked again by itself: it keeps serving on its last good check.
      const then = domain.status === 'verified' ? t('dnsCheck.staysVerified', { name }) : again;
      if (!query) return t('dnsCheck.queryFailedUnknown', { name, then });
      return t('dnsCheck.queryFailed', {
        type: query.type,
        query: query.name,
        code: query.code,
        servers: query.servers.join(', ') || t('dnsCheck.systemResolver'),
        then,
      });
    }
  }
}

export function dnsCheckForWindow(domain: DnsCheckSubject): string {
  const words = checkInWords(domain);
  return domain.check.reason === 'query_failed' ? words + t('dnsCheck.network') : words;
}
