/**
 * A photo added on a full disk, with real parts: a small tmpfs as the data dir (skipped, saying why,
 * where mounting is not permitted). The refusal is the disk's, and nothing of the photo stays.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { writeRefusal } from '../../src/main/db/write-refusals';
import { Engine } from '../../src/main/engine/engine';
import { phoneJpeg } from '../helpers/photos';
import { makeTempDir, removeTempDir } from '../helpers/temp-dir';

const mountPoint = makeTempDir('adoption-desk-photos-tmpfs');
const mountProblem = (() => {
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=8m', 'tmpfs', mountPoint], { stdio: 'pipe' });
    return undefined;
  } catch (error) {
    return `mounting a tmpfs is not permitted here (${(error as Error).message.split('\n')[0]})`;
  }
})();

afterAll(() => {
  if (mountProblem === undefined) execFileSync('umount', [mountPoint]);
  removeTempDir(mountPoint);
});

/** Fills the disk but for `spare` bytes; returns the filler's path. */
function fillDisk(dir: string, spare: number): string {
  const filler = path.join(dir, 'filler');
  const fd = fs.openSync(filler, 'w');
  try {
    for (let chunk = 64 * 1024; chunk >= 512; chunk /= 2) {
      try {
        for (;;) {
          if (fs.statfsSync(dir).bavail * fs.statfsSync(dir).bsize - chunk < spare) break;
          fs.writeSync(fd, Buffer.alloc(chunk, 1));
        }
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ENOSPC') throw error;
      }
    }
  } finally {
    fs.closeSync(fd);
  }
  return filler;
}

function filesUnder(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return (fs.readdirSync(dir, { recursive: true }) as string[]).filter((name) =>
    fs.statSync(path.join(dir, name)).isFile(),
  );
}

describe.skipIf(mountProblem !== undefined)(
  `a photo on a full disk${mountProblem ? ` (skipped: ${mountProblem})` : ''}`,
  () => {
    it('is refused as insufficient storage, and neither a file nor a row stays', async () => {
      const engine = new Engine({ dataDir: mountPoint, environment: 'production' });
      try {
        const petId = engine.services.pets.create({ name: 'Luna', categoryId: 1 }).id;
        const jpeg = await phoneJpeg();
        // Two pages left: less than the photo's files need.
        const filler = fillDisk(mountPoint, 8 * 1024);
        const error = await engine.services.photos
          .add(petId, [{ name: 'luna.jpg', bytes: jpeg }])
          .catch((caught: unknown) => caught);
        expect(writeRefusal(error)?.code).toBe('insufficient_storage');
        expect(filesUnder(path.join(mountPoint, 'photos'))).toEqual([]);
        fs.rmSync(filler);
        expect(engine.services.photos.list(petId)).toEqual([]);
        const [added] = await engine.services.photos.add(petId, [{ name: 'luna.jpg', bytes: jpeg }]);
        expect(filesUnder(path.join(mountPoint, 'photos'))).toHaveLength(2);
        expect(added?.position).toBe(1);
      } finally {
        engine.close();
      }
    });
  },
);
