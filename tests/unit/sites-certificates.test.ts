import { X509Certificate } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { Engine } from '../../src/main/engine/engine';
import { AcmeChallenges, AcmeIssuer } from '../../src/main/sites/certificates/acme-issuer';
import { LOCAL_CA_NAME } from '../../src/main/sites/certificates/local-ca';
import {
  afterFailure,
  capReleasedAt,
  CERTIFICATE_RETRY_DELAYS_MS,
  renewalAt,
} from '../../src/main/sites/certificates/retry-schedule';
import { ManualClock } from '../../src/shared/clock';
import { startTestDns, type TestDns } from '../helpers/dns-server';
import { makeTempDir, removeTempDir } from '../helpers/temp-dir';
import { deployedProject } from '../helpers/site-project';
import { freePort } from '../helpers/free-port';

const MINUTE = 60_000;
const DAY = 86_400_000;

let dns: TestDns;
let dataDir: string;
let clock: ManualClock;
let engine: Engine;

beforeAll(async () => {
  dns = await startTestDns({
    'www.shelter.test': { CNAME: 'happy-paws.localhost' },
    'shop.shelter.test': { CNAME: 'happy-paws.localhost' },
  });
});

afterAll(async () => {
  await dns.close();
});

beforeEach(async () => {
  dataDir = makeTempDir();
  // Real time: the certificates made here are checked by Node's X.509 code, which reads the real clock.
  clock = new ManualClock(Date.now());
  engine = new Engine({ dataDir, environment: 'production', clock, sites: { dnsServers: [dns.server] } });
  await deployedProject(engine, dataDir, { html: '<h1>Hi</h1>' });
});

afterEach(() => {
  engine.close();
  removeTempDir(dataDir);
});

const certificateOf = (name: string) => engine.sites.domains.get(name).certificate;
const keyFiles = () => fs.readdirSync(path.join(dataDir, 'certificates', 'production'));

async function verified(name: string) {
  engine.sites.domains.add('happy-paws', name);
  expect((await engine.sites.domains.verify(name)).status).toBe('verified');
}

describe('the local CA', () => {
  it('issues a 90-day leaf for a verified domain, with SAN = the domain, chaining to the exported CA', async () => {
    await verified('www.shelter.test');
    expect(certificateOf('www.shelter.test').state).toBe('none');
    expect(await engine.sites.certificates.runDue()).toBe(1);

    const certificate = certificateOf('www.shelter.test');
    expect(certificate).toMatchObject({
      state: 'issued',
      issuer: LOCAL_CA_NAME,
      reason: null,
      issuedAt: clock.now(),
      requestedAt: clock.now(),
      needsReverify: false,
    });
    expect(certificate.notAfter).toBe(clock.now() + 90 * DAY);
    expect(certificate.nextAttemptAt).toBe(clock.now() + 60 * DAY);

    const served = engine.sites.certificates.served('www.shelter.test');
    if (!served) throw new Error('no certificate served');
    const leaf = new X509Certificate(served.cert);
    const ca = new X509Certificate(await engine.sites.certificates.caCertificate());
    expect(ca.ca).toBe(true);
    expect(leaf.verify(ca.publicKey)).toBe(true);
    expect(leaf.checkIssued(ca)).toBe(true);
    expect(leaf.checkHost('www.shelter.test')).toBe('www.shelter.test');
    expect(leaf.checkHost('shop.shelter.test')).toBeUndefined();
    expect(leaf.subjectAltName).toBe('DNS:www.shelter.test');
    expect(served.key).toContain('-----BEGIN PRIVATE KEY-----');
  });

  it('keeps private keys in owner-only files (0600 in 0700 folders), never in the rows or what the faces show', async () => {
    await verified('www.shelter.test');
    await engine.sites.certificates.runDue();
    const dir = path.join(dataDir, 'certificates');
    expect(fs.statSync(dir).mode & 0o777).toBe(0o700);
    expect(fs.statSync(path.join(dir, 'production')).mode & 0o777).toBe(0o700);
    expect(fs.statSync(path.join(dir, 'local-ca.pem')).mode & 0o777).toBe(0o600);
    const [keyFile] = keyFiles();
    expect(fs.statSync(path.join(dir, 'production', keyFile ?? '')).mode & 0o777).toBe(0o600);

    const shown = JSON.stringify([
      engine.sites.domains.list(),
      engine.sites.certificates.list(),
      await engine.sites.certificates.caCertificate(),
    ]);
    expect(shown).not.toContain('PRIVATE KEY');
    const rows = JSON.stringify(engine.sqlite.prepare('SELECT * FROM domains').all());
    expect(rows).toContain('BEGIN CERTIFICATE');
    expect(rows).not.toContain('PRIVATE KEY');
  });

  it('makes one CA per data dir and keeps it: a second engine (the other environment) uses the same', async () => {
    const first = await engine.sites.certificates.caCertificate();
    const staging = new Engine({ dataDir, environment: 'staging', clock });
    try {
      expect(await staging.sites.certificates.caCertificate()).toBe(first);
    } finally {
      staging.close();
    }
  });
});

