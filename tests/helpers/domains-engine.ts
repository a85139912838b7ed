/**
 * The domain tests' world (sites-domains.test.ts, sites-domain-checks.test.ts): a test DNS server for
 * the file, and for each test a fresh data dir and engine on a manual clock. The bindings below are
 * live: a test reads the engine of the moment, and reopen() swaps it.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, expect } from 'vitest';
import { Engine } from '../../src/main/engine/engine';
import type { SitesOptions } from '../../src/main/sites/sites';
import { ManualClock } from '../../src/shared/clock';
import { AppError } from '../../src/shared/errors';
import type { PlanId } from '../../src/shared/plans';
import { startTestDns, type TestDns } from './dns-server';
import { makeTempDir, removeTempDir } from './temp-dir';

export const T0 = Date.UTC(2026, 5, 1, 12, 0, 0);
export const MINUTE = 60_000;

export let dns: TestDns;
export let dataDir: string;
export let clock: ManualClock;
export let engine: Engine;

/** Registers the file's and each test's setup and teardown. */
export function useDomainsEngine(): void {
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
}

export function open(sites: SitesOptions = { dnsServers: [dns.server] }): Engine {
  return new Engine({ dataDir, environment: 'production', clock, sites });
}

/** Closes the test's engine and opens it again with other sites options. */
export function reopen(sites: SitesOptions): void {
  engine.close();
  engine = open(sites);
}

/** A project of an account on `planId`, deployed once unless told otherwise. */
export async function project(planId: PlanId = 'pro', name = 'Happy Paws', deployed = true, on: Engine = engine) {
  const account = on.services.accounts.create({
    name: `${name} shelter`,
    planId,
    ...(planId === 'enterprise' ? { perMinute: 10, perDay: 100 } : {}),
  });
  const created = on.sites.projects.create({ accountId: account.id, name });
  if (deployed) {
    const folder = path.join(dataDir, `src-${created.slug}`);
    fs.mkdirSync(folder, { recursive: true });
    fs.writeFileSync(path.join(folder, 'index.html'), `<h1>${name}</h1>`);
    await on.sites.projects.deployFolder(created.slug, folder);
  }
  return { ...on.sites.projects.get(created.id), account };
}

export function refusal(action: () => unknown): AppError {
  try {
    action();
  } catch (error) {
    expect(error).toBeInstanceOf(AppError);
    return error as AppError;
  }
  throw new Error('expected a refusal');
}
