import { describe, expect, it } from 'vitest';
import { hostOfRequest, parseDomainName, parseSitesHost } from '../../src/main/sites/domain-names';
import { AppError } from '../../src/shared/errors';

const SITES_HOST = 'sites.example';

function refusal(input: string): string {
  try {
    parseDomainName(input, SITES_HOST);
  } catch (error) {
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).code).toBe('validation_failed');
    return (error as AppError).message;
  }
  throw new Error(`${input} was accepted`);
}

describe('domain names', () => {
  it('lowercases, drops a trailing dot and turns IDNs into punycode', () => {
    expect(parseDomainName('  WWW.Shelter.Test. ', SITES_HOST)).toEqual({
      name: 'www.shelter.test',
      kind: 'subdomain',
    });
    expect(parseDomainName('Bücher.example', SITES_HOST)).toEqual({ name: 'xn--bcher-kva.example', kind: 'apex' });
    expect(parseDomainName('tierheim.münchen.example', SITES_HOST)).toEqual({
      name: 'tierheim.xn--mnchen-3ya.example',
      kind: 'subdomain',
    });
  });

  it('tells apex from subdomain with the Public Suffix List, not by counting labels', () => {
    expect(parseDomainName('shelter.co.uk', SITES_HOST).kind).toBe('apex');
    expect(parseDomainName('www.shelter.co.uk', SITES_HOST).kind).toBe('subdomain');
    expect(parseDomainName('example.com', SITES_HOST).kind).toBe('apex');
    expect(parseDomainName('adopt.example.com', SITES_HOST).kind).toBe('subdomain');
    // A private suffix: the owner of paws.github.io controls that name as its apex.
    expect(parseDomainName('paws.github.io', SITES_HOST).kind).toBe('apex');
  });

  it.each([
    ['203.0.113.7', /IP address/],
    ['[2001:db8::1]', /IP address/],
    ['2001:db8::1', /IP address/],
    ['10.1.2', /IP address/],
    ['localhost', /localhost/],
    ['shop.localhost', /localhost/],
    ['intranet', /single label/],
    ['*.example.com', /wildcard/],
    ['co.uk', /public suffix/],
    ['https://www.example.com/', /bare domain name/],
    ['www.example.com:8080', /bare domain name/],
    ['under_score.example.com', /not a valid domain name/],
    ['a..b.example', /not a valid domain name/],
    [`${'x'.repeat(64)}.example`, /not a valid domain name/],
    ['', /empty/],
    ['sites.example', /sites host/],
    ['happy-paws.sites.example', /sites host/],
  ])('refuses %j', (input, why) => {
    expect(refusal(input)).toMatch(why);
  });

  it('reads the Host header as a name: no port, no trailing dot, lowercase', () => {
    expect(hostOfRequest('WWW.Shelter.Test:4010')).toBe('www.shelter.test');
    expect(hostOfRequest('www.shelter.test.')).toBe('www.shelter.test');
    expect(hostOfRequest('[::1]:4010')).toBe('');
    expect(hostOfRequest(undefined)).toBe('');
  });

  it('takes a DNS name as the sites host and refuses anything else', () => {
    expect(parseSitesHost('Sites.Example.')).toBe('sites.example');
    expect(() => parseSitesHost('127.0.0.1')).toThrow(/not a DNS name/);
    expect(() => parseSitesHost('bad host')).toThrow(/not a DNS name/);
  });
});
