/** QuotaService.flush on a real full disk (a small tmpfs; skipped, saying why, where mounting is not permitted). */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/shared/clock';
import { Engine } from '../../src/main/engine/engine';
import { makeTempDir, removeTempDir } from '../helpers/temp-dir';

const mountPoint = makeTempDir('adoption-desk-tmpfs');
const mountProblem = (() => {
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=4m', 'tmpfs', mountPoint], { stdio: 'pipe' });
    return undefined;
  } catch (error) {
    return `mounting a tmpfs is not permitted here (${(error as Error).message.split('\n')[0]})`;
  }
})();

afterAll(() => {
  if (mountProblem === undefined) execFileSync('umount', [mountPoint]);
  removeTempDir(mountPoint);
});

function fillDisk(file: string): void {
  const chunk = Buffer.alloc(16 * 1024, 1);
  const fd = fs.openSync(file, 'w');
  try {
    for (;;) fs.writeSync(fd, chunk);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOSPC') throw error;
  } finally {
    fs.closeSync(fd);
  }
}

describe.skipIf(mountProblem !== undefined)(
  `usage counters on a full disk${mountProblem ? `: skipped, ${mountProblem}` : ''}`,
  () => {
    it('a flush that fails keeps every count in memory, and the next flush after space returns writes them all', () => {
      const clock = new ManualClock(Date.UTC(2026, 5, 1, 12, 0, 30));
      const engine = new Engine({ dataDir: path.join(mountPoint, 'data'), environment: 'production', clock });
      const filler = path.join(mountPoint, 'filler');
      try {
        const { quota } = engine.services;
        const address = (i: number) => ({
          kind: 'address' as const,
          address: `10.0.${Math.floor(i / 250)}.${i % 250}`,
        });
        let admitsEach = 0;
        const admitAll = () => {
          for (let i = 0; i < 3_000; i++) quota.admit(address(i));
          admitsEach += 1;
        };
        admitAll();
        quota.flush();
        admitAll();
        fillDisk(filler);
        let failures = 0;
        // Fill whatever room SQLite's files still had, until a flush cannot be written.
        for (let round = 0; round < 50 && failures === 0; round++) {
          admitAll();
          try {
            quota.flush();
          } catch (error) {
            expect((error as { code?: string }).code).toMatch(/^SQLITE_(FULL|IOERR)/);
            failures += 1;
          }
        }
        expect(failures).toBe(1);
        fs.rmSync(filler);
        quota.flush();
        const rows = engine.sqlite
          .prepare("SELECT accepted + rejected AS n FROM usage_windows WHERE kind = 'minute'")
          .pluck()
          .all() as number[];
        expect(rows).toHaveLength(3_000);
        // Every admission counted in memory reached the disk: none was dropped with the failed write.
        expect(new Set(rows)).toEqual(new Set([admitsEach]));
      } finally {
        fs.rmSync(filler, { force: true });
        engine.close();
      }
    });
  },
);
