import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { cliWords } from '../../src/main/cli/hints';
import { dataDir, dns, engine, MINUTE, open, project, refusal, T0, useDomainsEngine } from '../helpers/domains-engine';

useDomainsEngine();

describe('adding a domain', () => {
  it('needs Pro or above: plan_required names the plan needed and the current one', async () => {
    const free = await project('free');
    const error = refusal(() => engine.sites.domains.add(free.slug, 'www.shelter.test'));
    expect(error.code).toBe('plan_required');
    expect(error.status).toBe(403);
    expect(error.message).toMatch(/needs the Pro plan or above/);
    expect(error.message).toContain(`account ${free.account.id} (Happy Paws shelter) is on Free`);
    // The command to run is the CLI's hint (cli/hints.ts), from the details; the message names no face's controls.
    expect(cliWords(error)).toContain(`accounts set-plan ${free.account.id} --plan pro`);
    expect(error.message).not.toMatch(/set-plan|--plan/);
    expect(error.details).toEqual({
      accountId: free.account.id,
      accountName: 'Happy Paws shelter',
      planId: 'free',
      needed: 'pro',
      project: free.slug,
      deployRequired: false,
    });
    expect(error.message).not.toMatch(/no successful deploy/);
    for (const plan of ['pro', 'business', 'enterprise'] as const) {
      const paid = await project(plan, `Paid ${plan}`);
      expect(engine.sites.domains.add(paid.slug, `${plan}.shelter.test`).role).toBe('primary');
    }
  });

  it('needs a successful deploy: deploy_required says how to make one; a free plan without deploy hears of both', async () => {
    const undeployed = await project('business', 'Not Yet', false);
    const error = refusal(() => engine.sites.domains.add(undeployed.slug, 'www.shelter.test'));
    expect(error.code).toBe('deploy_required');
    expect(error.status).toBe(409);
    expect(error.message).toContain('project not-yet has no successful deploy yet');
    expect(error.message).not.toContain('<FOLDER>');
    expect(error.details).toEqual({ project: 'not-yet' });
    expect(cliWords(error)).toContain('deploy not-yet <FOLDER>, or deploy not-yet --adoption-page');
    // A failed deploy does not count.
    await engine.sites.projects.deployFolder(undeployed.slug, path.join(dataDir, 'nowhere'));
    expect(refusal(() => engine.sites.domains.add(undeployed.slug, 'www.shelter.test')).code).toBe('deploy_required');

    const freeUndeployed = await project('free', 'Free Undeployed', false);
    const both = refusal(() => engine.sites.domains.add(freeUndeployed.slug, 'www.shelter.test'));
    expect(both.code).toBe('plan_required');
    expect(both.message).toMatch(/Also, project free-undeployed has no successful deploy yet/);
    expect(cliWords(both)).toContain('deploy free-undeployed <FOLDER>, or deploy free-undeployed --adoption-page');
  });

  it('shows the record to create: CNAME for a subdomain, ALIAS for an apex, TTL 3600', async () => {
    const site = await project();
    const sub = engine.sites.domains.add(site.slug, 'WWW.Shelter.Test');
    expect(sub).toMatchObject({
      name: 'www.shelter.test',
      project: 'happy-paws',
      kind: 'subdomain',
      role: 'primary',
      status: 'pending',
      record: { type: 'CNAME', name: 'www.shelter.test', value: 'happy-paws.localhost', ttl: 3600 },
      certificate: { state: 'none', issuer: null, notAfter: null },
      nextCheckAt: T0 + MINUTE,
    });
    expect(sub).not.toHaveProperty('to');
    expect(sub.message).toContain('Create CNAME www.shelter.test happy-paws.localhost (TTL 3600)');
    const apex = engine.sites.domains.add(site.slug, 'shelter.test');
    expect(apex.record).toEqual({ type: 'ALIAS', name: 'shelter.test', value: 'happy-paws.localhost', ttl: 3600 });
    expect(apex.message).toContain('ALIAS (or ANAME)');
    expect(engine.sites.domains.record('SHELTER.TEST.')).toEqual(apex.record);
  });

  it('refuses a name attached anywhere (conflict), and frees it once removed', async () => {
    const first = await project('pro', 'First');
    const second = await project('pro', 'Second');
    engine.sites.domains.add(first.slug, 'www.bücher.example');
    const elsewhere = refusal(() => engine.sites.domains.add(second.slug, 'WWW.xn--bcher-kva.example'));
    expect(elsewhere.code).toBe('conflict');
    expect(elsewhere.message).toContain('already attached to project first');
    expect(refusal(() => engine.sites.domains.add(first.slug, 'www.bücher.example')).message).toContain(
      'already attached to this project',
    );
    engine.sites.domains.remove('www.bücher.example');
    expect(engine.sites.domains.add(second.slug, 'www.bücher.example').project).toBe('second');
  });
});

