import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { AppError } from '../../shared/errors';
import { dataDirContent } from './layout';

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

/**
 * Refuses a backups folder inside the data dir, or inside a folder a site was deployed from: the
 * next deploy (or the sites' own folders) would serve the databases to anyone. Links are resolved
 * first, so another name for the same folder is refused too; a folder not made yet is judged by
 * the nearest one above it that is there.
 */
export function refuseExposedFolder(dataDir: string, folder: string): void {
  const target = realPathOf(folder);
  const data = realPathOf(dataDir);
  if (isInside(target, data))
    throw new AppError(
      'validation_failed',
      `The backup folder ${folder} is inside the data dir ${dataDir}: choose a folder outside it (another disk, a mounted share).`,
      { details: { field: 'folder', reason: 'backup_folder_inside_data_dir', folder, inside: dataDir } },
    );
  for (const deployed of deployedFolders(dataDir)) {
    if (isInside(target, realPathOf(deployed)))
      throw new AppError(
        'validation_failed',
        `The backup folder ${folder} is inside ${deployed}, which a site is deployed from: its next deploy would publish the backups. Choose a folder outside it.`,
        { details: { field: 'folder', reason: 'backup_folder_inside_deploy', folder, inside: deployed } },
      );
  }
}

function isInside(inner: string, outer: string): boolean {
  const relative = path.relative(outer, inner);
  return relative === '' || (!relative.startsWith('..') && !path.isAbsolute(relative));
}

/** The real path of `dir`, or of its nearest existing folder above with the rest appended. */
function realPathOf(dir: string): string {
  const absolute = path.resolve(dir);
  try {
    return fs.realpathSync.native(absolute);
  } catch {
    const parent = path.dirname(absolute);
    return parent === absolute ? absolute : path.join(realPathOf(parent), path.basename(absolute));
  }
}

/** The folders the data dir's sites were deployed from, in either environment (read only: no migration, no lock). */
function deployedFolders(dataDir: string): string[] {
  const { databases } = dataDirContent(dataDir);
  return databases.flatMap((name) => {
    const sqlite = new Database(path.join(dataDir, name), { readonly: true, fileMustExist: true });
    try {
      const table = sqlite.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'deploys'").get();
      if (table === undefined) return [];
      return sqlite
        .prepare("SELECT DISTINCT folder FROM deploys WHERE source = 'folder' AND folder IS NOT NULL")
        .pluck()
        .all() as string[];
    } finally {
      sqlite.close();
    }
  });
}
