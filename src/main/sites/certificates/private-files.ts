import fs from 'node:fs';
import path from 'node:path';
import { createFileAtomically, writeFileAtomically } from '../../files/atomic-write';
import { ensurePrivateDir } from '../../files/owner-only';

/** Writes the whole file or nothing, owner-only (0600) from its first byte, in an owner-only folder. */
export function writePrivateFile(file: string, content: string): void {
  ensurePrivateDir(path.dirname(file));
  writeFileAtomically(file, content);
}

/**
 * Creates the file only if it does not exist yet (two processes starting at once: the first wins),
 * and returns what the file holds afterwards.
 */
export function createPrivateFileOnce(file: string, content: string): string {
  ensurePrivateDir(path.dirname(file));
  createFileAtomically(file, content);
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
