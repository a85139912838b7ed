import { isIP } from 'node:net';
import { domainToASCII } from 'node:url';
import { parse } from 'tldts';
import { AppError } from '../../shared/errors';
import type { DomainKind } from '../../shared/sites';

export interface DomainName {
  /** Lowercase ASCII (punycode for IDNs), no trailing dot. */
  name: string;
  kind: DomainKind;
}

const LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;

/**
 * Turns what a person typed into the name to attach, or refuses it saying why. Apex or subdomain is
 * read from the Public Suffix List, private suffixes included (blog.github.io is its owner's apex).
 */
export function parseDomainName(input: string, sitesHost: string): DomainName {
  const typed = input.trim();
  const refuse = (why: string) => new AppError('validation_failed', `domain: ${JSON.stringify(typed)} ${why}`);
  if (typed === '') throw refuse('is empty; give a name such as www.example.org.');
  if (typed.includes('*')) throw refuse('is a wildcard; attach each name on its own, e.g. www.example.org.');
  const withoutDot = typed.endsWith('.') ? typed.slice(0, -1) : typed;
  if (isIP(withoutDot.replace(/^\[(.*)\]$/, '$1')) !== 0)
    throw refuse('is an IP address; attach a domain name that points here instead.');
  if (/[/:@?#\s]/.test(typed))
    throw refuse('is not a bare domain name; leave out the scheme, port and path, e.g. www.example.org.');
  const name = domainToASCII(withoutDot.toLowerCase());
  if (name === 'localhost' || name.endsWith('.localhost'))
    throw refuse('is localhost or a name under it, which never leave this machine (RFC 6761).');
  const labels = name.split('.');
  if (name === '' || name.length > 253 || !labels.every((label) => LABEL.test(label))) {
    throw refuse(
      'is not a valid domain name (letters, digits and hyphens in dot-separated labels of at most 63 characters).',
    );
  }
  if (labels.length < 2) throw refuse('is a single label; attach a full name such as www.example.org.');
  if (/^[0-9]+$/.test(labels.at(-1) ?? ''))
    throw refuse('looks like an IP address; attach a domain name that points here instead.');
  if (name === sitesHost || name.endsWith(`.${sitesHost}`)) {
    throw refuse(
      `is under the sites host ${sitesHost}; every project is already served at <slug>.${sitesHost} without attaching it.`,
    );
  }
  const parts = parse(name, { allowPrivateDomains: true });
  if (parts.domain === null || parts.isIp)
    throw refuse(`is a public suffix (${parts.publicSuffix ?? name}); attach a name registered under it.`);
  return { name, kind: parts.domain === name ? 'apex' : 'subdomain' };
}

/** A name the user refers to (verify, promote, remove): the same folding as when it was added. */
export function normaliseDomainReference(input: string): string {
  const trimmed = input.trim().toLowerCase().replace(/\.$/, '');
  return domainToASCII(trimmed) || trimmed;
}

/** The sites host given on the command line: a DNS name (default localhost). */
export function parseSitesHost(input: string): string {
  const name = domainToASCII(input.trim().toLowerCase().replace(/\.$/, ''));
  if (name === '' || !name.split('.').every((label) => LABEL.test(label)) || isIP(name) !== 0) {
    throw new AppError(
      'validation_failed',
      `--sites-host: ${JSON.stringify(input)} is not a DNS name; give the name that points at this machine, e.g. sites.example.org.`,
    );
  }
  return name;
}

/**
 * The Host header reduced to a name to look up: lowercase, no port, no trailing dot. Returns ''
 * for what no site can have (IP literals in brackets, a missing header).
 */
export function hostOfRequest(header: string | undefined): string {
  if (!header || header.startsWith('[')) return '';
  const colon = header.indexOf(':');
  let host = colon === -1 ? header : header.slice(0, colon);
  if (host.endsWith('.')) host = host.slice(0, -1);
  return host.toLowerCase();
}
