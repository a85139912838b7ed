/** The engine's supervisor: a failing job is caught, logged once per streak, retried with backoff, and never overlaps itself. */
import Database from 'better-sqlite3';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { EngineLog } from '../../src/main/log';
import { Supervisor } from '../../src/main/engine/supervisor';
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
});

describe('the supervisor', () => {
  it('a job failing on a locked database is logged once, retried with growing delays, and recovers when the lock goes', async () => {
    const dir = makeTempDir();
    const file = path.join(dir, 'jobs.sqlite');
    const writer = new Database(file, { timeout: 0 });
    writer.pragma('journal_mode = WAL');
    writer.exec('CREATE TABLE ticks (at INTEGER)');
    const holder = new Database(file);
    holder.exec('BEGIN EXCLUSIVE');
    cleanups.push(() => {
      writer.close();
      if (holder.open) holder.close();
      removeTempDir(dir);
    });
    const log = recordingLog();
    const supervisor = new Supervisor(log, 80);
    cleanups.push(() => supervisor.stop());
    const attempts: number[] = [];
    supervisor.start({
      name: 'tick writer',
      everyMs: 5,
      run: () => {
        attempts.push(performance.now());
        writer.prepare('INSERT INTO ticks VALUES (?)').run(Date.now());
      },
    });
    await waitFor(() => attempts.length >= 6, 10_000);
    const errors = log.entries.filter((entry) => entry.level === 'error');
    expect(errors).toHaveLength(1);
    expect(errors[0]?.details.job).toBe('tick writer');
    expect((errors[0]?.details.err as { code?: string }).code).toBe('SQLITE_BUSY');
    // Backoff: the gaps between attempts grow (5 ms × 2^n), up to the cap.
    const gaps = attempts.slice(1).map((at, index) => at - (attempts[index] ?? 0));
    expect(gaps[4]).toBeGreaterThanOrEqual(40);

    holder.exec('ROLLBACK');
    holder.close();
    await waitFor(
      () => log.entries.some((entry) => entry.level === 'info' && entry.message === 'background job recovered'),
      10_000,
    );
    await waitFor(() => (writer.prepare('SELECT count(*) AS n FROM ticks').get() as { n: number }).n >= 2, 10_000);
    expect(log.entries.filter((entry) => entry.level === 'error')).toHaveLength(1);
  });

  it('a rejecting async job is caught too; a job never overlaps itself, however often it is triggered', async () => {
    const log = recordingLog();
    const supervisor = new Supervisor(log, 20);
    cleanups.push(() => supervisor.stop());
    let running = 0;
    let most = 0;
    let runs = 0;
    const job = supervisor.start({
      name: 'slow job',
      everyMs: 1,
      runAtStart: true,
      run: async () => {
        running += 1;
        most = Math.max(most, running);
        runs += 1;
        await new Promise((resolve) => setTimeout(resolve, 5));
        running -= 1;
        if (runs % 2 === 0) throw new Error('every other run fails');
      },
    });
    for (let i = 0; i < 50; i++) {
      job.trigger();
      await new Promise((resolve) => setImmediate(resolve));
    }
    await waitFor(() => runs >= 10, 10_000);
    expect(most).toBe(1);
    expect(log.entries.some((entry) => entry.level === 'error' && entry.details.job === 'slow job')).toBe(true);
  });

  it('stop() ends the schedule and waits for the run in progress', async () => {
    const supervisor = new Supervisor(recordingLog());
    let finished = false;
    let started = false;
    supervisor.start({
      name: 'last run',
      everyMs: 1,
      runAtStart: true,
      run: async () => {
        started = true;
        await new Promise((resolve) => setTimeout(resolve, 20));
        finished = true;
      },
    });
    await waitFor(() => started, 5_000);
    await supervisor.stop();
    expect(finished).toBe(true);
  });
});
