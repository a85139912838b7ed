import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

export interface SmallDisk {
  dir: string;
  /** Writes a filler file until the disk refuses another byte; returns its path (remove it to free the space). */
  fill(): string;
  unmount(): void;
}

/** A real tmpfs of `size` (e.g. "64k") mounted on a new folder under `parent`; undefined where mounting is not permitted. */
export function mountSmallDisk(parent: string, size: string): SmallDisk | undefined {
  const dir = path.join(parent, 'small-disk');
  fs.mkdirSync(dir);
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${size}`, 'tmpfs', dir], { stdio: 'ignore' });
  } catch {
    fs.rmdirSync(dir);
    return undefined;
  }
  return {
    dir,
    fill() {
      const filler = path.join(dir, 'filler');
      const fd = fs.openSync(filler, 'w');
      const block = Buffer.alloc(4096, 1);
      try {
        for (;;) fs.writeSync(fd, block);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ENOSPC') throw error;
      } finally {
        fs.closeSync(fd);
      }
      return filler;
    },
    unmount() {
      execFileSync('umount', [dir], { stdio: 'ignore' });
      fs.rmdirSync(dir);
    },
  };
}
