import fs from 'node:fs';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { cliWords, dnsCheckCliWords } from '../../src/main/cli/hints';
import { Engine } from '../../src/main/engine/engine';
import type { SitesOptions } from '../../src/main/sites/sites';
import { ManualClock } from '../../src/shared/clock';
import { AppError } from '../../src/shared/errors';
import type { PlanId } from '../../src/shared/plans';
import { startSilentResolver, startTestDns, type TestDns } from '../helpers/dns-server';
import { makeTempDir, removeTempDir } from '../helpers/temp-dir';

const T0 = Date.UTC(2026, 5, 1, 12, 0, 0);
const MINUTE = 60_000;

let dns: TestDns;
let dataDir: string;
let clock: ManualClock;
let engine: Engine;

beforeAll(async () => {
  dns = await startTestDns();
});

afterAll(async () => {
  await dns.close();
});

beforeEach(() => {
  dns.zone = {};
  dataDir = makeTempDir();
  clock = new ManualClock(T0);
  engine = open();
});

afterEach(() => {
  engine.close();
  removeTempDir(dataDir);
});

function open(sites: SitesOptions = { dnsServers: [dns.server] }): Engine {
  return new Engine({ dataDir, environment: 'production', clock, sites });
}

/** A project of an account on `planId`, deployed once unless told otherwise. */
async function project(planId: PlanId = 'pro', name = 'Happy Paws', deployed = true, on: Engine = engine) {
  const account = on.services.accounts.create({ name: `${name} shelter`, planId, ...(planId === 'enterprise' ? { perMinute: 10, perDay: 100 } : {}) });
  const created = on.sites.projects.create({ accountId: account.id, name });
  if (deployed) {
    const folder = path.join(dataDir, `src-${created.slug}`);
    fs.mkdirSync(folder, { recursive: true });
    fs.writeFileSync(path.join(folder, 'index.html'), `<h1>${name}</h1>`);
    await on.sites.projects.deployFolder(created.slug, folder);
  }
  return { ...on.sites.projects.get(created.id), account };
}

function refusal(action: () => unknown): AppError {
  try {
    action();
  } catch (error) {
    expect(error).toBeInstanceOf(AppError);
    return error as AppError;
  }
  throw new Error('expected a refusal');
}

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
    expect(error.details).toEqual({ accountId: free.account.id, accountName: 'Happy Paws shelter', planId: 'free', needed: 'pro', project: free.slug, deployRequired: false });
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
    expect(refusal(() => engine.sites.domains.add(first.slug, 'www.bücher.example')).message).toContain('already attached to this project');
    engine.sites.domains.remove('www.bücher.example');
    expect(engine.sites.domains.add(second.slug, 'www.bücher.example').project).toBe('second');
  });
});

