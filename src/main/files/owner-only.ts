import fs from 'node:fs';

/**
 * The data dir holds the request log, accounts and key hashes; its folders are 0700 and its
 * databases and keys 0600, whatever the umask. An older version (or a loose umask) may have made
 * them wider: they are tightened at start, by taking bits away only, never adding any.
 */
const PRIVATE_DIR = 0o700;
const PRIVATE_FILE = 0o600;
/** S_ISVTX: a folder every user may add to, each only removing their own entries (/tmp). */
const STICKY = 0o1000;

/** Made owner-only, or tightened if it exists; returns the folder. */
export function ensurePrivateDir(dir: string): string {
  if (fs.mkdirSync(dir, { recursive: true, mode: PRIVATE_DIR }) !== undefined) {
    // Made just now: exactly 0700, whatever bits the umask took off.
    fs.chmodSync(dir, PRIVATE_DIR);
    return dir;
  }
  const { mode } = fs.statSync(dir);
  // A shared folder (sticky, like /tmp) given as the data dir is not ours to close.
  if (mode & STICKY) return dir;
  tighten(dir, mode);
  return dir;
}

/**
 * Creates the file empty and 0600 if it is missing, or tightens it: for a SQLite database before it
 * is opened, since SQLite gives its -wal, -shm and journal files the main file's mode.
 */
export function claimPrivateFile(file: string): void {
  let fd: number;
  try {
    fd = fs.openSync(file, 'wx', PRIVATE_FILE);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EEXIST') return tightenPrivateFile(file);
    // A data dir that cannot be written to: SQLite's own open reports it, as it did before.
    if (code === 'EACCES' || code === 'EPERM' || code === 'EROFS') return;
    throw error;
  }
  try {
    fs.fchmodSync(fd, PRIVATE_FILE);
  } finally {
    fs.closeSync(fd);
  }
}

/** Takes the group's and others' bits off a file that exists (a -wal or -shm left by an older version). */
export function tightenPrivateFile(file: string): void {
  let mode: number;
  try {
    ({ mode } = fs.statSync(file));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw error;
  }
  tighten(file, mode);
}

function tighten(target: string, mode: number): void {
  const ownerOnly = mode & 0o700;
  if ((mode & 0o777) === ownerOnly) return;
  try {
    fs.chmodSync(target, ownerOnly);
  } catch (error) {
    // Another user's file, or a read-only disk: nothing this process may change.
    const code = (error as NodeJS.ErrnoException).code;
    if (code !== 'EPERM' && code !== 'EROFS') throw error;
  }
}
