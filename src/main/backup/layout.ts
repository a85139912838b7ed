import fs from 'node:fs';
import path from 'node:path';
import type Database from 'better-sqlite3';
import { ENVIRONMENTS } from '../../shared/environments';
import { PHOTO_SIZES, photoFilePath } from '../../shared/photos';

/**
 * What a backup takes of a data dir, each as its path inside it ('/'-separated, the same in the
 * manifest). The photos are not listed: a backup holds those its databases' snapshots name (snapshot.ts).
 */
export interface DataDirContent {
  databases: string[];
  settings: string[];
}

/** The nightly backup's settings and last result (nightly.ts). */
export const SCHEDULE_FILE = 'backup-schedule.json';
/**
 * The settings beside the databases (the desktop's settings.json, the backup schedule; the logo
 * lives in the database) and the two CAs, key and certificate (team/server-certificate.ts): the
 * shelter server's certificate comes from its own, so a restore on a new disk keeps the code every
 * desk compared, and the sites' certificates stay trusted where the sites' CA was added.
 */
const SETTINGS_FILES = [
  'settings.json',
  SCHEDULE_FILE,
  'certificates/local-ca.pem',
  'certificates/shelter-server-ca.pem',
];
/** engine.ts's databaseFile, which this folder may not import (tests/api/backup-restore.test.ts holds them together). */
const databaseName = (environment: string) => `${environment}.sqlite`;

/** The databases of both environments and the settings: with their photos, what the shelter cannot make again. */
export function dataDirContent(dataDir: string): DataDirContent {
  const databases = ENVIRONMENTS.map(databaseName).filter((name) => isFile(path.join(dataDir, name)));
  const settings = SETTINGS_FILES.filter((name) => isFile(path.join(dataDir, name)));
  return { databases, settings };
}

/** The folder of a database's photo files: photos/<environment> (photos/photo-files.ts). */
export function photosFolderOf(database: string): string {
  return `photos/${database.replace(/\.sqlite$/, '')}`;
}

/** The files of one photo (both sizes), as paths inside the data dir. */
export function photoFilesOf(database: string, hash: string): string[] {
  return PHOTO_SIZES.map((size) => `${photosFolderOf(database)}/${photoFilePath(hash, size)}`);
}

const PHOTO_HASH = /^[0-9a-f]{64}$/;
/** photos/<environment>/<2 hex>/<hash>(-thumb).jpg: photoFilePath under an environment's folder, nothing else. */
const PHOTO_FILE = new RegExp(`^photos/(?:${ENVIRONMENTS.join('|')})/([0-9a-f]{2})/([0-9a-f]{64})(?:-thumb)?\\.jpg$`);

/**
 * Whether `relative` is a name the layout gives a backup's file: a database, a settings file or a
 * photo. A manifest may name nothing else: no `..`, no absolute path, no other folder, so a restore
 * writes only inside the data dir it builds.
 */
export function isBackupPath(relative: unknown): boolean {
  if (typeof relative !== 'string') return false;
  if (ENVIRONMENTS.map(databaseName).includes(relative) || SETTINGS_FILES.includes(relative)) return true;
  const photo = PHOTO_FILE.exec(relative);
  if (photo !== null) return photo[2]?.startsWith(photo[1] ?? '') === true;
  const site = DEPLOY_FILE.exec(relative);
  return site !== null && (site[1] ?? '').split('/').every(isPlainName);
}

/** sites/<environment>/<project id>/<deploy number>/<the deploy's own file>: a live deploy's folder, as sites/projects.ts lays it out. */
const DEPLOY_FILE = new RegExp(`^sites/(?:${ENVIRONMENTS.join('|')})/[1-9][0-9]*/[1-9][0-9]*/(.+)$`);

/** One name of a deploy's file path: never empty, `.` or `..`, nor holding a backslash or NUL. */
function isPlainName(name: string): boolean {
  return name !== '' && name !== '.' && name !== '..' && !/[\\\0]/.test(name);
}

/** The folder of a project's deploy in the data dir. */
function deployFolderOf(database: string, projectId: number, number: number): string {
  return `sites/${database.replace(/\.sqlite$/, '')}/${projectId}/${number}`;
}

/**
 * The files of every live deploy a database names (its projects' live deploy numbers): a restore
 * serves the sites as they were, uploaded ones too, which nothing could make again. A deploy's
 * folder is never changed once it is live, only removed when pruned.
 */
export function liveDeployFiles(dataDir: string, database: string, sqlite: Database.Database): string[] {
  const table = sqlite.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'projects'").get();
  if (table === undefined) return [];
  const live = sqlite
    .prepare('SELECT id, live_deploy_number AS number FROM projects WHERE live_deploy_number IS NOT NULL')
    .all() as { id: number; number: number }[];
  return live.flatMap(({ id, number }) => filesUnder(dataDir, deployFolderOf(database, id, number)));
}

/** Every link inside `root` (a file or a folder), '/'-separated; a link is never followed, nor looked into. */
export function linksUnder(root: string, relative = ''): string[] {
  return fs.readdirSync(path.join(root, relative), { withFileTypes: true }).flatMap((entry) => {
    const inner = relative === '' ? entry.name : `${relative}/${entry.name}`;
    if (entry.isSymbolicLink()) return [inner];
    return entry.isDirectory() ? linksUnder(root, inner) : [];
  });
}

/** The photos a database names (pet_photos' hashes); a row whose hash names no file is no photo. */
export function namedPhotos(sqlite: Database.Database): string[] {
  const table = sqlite.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'pet_photos'").get();
  if (table === undefined) return [];
  return (sqlite.prepare('SELECT DISTINCT hash FROM pet_photos').pluck().all() as string[]).filter((hash) =>
    PHOTO_HASH.test(hash),
  );
}

/** Regular files only: a link planted in the data dir is never followed into a backup. */
export function filesUnder(root: string, relative: string): string[] {
  let entries: fs.Dirent[];
  try {
    entries = fs.readdirSync(path.join(root, relative), { withFileTypes: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  return entries.flatMap((entry) => {
    const inner = `${relative}/${entry.name}`;
    if (entry.isDirectory()) return filesUnder(root, inner);
    return entry.isFile() && !entry.name.endsWith('.tmp') ? [inner] : [];
  });
}

function isFile(file: string): boolean {
  try {
    return fs.lstatSync(file).isFile();
  } catch {
    return false;
  }
}
