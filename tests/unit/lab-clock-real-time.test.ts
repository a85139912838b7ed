/**
 * The lab clock moves only the quota lab's timers. Certificates (validity,
 * requests, retries, renewal), DNS re-checks and every record keep real time under a lab clock
 * ahead, and back to real time leaves nothing the lab counted in its future.
 */
import { X509Certificate } from 'node:crypto';
import http from 'node:http';
import type net from 'node:net';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { Engine } from '../../src/main/engine/engine';
import { CERTIFICATE_RETRY_DELAYS_MS } from '../../src/main/sites/certificates/retry-schedule';
import { ManualClock } from '../../src/shared/clock';
import { RECHECK_DELAYS_MS } from '../../src/shared/sites';
import { startTestDns, type TestDns } from '../helpers/dns-server';
import { createKey } from '../helpers/limits-server';
import { deployedProject } from '../helpers/site-project';
import { makeTempDir, removeTempDir } from '../helpers/temp-dir';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

let dns: TestDns;
let notAcme: http.Server;
let dataDir: string;
let clock: ManualClock;
let engine: Engine;

beforeAll(async () => {
  dns = await startTestDns({ 'www.shelter.test': { CNAME: 'happy-paws.localhost' } });
  // A directory URL that is no ACME CA: every order fails at once.
  notAcme = http.createServer((_request, response) => response.writeHead(404).end('not found'));
  await new Promise<void>((resolve) => notAcme.listen(0, '127.0.0.1', resolve));
});

afterAll(async () => {
  await dns.close();
  await new Promise((resolve) => notAcme.close(resolve));
});

beforeEach(() => {
  dataDir = makeTempDir();
  // Real time under the lab clock: Node's X.509 code judges validity by the machine's clock.
  clock = new ManualClock(Date.now());
});

afterEach(() => {
  engine.close();
  removeTempDir(dataDir);
});

function open(acme = false): Engine {
  const directoryUrl = `http://127.0.0.1:${(notAcme.address() as net.AddressInfo).port}/directory`;
  return new Engine({
    dataDir,
    environment: 'production',
    clock,
    sites: {
      dnsServers: [dns.server],
      ...(acme && { acme: { directoryUrl, email: 'staff@shelter.test', termsAgreed: true } }),
    },
  });
}