describe('primary and redirects', () => {
  it('the first domain is the primary; later ones redirect to it (301 unless told); promote swaps them', async () => {
    const site = await project();
    const { domains } = engine.sites;
    domains.add(site.slug, 'www.shelter.test');
    expect(domains.add(site.slug, 'shelter.test')).toMatchObject({ role: 'redirect', to: 'www.shelter.test', redirectStatus: 301 });
    expect(domains.add(site.slug, 'old.shelter.test', { redirectTo: 'WWW.shelter.test', redirectStatus: 308 })).toMatchObject({ role: 'redirect', redirectStatus: 308 });
    const wrong = refusal(() => domains.add(site.slug, 'new.shelter.test', { redirectTo: 'shelter.test' }));
    expect(wrong.code).toBe('validation_failed');
    expect(wrong.message).toContain('redirects point at the primary, www.shelter.test');

    expect(domains.promote('old.shelter.test')).toMatchObject({ role: 'primary' });
    expect(domains.list(site.slug).map((domain) => [domain.name, domain.role, domain.to, domain.redirectStatus])).toEqual([
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
    expect(refusal(() => domains.add(site.slug, 'www.shelter.test', { redirectStatus: 302 })).message).toMatch(/only a redirect has a status/);
    domains.add(site.slug, 'www.shelter.test');
    domains.add(site.slug, 'shelter.test');
    const blocked = refusal(() => domains.remove('www.shelter.test'));
    expect(blocked.code).toBe('conflict');
    expect(blocked.message).toContain('promote one of them first');
    expect(blocked.details).toEqual({ reason: 'primary_has_redirects', domain: 'www.shelter.test', redirects: ['shelter.test'] });
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

describe('verification through real DNS', () => {
  it('subdomain: nothing → pending; A at the name → conflict; CNAME elsewhere → pending; CNAME to the target → verified', async () => {
    const site = await project();
    const { domains } = engine.sites;
    domains.add(site.slug, 'www.shelter.test');

    let domain = await domains.verify('www.shelter.test');
    expect(domain).toMatchObject({ status: 'pending', expected: ['CNAME happy-paws.localhost'], found: [], checkedAt: T0 });
    expect(domain.message).toMatch(/^No CNAME record at www\.shelter\.test yet/);

    dns.zone = { 'www.shelter.test': { A: '203.0.113.7', AAAA: '2001:db8::7' } };
    domain = await domains.verify('www.shelter.test');
    expect(domain).toMatchObject({ status: 'conflict', found: ['A 203.0.113.7', 'AAAA 2001:db8::7'], nextCheckAt: null });
    expect(domain.message).toContain('RFC 1034 §3.6.2');

    dns.zone = { 'www.shelter.test': { CNAME: 'shelters.elsewhere.example' } };
    domain = await domains.verify('www.shelter.test');
    expect(domain).toMatchObject({ status: 'pending', found: ['CNAME shelters.elsewhere.example'] });
    expect(domain.message).toContain('not happy-paws.localhost');

    dns.zone = { 'www.shelter.test': { CNAME: 'Happy-Paws.localhost.' } };
    clock.advance(MINUTE);
    domain = await domains.verify('www.shelter.test');
    expect(domain).toMatchObject({ status: 'verified', found: ['CNAME Happy-Paws.localhost'], verifiedAt: T0 + MINUTE, nextCheckAt: null });
  });

  it('apex: compares its A/AAAA with the target’s (loopback for a localhost sites host)', async () => {
    const site = await project();
    const { domains } = engine.sites;
    domains.add(site.slug, 'shelter.test');
    expect((await domains.verify('shelter.test')).status).toBe('pending');

    dns.zone = { 'shelter.test': { A: ['127.0.0.1', '198.51.100.9'] } };
    const mixed = await domains.verify('shelter.test');
    expect(mixed).toMatchObject({ status: 'conflict', expected: ['A 127.0.0.1', 'AAAA ::1'], found: ['A 127.0.0.1', 'A 198.51.100.9'] });
    expect(mixed.message).toContain('resolves to A 198.51.100.9, which is not happy-paws.localhost');

    dns.zone = { 'shelter.test': { A: '127.0.0.1' } };
    expect(await domains.verify('shelter.test')).toMatchObject({ status: 'verified', found: ['A 127.0.0.1'] });

    // The record the page asks for at the apex, ALIAS, as providers serve it: the target's addresses.
    dns.zone = { 'shelter.test': { ALIAS: 'happy-paws.localhost' } };
    expect(await domains.verify('shelter.test')).toMatchObject({ status: 'verified', found: ['A 127.0.0.1', 'AAAA ::1'] });
  });

  it('apex under a real sites host: the target is resolved through the same resolver', async () => {
    engine.close();
    engine = open({ host: 'sites.test', dnsServers: [dns.server] });
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
    expect(await domains.verify('shelter.test')).toMatchObject({ status: 'conflict', expected: ['A 192.0.2.10'], found: ['A 192.0.2.11'] });
    dns.zone['shelter.test'] = { A: '192.0.2.10' };
    expect((await domains.verify('shelter.test')).status).toBe('verified');
  });

  it('a resolver that never answers gives error within a few seconds', async () => {
    const silent = await startSilentResolver();
    try {
      engine.close();
      engine = open({ dnsServers: [silent.server] });
      const site = await project();
      engine.sites.domains.add(site.slug, 'www.shelter.test');
      const started = performance.now();
      const domain = await engine.sites.domains.verify('www.shelter.test');
      const took = performance.now() - started;
      expect(domain).toMatchObject({ status: 'error', found: [] });
      expect(domain.message).toMatch(/The CNAME query for www\.shelter\.test failed \(ETIMEOUT from 127\.0\.0\.1:\d+\)/);
      // Findings are stored, not advice: the CLI adds its flag, the message names none.
      expect(domain.check).toEqual({ reason: 'query_failed', query: { type: 'CNAME', name: 'www.shelter.test', servers: [silent.server], code: 'ETIMEOUT' } });
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
      engine.close();
      engine = open({ dnsServers: [silent.server] });
      const failed = await engine.sites.domains.verify('www.shelter.test');
      expect(failed).toMatchObject({ status: 'verified', found: ['CNAME happy-paws.localhost'], expected: good.expected, nextCheckAt: null, verifiedAt: good.verifiedAt });
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
      if (next !== undefined) expect(domains.get('www.shelter.test')).toMatchObject({ status: 'pending', checkedAt, nextCheckAt: checkedAt + next });
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
    expect(directory.lookup('www.shelter.test')).toEqual({ kind: 'site', root: path.join(path.dirname(live), '2'), adoptionPage: false });

    domains.remove('shelter.test');
    expect(directory.lookup('shelter.test')).toEqual({ kind: 'no-site' });
  });

  it('sees what another process changed once the engine syncs', async () => {
    const site = await project();
    const other = open();
    try {
      expect(engine.sites.directory.lookup('happy-paws.localhost')?.kind).toBe('site');
      const second = await project('pro', 'Second', true, other);
      expect(engine.sites.directory.lookup(`${second.slug}.localhost`)).toEqual({ kind: 'no-site' });
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
