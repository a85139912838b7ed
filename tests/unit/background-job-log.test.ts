/**
 * Background work that fails is told on the engine's logger. The DNS re-check asks a test DNS server
 * (an empty zone: the answer "no record" comes at once) while another connection holds the database's
 * write lock, so writing the check's outcome fails for real.
 */
import Database from 'better-sqlite3';
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { databaseFile, Engine } from '../../src/main/engine/engine';
import type { EngineLog } from '../../src/main/log';
import { ManualClock } from '../../src/shared/clock';
import { startTestDns } from '../helpers/dns-server';
import { makeTempDir, removeTempDir } from '../helpers/temp-dir';
import { waitFor } from '../helpers/wait-for';

interface Entry {
  level: 'info' | 'warn' | 'error';
  details: Record<string, unknown>;
  message: string;
}

function recordingLog(): EngineLog & { entries: Entry[] } {
  const entries: Entry[] = [];
  const at = (level: Entry['level']) => (details: object, message: string) =>
    void entries.push({ level, details: details as Record<string, unknown>, message });
  return { entries, info: at('info'), warn: at('warn'), error: at('error') };
}

const cleanups: (() => void | Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  vi.useRealTimers();
});

describe('a failing background job of the engine', () => {
  it('the DNS re-check failing to write is logged with its name, retried, and recovers', async () => {
    const dataDir = makeTempDir();
    const log = recordingLog();
    const clock = new ManualClock(Date.UTC(2026, 5, 1, 12, 0, 0));
    // The supervisor's timers keep pace with real time, and the test jumps them over the re-check's retry delay.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'], shouldAdvanceTime: true });
    const dns = await startTestDns();
    cleanups.push(() => dns.close());
    const engine = new Engine({
      dataDir,
      environment: 'production',
      clock,
      log,
      busyTimeoutMs: 20,
      maxBackoffMs: 100,
      sites: { dnsServers: [dns.server] },
    });
    cleanups.push(() => removeTempDir(dataDir));
    cleanups.push(() => engine.close());
    const account = engine.services.accounts.create({ name: 'Happy Paws shelter', planId: 'pro' });
    const project = engine.sites.projects.create({ accountId: account.id, name: 'Happy Paws' });
    const folder = path.join(dataDir, 'site');
    fs.mkdirSync(folder);
    fs.writeFileSync(path.join(folder, 'index.html'), '<h1>Happy Paws</h1>');
    await engine.sites.projects.deployFolder(project.slug, folder);
    engine.sites.domains.add(project.slug, 'www.happy-paws.test');
    clock.advance(3_600_000);

    const holder = new Database(databaseFile(dataDir, 'production'));
    holder.exec('BEGIN EXCLUSIVE');
    cleanups.push(() => {
      if (holder.open) holder.close();
    });
    engine.startBackgroundJobs();
    const failure = await waitFor(
      () => log.entries.find((entry) => entry.level === 'error' && entry.details.job === 'domain re-check'),
      20_000,
    );
    expect(failure.message).toBe('background job failed; retrying with backoff');
    expect((failure.details.err as { code?: string }).code).toBe('SQLITE_BUSY');

    holder.exec('ROLLBACK');
    holder.close();
    await vi.advanceTimersByTimeAsync(failure.details.retryInMs as number);
    await waitFor(
      () =>
        log.entries.some(
          (entry) =>
            entry.level === 'info' &&
            entry.details.job === 'domain re-check' &&
            entry.message === 'background job recovered',
        ),
      20_000,
    );
    expect(
      log.entries.filter((entry) => entry.level === 'error' && entry.details.job === 'domain re-check'),
    ).toHaveLength(1);
    expect(engine.sites.domains.get('www.happy-paws.test').checkedAt).not.toBeNull();
  });
});