describe('renewal and removal', () => {
  it('renews 30 days before notAfter on the engine clock, with a new key; the old key file goes', async () => {
    await verified('www.shelter.test');
    await engine.sites.certificates.runDue();
    const first = certificateOf('www.shelter.test');
    const [firstKey] = keyFiles();

    clock.advance(60 * DAY - MINUTE);
    expect(await engine.sites.certificates.runDue()).toBe(0);
    clock.advance(MINUTE);
    expect(await engine.sites.certificates.runDue()).toBe(1);
    const renewed = certificateOf('www.shelter.test');
    expect(renewed.state).toBe('issued');
    expect(renewed.issuedAt).toBe(clock.now());
    expect(renewed.notAfter).toBe(clock.now() + 90 * DAY);
    expect(renewed.notAfter).toBeGreaterThan(first.notAfter ?? 0);
    expect(keyFiles()).toHaveLength(1);
    expect(keyFiles()).not.toContain(firstKey);
  });

  it('keeps a failed renewal’s English and the issuer’s own words apart, for the window to word', async () => {
    await verified('www.shelter.test');
    await engine.sites.certificates.runDue();
    // As a failed renewal leaves it (certificates.ts): still issued, the engine's English before the CA's words.
    engine.sqlite
      .prepare(
        "UPDATE domains SET certificate_reason = 'Renewal failed: rateLimited: too many certificates' WHERE name = ?",
      )
      .run('www.shelter.test');
    expect(certificateOf('www.shelter.test')).toMatchObject({
      state: 'issued',
      reason: 'Renewal failed: rateLimited: too many certificates',
      issuerWords: 'rateLimited: too many certificates',
    });
  });

  it('deletes the certificate and its key when the domain is removed', async () => {
    await verified('www.shelter.test');
    await engine.sites.certificates.runDue();
    expect(keyFiles()).toHaveLength(1);
    engine.sites.domains.remove('www.shelter.test');
    expect(keyFiles()).toEqual([]);
    expect(engine.sites.certificates.served('www.shelter.test')).toBeUndefined();
    const row = engine.sqlite
      .prepare<[], { state: string; chain: string | null }>(
        "SELECT certificate_state AS state, certificate_chain AS chain FROM domains WHERE name = 'www.shelter.test'",
      )
      .get();
    expect(row).toEqual({ state: 'none', chain: null });
  });
});

describe('the 30-minute rule', () => {
  it('flags a domain verified over 30 minutes ago without a certificate, until a re-verify requests it anew', async () => {
    // No serving process here, so nothing issues: the certificate stays missing.
    await verified('www.shelter.test');
    clock.advance(30 * MINUTE);
    expect(certificateOf('www.shelter.test').needsReverify).toBe(false);
    clock.advance(MINUTE);
    expect(certificateOf('www.shelter.test').needsReverify).toBe(true);
    expect(engine.sites.certificates.list()).toEqual([
      expect.objectContaining({ domain: 'www.shelter.test', state: 'none', needsReverify: true }),
    ]);

    const requested = engine.sites.certificates.requestAgain('www.shelter.test');
    expect(requested).toMatchObject({
      state: 'pending',
      requestedAt: clock.now(),
      nextAttemptAt: clock.now(),
      needsReverify: false,
    });
    clock.advance(31 * MINUTE);
    expect(certificateOf('www.shelter.test').needsReverify).toBe(true);
    await engine.sites.certificates.runDue();
    expect(certificateOf('www.shelter.test')).toMatchObject({ state: 'issued', needsReverify: false });
  });

  it('refuses a re-request for a domain whose DNS is not verified', async () => {
    engine.sites.domains.add('happy-paws', 'nowhere.shelter.test');
    expect(() => engine.sites.certificates.requestAgain('nowhere.shelter.test')).toThrow(
      /nowhere.shelter.test is not verified \(pending\)/,
    );
  });
});

describe('the retry schedule', () => {
  const T = Date.UTC(2026, 5, 1);

  it('backs off 5 min, 30 min, 2 h, 8 h, then daily', () => {
    let failures: number[] = [];
    let now = T;
    const delays: number[] = [];
    for (let i = 0; i < 6; i += 1) {
      const next = afterFailure(failures, now);
      delays.push(next.nextAttemptAt - now);
      failures = next.failures;
      now = next.nextAttemptAt;
    }
    expect(delays).toEqual([...CERTIFICATE_RETRY_DELAYS_MS, DAY, DAY]);
  });

  it('allows at most 3 failed attempts per hour, re-verifies included', () => {
    expect(capReleasedAt([T, T + MINUTE], T + 2 * MINUTE)).toBe(T + 2 * MINUTE);
    expect(capReleasedAt([T, T + MINUTE, T + 2 * MINUTE], T + 3 * MINUTE)).toBe(T + 60 * MINUTE);
    expect(capReleasedAt([T - 2 * 60 * MINUTE, T + MINUTE, T + 2 * MINUTE], T + 3 * MINUTE)).toBe(T + 3 * MINUTE);
    expect(afterFailure([T, T + MINUTE], T + 2 * MINUTE).failures).toEqual([T, T + MINUTE, T + 2 * MINUTE]);
  });

  it('renews 30 days before expiry, or a third of the lifetime for a short one', () => {
    expect(renewalAt(T, T + 90 * DAY)).toBe(T + 60 * DAY);
    expect(renewalAt(T, T + 6 * DAY)).toBe(T + 4 * DAY);
  });
});

describe('the ACME issuer', () => {
  it('says why the CA could not be reached, within seconds, when nothing answers at the directory URL', async () => {
    const port = await freePort();
    const directoryUrl = `http://127.0.0.1:${port}/directory`;
    const issuer = new AcmeIssuer(
      { directoryUrl, email: 'ops@shelter.test', termsAgreed: true },
      path.join(dataDir, 'certificates'),
      new AcmeChallenges(),
    );
    await expect(issuer.issue('www.shelter.test')).rejects.toThrow(
      `Could not reach the ACME directory ${directoryUrl}: connect ECONNREFUSED 127.0.0.1:${port}`,
    );
  }, 20_000);
});
