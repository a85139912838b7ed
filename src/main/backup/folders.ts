import fs from 'node:fs';
import path from 'node:path';

/**
 * Makes `dir` and any missing folder above it owner-only (0700); a folder that is already there
 * keeps its mode: a shared backup folder, or the folder a data dir is restored into, is the
 * user's, not ours to close.
 */
export function makeOwnFolder(dir: string): string {
  const first = fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  if (first === undefined) return dir;
  // Every folder from the first one made down to `dir` is this call's: exactly 0700, whatever the umask took off.
  for (let folder = dir; ; folder = path.dirname(folder)) {
    fs.chmodSync(folder, 0o700);
    if (folder === first || path.dirname(folder) === folder) break;
  }
  return dir;
}
