/**
 * The shelter server's nightly backups: a real host (both servers, the supervised job)
 * on an injected clock that the test moves; the backups are real folders checked with `verifyBackup`.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { adminDispatcher } from '../../src/main/admin/dispatch';
import { createAdminHandlers } from '../../src/main/admin/handlers';
import { teamGateOf } from '../../src/main/admin/staff-handlers';
import { verifyBackup } from '../../src/main/backup/verify';
import { AppHost } from '../../src/main/host/app-host';
import type { AuditEntry } from '../../src/shared/audit';
import type { BackupsStatus } from '../../src/shared/backups';
import { ManualClock } from '../../src/shared/clock';
import { makeTempDir, removeTempDir } from '../helpers/temp-dir';
import { waitFor } from '../helpers/wait-for';

const HOUR = 60 * 60 * 1_000;

describe('nightly backups', () => {
  let root: string;
  let dataDir: string;
  let folder: string;
  let clock: ManualClock;
  let host: AppHost;
  let dispatch: ReturnType<typeof adminDispatcher>;
  const value = async <T>(channel: string, payload: unknown = {}): Promise<T> => {
    const answer = await dispatch(channel, payload);
    if (!answer.ok) throw new Error(JSON.stringify(answer.error));
    return answer.value as T;
  };
  const status = () => value<BackupsStatus>('backups.status');
  const startHost = async () => {
    // A short check so the supervised job itself is seen at work; the time of day is the clock's.
    host = new AppHost({ dataDir, clock, backupCheckMs: 20, overrides: { ports: { production: 0, staging: 0 } } });
    await host.start();
    dispatch = adminDispatcher(createAdminHandlers(host), teamGateOf(host));
  };
  /** Moves the clock and waits for the supervised job's backup of that moment. */
  const nightlyAt = async (moment: number) => {
    clock.set(moment);
    return waitFor(async () => {
      const current = await status();
      return current.lastRun?.at === moment && current;
    }, 10_000);
  };
  /** The next 02:00 of the server's zone after the clock's now. */
  const nextTwoAm = async () => {
    const { nextRun } = await status();
    if (nextRun === null) throw new Error('no next run');
    return nextRun;
  };

  beforeEach(async () => {
    root = makeTempDir('backup-schedule');
    dataDir = path.join(root, 'data');
    folder = path.join(root, 'backups');
    clock = new ManualClock(Date.parse('2026-07-14T12:00:00Z'));
    await startHost();
    const { id } = await value<{ id: number }>('categories.create', { environment: 'production', name: 'Ferrets' });
    await value('pets.create', { environment: 'production', pet: { name: 'Biscuit', categoryId: id } });
  });
  afterEach(async () => {
    await host.stop();
    removeTempDir(root);
  });

  it('is off until an owner turns it on, with a folder, 7 kept and 02:00 by default', async () => {
    const first = await status();
    expect(first.schedule).toEqual({ on: false, folder: null, keep: 7, at: '02:00' });
    expect(first).toMatchObject({ lastRun: null, nextRun: null, due: false, backups: [], folderProblem: null });
    expect(first.timeZone).toBeTruthy();
  });

  it('backs up once when the clock passes the time, not again the same day, and keeps the last N', async () => {
    await value('backups.configure', { on: true, folder, keep: 2, at: '02:00' });
    // Set at noon: last night's time is not run for.
    expect((await status()).backups).toEqual([]);
    const night = await nextTwoAm();
    expect(night).toBeGreaterThan(clock.now());
    expect(night - clock.now()).toBeLessThanOrEqual(24 * HOUR);

    const after = await nightlyAt(night + 60_000);
    expect(after.lastRun).toMatchObject({ trigger: 'nightly', ok: true, reason: null });
    expect(after.backups).toHaveLength(1);
    expect(verifyBackup(after.backups[0]?.path ?? '').problems).toEqual([]);
    expect(after.nextRun).toBe(night + 24 * HOUR);

    // Later the same day: the job keeps checking, nothing more is written.
    clock.set(night + 6 * HOUR);
    expect(await host.backups.runIfDue()).toBeUndefined();
    expect((await status()).backups).toHaveLength(1);

    // Two more nights: three backups made, the last two kept.
    for (const nights of [1, 2])
      expect((await nightlyAt(night + nights * 24 * HOUR + 60_000)).lastRun).toMatchObject({
        trigger: 'nightly',
        ok: true,
      });
    const kept = await status();
    expect(kept.backups).toHaveLength(2);
    expect(fs.readdirSync(folder).filter((name) => name.startsWith('backup-'))).toHaveLength(2);
    // Newest first.
    expect(kept.backups[0]?.name).toBe(kept.lastRun?.name);
  });

  it('backs up once after nights the machine slept through', async () => {
    await value('backups.configure', { on: true, folder, keep: 7, at: '02:00' });
    expect((await nightlyAt(clock.now() + 3 * 24 * HOUR)).lastRun).toMatchObject({ trigger: 'nightly', ok: true });
    expect(await host.backups.runIfDue()).toBeUndefined();
    expect((await status()).backups).toHaveLength(1);
  });

  it('backs up now on demand, and leaves that in the audit trail', async () => {
    await value('backups.configure', { on: false, folder, keep: 7, at: '02:00' });
    const now = await value<BackupsStatus>('backups.runNow');
    expect(now.lastRun?.message ?? null).toBeNull();
    expect(now.lastRun).toMatchObject({ trigger: 'now', ok: true });
    expect(now.backups).toHaveLength(1);
    expect(now.nextRun).toBeNull();
    const trail = await value<AuditEntry[]>('audit.list', { environment: 'production', filter: {} });
    expect(trail.map((entry) => entry.channel).slice(0, 2)).toEqual(['backups.runNow', 'backups.configure']);
  });

  it('keeps its settings and last result across a restart', async () => {
    await value('backups.configure', { on: true, folder, keep: 3, at: '23:15' });
    await value('backups.runNow');
    const before = await status();
    await host.stop();
    await startHost();
    const after = await status();
    expect(after.schedule).toEqual({ on: true, folder, keep: 3, at: '23:15' });
    expect(after.lastRun).toEqual(before.lastRun);
    expect(after.nextRun).toBe(before.nextRun);
  });

  it('refuses a folder that is no full path, and turning on without a folder', async () => {
    for (const schedule of [
      { on: true, folder: 'backups', keep: 7, at: '02:00' },
      { on: true, folder: null, keep: 7, at: '02:00' },
    ]) {
      const answer = await dispatch('backups.configure', schedule);
      expect(answer).toMatchObject({ ok: false, error: { code: 'validation_failed', details: { field: 'folder' } } });
    }
    expect(await dispatch('backups.configure', { on: true, folder, keep: 0, at: '25:00' })).toMatchObject({
      ok: false,
      error: { code: 'validation_failed' },
    });
    expect(await dispatch('backups.runNow', {})).toMatchObject({
      ok: false,
      error: { code: 'validation_failed', details: { field: 'folder' } },
    });
  });

  it('says why when the folder has gone, and the server goes on', async () => {
    await value('backups.configure', { on: true, folder, keep: 7, at: '02:00' });
    fs.rmSync(folder, { recursive: true });
    const failed = await nightlyAt((await nextTwoAm()) + 60_000);
    expect(failed.lastRun).toMatchObject({ trigger: 'nightly', ok: false, reason: 'folder_missing', code: 'ENOENT' });
    // Not made again (a drive that is not plugged in stays so).
    expect(fs.existsSync(folder)).toBe(false);
    expect(failed.folderProblem).toMatchObject({ reason: 'folder_missing' });
    expect((await fetch(`${host.baseUrl('production')}/openapi.json`)).status).toBe(200);
    expect(await value<{ name: string }[]>('pets.browse', { environment: 'production', query: {} })).toMatchObject({
      pets: [{ name: 'Biscuit' }],
    });
  });
});