describe('under a lab clock ahead, sites keep real time', () => {
  it('a certificate is requested, issued and valid by real time; a day of lab time later nothing is due; back to real time it is still served', async () => {
    engine = open();
    await deployedProject(engine, dataDir, { html: '<h1>Hi</h1>' });
    engine.lab.advance(2 * HOUR);
    engine.sites.domains.add('happy-paws', 'www.shelter.test');
    const domain = await engine.sites.domains.verify('www.shelter.test');
    expect(domain).toMatchObject({ status: 'verified', verifiedAt: clock.now(), checkedAt: clock.now() });

    engine.lab.advance(DAY);
    expect(await engine.sites.certificates.runDue()).toBe(1);
    const certificate = engine.sites.domains.get('www.shelter.test').certificate;
    // Old code: requestedAt and issuedAt 26 h ahead, notBefore 25 h in the real future.
    expect(certificate).toMatchObject({
      state: 'issued',
      requestedAt: clock.now(),
      issuedAt: clock.now(),
      needsReverify: false,
    });
    expect(certificate.notBefore).toBeLessThanOrEqual(clock.now());
    const leaf = new X509Certificate(engine.sites.certificates.served('www.shelter.test')?.cert ?? '');
    expect(Date.parse(leaf.validFrom)).toBeLessThanOrEqual(Date.now());
    expect(certificate.nextAttemptAt).toBe((certificate.notAfter ?? 0) - 30 * DAY);

    engine.lab.advance(DAY);
    expect(await engine.sites.certificates.runDue()).toBe(0);
    engine.lab.reset();
    expect(engine.sites.domains.get('www.shelter.test').certificate).toMatchObject({
      state: 'issued',
      requestedAt: clock.now(),
      nextAttemptAt: certificate.nextAttemptAt,
    });
    expect(engine.sites.certificates.served('www.shelter.test')).toBeDefined();
  });

  it('a failed attempt is retried 5 real minutes later and the 30-minute rule counts real minutes, however far the lab runs', async () => {
    engine = open(true);
    await deployedProject(engine, dataDir, { html: '<h1>Hi</h1>' });
    engine.sites.domains.add('happy-paws', 'www.shelter.test');
    await engine.sites.domains.verify('www.shelter.test');
    engine.lab.advance(30 * 60_000);
    expect(await engine.sites.certificates.runDue()).toBe(1);
    const failed = engine.sites.domains.get('www.shelter.test').certificate;
    // Old code: scheduled 35 lab minutes ahead, so after `clock reset` it waited 35 real minutes.
    expect(failed).toMatchObject({
      state: 'failed',
      requestedAt: clock.now(),
      nextAttemptAt: clock.now() + CERTIFICATE_RETRY_DELAYS_MS[0],
      needsReverify: false,
    });
    engine.lab.advance(DAY);
    expect(engine.sites.domains.get('www.shelter.test').certificate.needsReverify).toBe(false);
    expect(await engine.sites.certificates.runDue()).toBe(0);
    engine.lab.reset();
    clock.advance(CERTIFICATE_RETRY_DELAYS_MS[0]);
    expect(await engine.sites.certificates.runDue()).toBe(1);
  }, 20_000);

  it('a pending domain is checked again 1 real minute later; projects, deploys, accounts, keys and pets are dated by real time', async () => {
    engine = open();
    engine.lab.advance(DAY);
    const { project } = await deployedProject(engine, dataDir, { html: '<h1>Hi</h1>' });
    const pending = engine.sites.domains.add('happy-paws', 'shop.shelter.test');
    expect(pending.nextCheckAt).toBe(clock.now() + RECHECK_DELAYS_MS[0]);
    const { keyId, accountId } = createKey(engine, 'pro');
    const pet = engine.services.pets.create({ name: 'Biscuit', categoryId: 1 });
    expect(project.createdAt).toBe(clock.now());
    expect(engine.sites.projects.deploys(project.slug)[0]?.createdAt).toBe(clock.now());
    expect(engine.services.accounts.get(accountId).createdAt).toBe(clock.now());
    expect(engine.services.keys.get(keyId).createdAt).toBe(clock.now());
    expect(
      engine.sqlite
        .prepare('SELECT created_at AS createdAt, updated_at AS updatedAt FROM pets WHERE id = ?')
        .get(pet.id),
    ).toEqual({ createdAt: clock.now(), updatedAt: clock.now() });
  });
});

describe('back to real time', () => {
  it('drops strikes counted in a lab window ahead, in the database and in the running engine', () => {
    engine = open();
    const { keyId, accountId } = createKey(engine, 'free');
    const quota = engine.services.quota;
    engine.lab.advance(HOUR);
    for (let i = 0; i < 60; i += 1) quota.admit({ kind: 'account', accountId, keyId });
    // Two refusals: a strike on the lab's minute window, which ends an hour ahead of real time.
    expect(quota.admit({ kind: 'account', accountId, keyId }).outcome).toBe('rate_limited');
    expect(quota.admit({ kind: 'account', accountId, keyId }).outcome).toBe('rate_limited');
    quota.flush();
    const strikes = () =>
      engine.sqlite.prepare('SELECT key_id AS keyId, window_reset_at AS resetAt FROM key_strikes').all() as {
        keyId: number;
        resetAt: number;
      }[];
    expect(strikes()).toHaveLength(1);

    engine.lab.reset();
    // Old code kept it (it dropped only strikes a day ahead): the key's next 429s in real time would count on.
    expect(strikes()).toEqual([]);
    quota.flush();
    expect(strikes()).toEqual([]);
    expect(quota.report(accountId).minute.used).toBe(0);
  });

  it('keeps a strike of the real minute', () => {
    engine = open();
    const { keyId, accountId } = createKey(engine, 'free');
    const quota = engine.services.quota;
    for (let i = 0; i < 61; i += 1) quota.admit({ kind: 'account', accountId, keyId });
    quota.flush();
    engine.lab.turnOn();
    engine.lab.reset();
    quota.flush();
    expect(engine.sqlite.prepare('SELECT count(*) AS n FROM key_strikes').get()).toEqual({ n: 1 });
  });
});
