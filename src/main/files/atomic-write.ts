import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/** Owner-only unless said otherwise: what the app writes in its data dir is nobody else's to read. */
const PRIVATE_FILE = 0o600;

/**
 * The one door for every file the program writes, in its data dir and in a folder the user chose
 * (exports, kennel cards, backups, JUnit): tests/unit/user-folder-writes.test.ts fails on any other.
 *
 * Writes the whole file or nothing: a temp file in the same folder, written and fsynced, then renamed
 * over the old one and the folder fsynced. A crash or a full disk at any point leaves the previous
 * file whole (at worst a stray `*.tmp` beside it), and a reader never sees half a file. Nothing
 * planted in the folder is followed: the temp file is created exclusively (O_EXCL refuses a link
 * there) and the rename replaces a link at the name itself, never the file or folder it points to.
 */
export function writeFileAtomically(file: string, content: string | Uint8Array, mode = PRIVATE_FILE): void {
  const temp = writeTemp(file, content, mode);
  try {
    fs.renameSync(temp, file);
  } catch (error) {
    fs.rmSync(temp, { force: true });
    throw error;
  }
  syncFolder(path.dirname(file));
}

/** A copy of `source` written like writeFileAtomically (a photo into an export folder). */
export function copyFileAtomically(source: string, file: string, mode = PRIVATE_FILE): void {
  writeFileAtomically(file, fs.readFileSync(source), mode);
}

/**
 * Creates the file, whole, only if it does not exist yet (two processes at once: the first wins; a
 * link, unlike a rename, never replaces). Returns whether this call created it.
 */
export function createFileAtomically(file: string, content: string | Uint8Array, mode = PRIVATE_FILE): boolean {
  const temp = writeTemp(file, content, mode);
  let created = true;
  try {
    fs.linkSync(temp, file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    created = false;
  } finally {
    fs.rmSync(temp, { force: true });
  }
  syncFolder(path.dirname(file));
  return created;
}

function writeTemp(file: string, content: string | Uint8Array, mode: number): string {
  const temp = `${file}.${randomBytes(6).toString('hex')}.tmp`;
  const fd = fs.openSync(temp, 'wx', mode);
  try {
    // The umask may have taken bits off the mode given to open; set exactly the one asked for.
    fs.fchmodSync(fd, mode);
    fs.writeFileSync(fd, content);
    fs.fsyncSync(fd);
  } catch (error) {
    fs.closeSync(fd);
    fs.rmSync(temp, { force: true });
    throw error;
  }
  fs.closeSync(fd);
  return temp;
}

/** The rename is durable only once the folder's entry is on disk too. Windows cannot open a folder for this. */
function syncFolder(dir: string): void {
  if (process.platform === 'win32') return;
  const fd = fs.openSync(dir, 'r');
  try {
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
}
