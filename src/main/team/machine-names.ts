import os from 'node:os';
import type { LeafNames } from '../sites/certificates/local-ca';

/**
 * What other desks may type to reach this computer, as the shelter server's certificate names it:
 * its host name, that name under mDNS (`.local`), localhost, the loopback addresses and every
 * address of its network interfaces. Read afresh each time: an address given by DHCP may change.
 */
export function machineNames(): LeafNames {
  const hostname = os.hostname().trim().toLowerCase().replace(/\.$/, '');
  const bare = hostname.endsWith('.local') ? hostname.slice(0, -'.local'.length) : hostname;
  const dns = unique([hostname, ...(bare && isDnsName(bare) ? [`${bare}.local`] : []), 'localhost'].filter(isDnsName));
  const interfaces = Object.values(os.networkInterfaces()).flatMap((addresses) => addresses ?? []);
  const ips = unique([
    '127.0.0.1',
    '::1',
    ...interfaces.filter((address) => !address.internal).map((address) => address.address.toLowerCase()),
  ]);
  return { dns, ips };
}

/** A names set compared as a set: order and repeats do not matter. */
export function sameNames(a: LeafNames, b: LeafNames): boolean {
  const key = (names: LeafNames) => JSON.stringify([[...names.dns].sort(), [...names.ips].sort()]);
  return key(a) === key(b);
}

/** Whether `host` (a request's Host without its port; IPv6 in brackets) is one the names hold. */
export function namesHold(names: LeafNames, host: string): boolean {
  const name = host.toLowerCase().replace(/\.$/, '');
  if (name.startsWith('[') && name.endsWith(']')) return names.ips.includes(name.slice(1, -1));
  return names.dns.includes(name) || names.ips.includes(name);
}

/** A host name a certificate may carry: letters, digits and hyphens in dot-separated labels. */
function isDnsName(name: string): boolean {
  return (
    name.length <= 253 &&
    /^[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*$/.test(name) &&
    !/^[\d.]+$/.test(name)
  );
}

function unique(values: string[]): string[] {
  return [...new Set(values)];
}
