/**
 * A domain's last DNS check in the window's words: the shared sentence built from what the check
 * found (src/shared/dns-check.ts), and, where the lookup itself went wrong, what to look at from
 * here. No command-line syntax: the CLI words the same findings with its flags (src/main/cli/hints.ts).
 */
import { dnsCheckInWords, type DnsCheckSubject } from '../../../shared/dns-check';

export function dnsCheckForWindow(domain: DnsCheckSubject): string {
  const words = dnsCheckInWords(domain);
  if (domain.check.reason !== 'query_failed') return words;
  return `${words} If it keeps failing, check this computer's network connection and the DNS servers Adoption Desk was started with.`;
}
