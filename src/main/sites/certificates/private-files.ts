import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/** Owner-only folders (0700) and files (0600) for private keys: nothing else on the machine may read them. */
export function ensurePrivateDir(dir: string): string {
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  fs.chmodSync(dir, 0o700);
  return dir;
}

/** Writes the whole file or nothing (temp file, then rename), 0600 from its first byte. */
export function writePrivateFile(file: string, content: string): void {
  ensurePrivateDir(path.dirname(file));
  const temp = `${file}.${randomBytes(6).toString('hex')}.tmp`;
  fs.writeFileSync(temp, content, { mode: 0o600, flag: 'wx' });
  fs.renameSync(temp, file);
}

/**
 * Creates the file only if it does not exist yet (two processes starting at once: the first wins),
 * and returns what the file holds afterwards.
 */
export function createPrivateFileOnce(file: string, content: string): string {
  ensurePrivateDir(path.dirname(file));
  const temp = `${file}.${randomBytes(6).toString('hex')}.tmp`;
  fs.writeFileSync(temp, content, { mode: 0o600, flag: 'wx' });
  try {
    fs.linkSync(temp, file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  } finally {
    fs.rmSync(temp, { force: true });
  }
  return fs.readFileSync(file, 'utf8');
}

export function readPrivateFile(file: string): string | undefined {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}