describe('primary and redirects', () => {
  it('the first domain is the primary; later ones redirect to it (301 unless told); promote swaps them', async () => {
    const site = await project();
    const { domains } = engine.sites;
    domains.add(site.slug, 'www.shelter.test');
    expect(domains.add(site.slug, 'shelter.test')).toMatchObject({
      role: 'redirect',
      to: 'www.shelter.test',
      redirectStatus: 301,
    });
    expect(
      domains.add(site.slug, 'old.shelter.test', { redirectTo: 'WWW.shelter.test', redirectStatus: 308 }),
    ).toMatchObject({ role: 'redirect', redirectStatus: 308 });
    const wrong = refusal(() => domains.add(site.slug, 'new.shelter.test', { redirectTo: 'shelter.test' }));
    expect(wrong.code).toBe('validation_failed');
    expect(wrong.message).toContain('redirects point at the primary, www.shelter.test');

    expect(domains.promote('old.shelter.test')).toMatchObject({ role: 'primary' });
    expect(
      domains.list(site.slug).map((domain) => [domain.name, domain.role, domain.to, domain.redirectStatus]),
    ).toEqual([
      ['old.shelter.test', 'primary', undefined, undefined],
      ['shelter.test', 'redirect', 'old.shelter.test', 301],
      ['www.shelter.test', 'redirect', 'old.shelter.test', 308],
    ]);
  });

  it('the first domain cannot be a redirect; the primary cannot go while redirects point at it', async () => {
    const site = await project();
    const { domains } = engine.sites;
    const noPrimary = refusal(() => domains.add(site.slug, 'www.shelter.test', { redirectTo: 'shelter.test' }));
    expect(noPrimary.message).toMatch(/no primary domain yet/);
    expect(noPrimary.message).not.toContain('--redirect-to');
    expect(noPrimary.details).toEqual({ field: 'redirectTo' });
    expect(cliWords(noPrimary)).toMatch(/^--redirect-to: .*no primary domain yet/);
    expect(refusal(() => domains.add(site.slug, 'www.shelter.test', { redirectStatus: 302 })).message).toMatch(
      /only a redirect has a status/,
    );
    domains.add(site.slug, 'www.shelter.test');
    domains.add(site.slug, 'shelter.test');
    const blocked = refusal(() => domains.remove('www.shelter.test'));
    expect(blocked.code).toBe('conflict');
    expect(blocked.message).toContain('promote one of them first');
    expect(blocked.details).toEqual({
      reason: 'primary_has_redirects',
      domain: 'www.shelter.test',
      redirects: ['shelter.test'],
    });
    expect(cliWords(blocked)).toContain('"domains promote shelter.test"');
    expect(domains.remove('shelter.test').name).toBe('shelter.test');
    expect(domains.remove('www.shelter.test').name).toBe('www.shelter.test');
    expect(domains.list()).toEqual([]);
    const gone = refusal(() => domains.get('www.shelter.test'));
    expect(gone.code).toBe('not_found');
    expect(gone.message).toBe('No project has the domain www.shelter.test.');
    expect(cliWords(gone)).toBe('No project has the domain www.shelter.test; see "domains list".');
  });
});

describe('the Host directory', () => {
  it('maps slugs and verified domains to the live deploy, redirects to the primary, and the rest to "no site"', async () => {
    const site = await project();
    const { domains, directory, projects } = engine.sites;
    const live = path.join(dataDir, 'sites', 'production', String(site.id), '1');
    expect(directory.lookup('happy-paws.localhost:4010')).toEqual({ kind: 'site', root: live, adoptionPage: false });
    expect(directory.lookup('nothing-here.localhost')).toEqual({ kind: 'no-site' });
    expect(directory.lookup('127.0.0.1:4010')).toBeUndefined();
    expect(directory.lookup('localhost')).toBeUndefined();

    domains.add(site.slug, 'www.shelter.test');
    domains.add(site.slug, 'shelter.test', { redirectStatus: 302 });
    expect(directory.lookup('www.shelter.test')).toEqual({ kind: 'no-site' });
    dns.zone = { 'www.shelter.test': { CNAME: 'happy-paws.localhost' }, 'shelter.test': { A: '127.0.0.1' } };
    await domains.verify('www.shelter.test');
    await domains.verify('shelter.test');
    expect(directory.lookup('WWW.SHELTER.TEST.')).toEqual({ kind: 'site', root: live, adoptionPage: false });
    expect(directory.lookup('shelter.test')).toEqual({ kind: 'redirect', primary: 'www.shelter.test', status: 302 });

    const folder = path.join(dataDir, 'v2');
    fs.mkdirSync(folder);
    fs.writeFileSync(path.join(folder, 'index.html'), 'v2');
    await projects.deployFolder(site.slug, folder);
    expect(directory.lookup('www.shelter.test')).toEqual({
      kind: 'site',
      root: path.join(path.dirname(live), '2'),
      adoptionPage: false,
    });

    domains.remove('shelter.test');
    expect(directory.lookup('shelter.test')).toEqual({ kind: 'no-site' });
  });

  it('sees what another process changed once the engine syncs', async () => {
    const site = await project();
    const other = open();
    try {
      expect(engine.sites.directory.lookup('happy-paws.localhost')?.kind).toBe('site');
      const second = await project('pro', 'Second', true, other);
      // Not asserted stale before: a read 250 ms after the engine's last check syncs by itself.
      engine.latest();
      expect(engine.sites.directory.lookup(`${second.slug}.localhost`)?.kind).toBe('site');
      other.sites.domains.add(site.slug, 'www.shelter.test');
      engine.latest();
      expect(engine.sites.directory.lookup('www.shelter.test')).toEqual({ kind: 'no-site' });
    } finally {
      other.close();
    }
  });
});
