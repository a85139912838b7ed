/** A domain's DNS checks: verification through a real resolver, and the automatic re-checks by the engine's clock. */
import { describe, expect, it } from 'vitest';
import { dnsCheckCliWords } from '../../src/main/cli/hints';
import { startSilentResolver } from '../helpers/dns-server';
import { clock, dns, engine, MINUTE, project, reopen, T0, useDomainsEngine } from '../helpers/domains-engine';

useDomainsEngine();

describe('verification through real DNS', () => {
  it('subdomain: nothing → pending; A at the name → conflict; CNAME elsewhere → pending; CNAME to the target → verified', async () => {
    const site = await project();
    const { domains } = engine.sites;
    domains.add(site.slug, 'www.shelter.test');

    let domain = await domains.verify('www.shelter.test');
    expect(domain).toMatchObject({
      status: 'pending',
      expected: ['CNAME happy-paws.localhost'],
      found: [],
      checkedAt: T0,
    });
    expect(domain.message).toMatch(/^No CNAME record at www\.shelter\.test yet/);

    dns.zone = { 'www.shelter.test': { A: '203.0.113.7', AAAA: '2001:db8::7' } };
    domain = await domains.verify('www.shelter.test');
    expect(domain).toMatchObject({
      status: 'conflict',
      found: ['A 203.0.113.7', 'AAAA 2001:db8::7'],
      nextCheckAt: null,
    });
    expect(domain.message).toContain('RFC 1034 §3.6.2');

    dns.zone = { 'www.shelter.test': { CNAME: 'shelters.elsewhere.example' } };
    domain = await domains.verify('www.shelter.test');
    expect(domain).toMatchObject({ status: 'pending', found: ['CNAME shelters.elsewhere.example'] });
    expect(domain.message).toContain('not happy-paws.localhost');

    dns.zone = { 'www.shelter.test': { CNAME: 'Happy-Paws.localhost.' } };
    clock.advance(MINUTE);
    domain = await domains.verify('www.shelter.test');
    expect(domain).toMatchObject({
      status: 'verified',
      found: ['CNAME Happy-Paws.localhost'],
      verifiedAt: T0 + MINUTE,
      nextCheckAt: null,
    });
  });

  it('apex: compares its A/AAAA with the target’s (loopback for a localhost sites host)', async () => {
    const site = await project();
    const { domains } = engine.sites;
    domains.add(site.slug, 'shelter.test');
    expect((await domains.verify('shelter.test')).status).toBe('pending');

    dns.zone = { 'shelter.test': { A: ['127.0.0.1', '198.51.100.9'] } };
    const mixed = await domains.verify('shelter.test');
    expect(mixed).toMatchObject({
      status: 'conflict',
      expected: ['A 127.0.0.1', 'AAAA ::1'],
      found: ['A 127.0.0.1', 'A 198.51.100.9'],
    });
    expect(mixed.message).toContain('resolves to A 198.51.100.9, which is not happy-paws.localhost');

    dns.zone = { 'shelter.test': { A: '127.0.0.1' } };
    expect(await domains.verify('shelter.test')).toMatchObject({ status: 'verified', found: ['A 127.0.0.1'] });

    // The record the page asks for at the apex, ALIAS, as providers serve it: the target's addresses.
    dns.zone = { 'shelter.test': { ALIAS: 'happy-paws.localhost' } };
    expect(await domains.verify('shelter.test')).toMatchObject({
      status: 'verified',
      found: ['A 127.0.0.1', 'AAAA ::1'],
    });
  });

  it('apex under a real sites host: the target is resolved through the same resolver', async () => {
    reopen({ host: 'sites.test', dnsServers: [dns.server] });
    const site = await project();
    const { domains } = engine.sites;
    domains.add(site.slug, 'shelter.test');
    const noTarget = await domains.verify('shelter.test');
    expect(noTarget.status).toBe('error');
    expect(noTarget.message).toContain('The target happy-paws.sites.test itself has no A/AAAA record');
    expect(noTarget.check).toEqual({ reason: 'target_unresolved', query: null });
    expect(noTarget.message).not.toContain('--sites-host');
    expect(dnsCheckCliWords(noTarget)).toContain('--sites-host');

    dns.zone = { 'happy-paws.sites.test': { A: '192.0.2.10' }, 'shelter.test': { A: '192.0.2.11' } };
    expect(await domains.verify('shelter.test')).toMatchObject({
      status: 'conflict',
      expected: ['A 192.0.2.10'],
      found: ['A 192.0.2.11'],
    });
    dns.zone['shelter.test'] = { A: '192.0.2.10' };
    expect((await domains.verify('shelter.test')).status).toBe('verified');
  });

  it('a resolver that never answers gives error within a few seconds', async () => {
    const silent = await startSilentResolver();
    try {
      reopen({ dnsServers: [silent.server] });
      const site = await project();
      engine.sites.domains.add(site.slug, 'www.shelter.test');
      const started = performance.now();
      const domain = await engine.sites.domains.verify('www.shelter.test');
      const took = performance.now() - started;
      expect(domain).toMatchObject({ status: 'error', found: [] });
      expect(domain.message).toMatch(
        /The CNAME query for www\.shelter\.test failed \(ETIMEOUT from 127\.0\.0\.1:\d+\)/,
      );
      // Findings are stored, not advice: the CLI adds its flag, the message names none.
      expect(domain.check).toEqual({
        reason: 'query_failed',
        query: { type: 'CNAME', name: 'www.shelter.test', servers: [silent.server], code: 'ETIMEOUT' },
      });
      expect(domain.message).not.toContain('--dns-server');
      expect(dnsCheckCliWords(domain)).toContain('Check --dns-server and the network');
      expect(silent.queries()).toBeGreaterThan(0);
      expect(took).toBeLessThan(5_000);
    } finally {
      await silent.close();
    }
  });

  it('a failed lookup leaves a verified domain verified, with what its last good check found, and promises no re-check', async () => {
    const site = await project();
    dns.zone = { 'www.shelter.test': { CNAME: 'happy-paws.localhost' } };
    engine.sites.domains.add(site.slug, 'www.shelter.test');
    const good = await engine.sites.domains.verify('www.shelter.test');
    expect(good).toMatchObject({ status: 'verified', found: ['CNAME happy-paws.localhost'] });
    const silent = await startSilentResolver();
    try {
      reopen({ dnsServers: [silent.server] });
      const failed = await engine.sites.domains.verify('www.shelter.test');
      expect(failed).toMatchObject({
        status: 'verified',
        found: ['CNAME happy-paws.localhost'],
        expected: good.expected,
        nextCheckAt: null,
        verifiedAt: good.verifiedAt,
      });
      expect(failed.check.reason).toBe('query_failed');
      expect(failed.message).toContain('www.shelter.test stays verified');
      expect(failed.message).not.toContain('checked again automatically');
    } finally {
      await silent.close();
    }
  });
});

describe('automatic re-checks', () => {
  it('while pending: 1 min, 10 min, 100 min, then daily, by the engine clock; verified stops them', async () => {
    const site = await project();
    const { domains } = engine.sites;
    domains.add(site.slug, 'www.shelter.test');
    const tick = async () => (await domains.runDueChecks()).map((domain) => domain.name);

    expect(await tick()).toEqual([]);
    const expectations = [MINUTE, 10 * MINUTE, 100 * MINUTE, 1_440 * MINUTE, 1_440 * MINUTE];
    let checkedAt = T0;
    for (const [index, delay] of expectations.entries()) {
      const due = checkedAt + delay;
      clock.set(due - 1);
      expect(await tick(), `check ${index + 1} is not due yet`).toEqual([]);
      clock.set(due);
      expect(await tick()).toEqual(['www.shelter.test']);
      checkedAt = due;
      const next = expectations[index + 1];
      if (next !== undefined)
        expect(domains.get('www.shelter.test')).toMatchObject({
          status: 'pending',
          checkedAt,
          nextCheckAt: checkedAt + next,
        });
    }

    // A manual verify starts the backoff again at one minute.
    clock.advance(5 * MINUTE);
    expect((await domains.verify('www.shelter.test')).nextCheckAt).toBe(clock.now() + MINUTE);

    dns.zone = { 'www.shelter.test': { CNAME: 'happy-paws.localhost' } };
    clock.advance(MINUTE);
    expect(await tick()).toEqual(['www.shelter.test']);
    expect(domains.get('www.shelter.test')).toMatchObject({ status: 'verified', nextCheckAt: null });
    clock.advance(30 * 1_440 * MINUTE);
    expect(await tick()).toEqual([]);
  });

  it('a conflict waits for the user; a removed domain is never checked again', async () => {
    const site = await project();
    const { domains } = engine.sites;
    domains.add(site.slug, 'www.shelter.test');
    domains.add(site.slug, 'shelter.test');
    dns.zone = { 'www.shelter.test': { A: '203.0.113.7' } };
    await domains.verify('www.shelter.test');
    domains.remove('shelter.test');
    clock.advance(1_440 * MINUTE);
    expect(await domains.runDueChecks()).toEqual([]);
  });
});
