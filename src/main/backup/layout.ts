import fs from 'node:fs';
import path from 'node:path';
import { ENVIRONMENTS } from '../../shared/environments';

/** What a backup holds of a data dir, each as its path inside it ('/'-separated, the same in the manifest). */
export interface DataDirContent {
  databases: string[];
  files: string[];
}

/** The nightly backup's settings and last result (nightly.ts). */
export const SCHEDULE_FILE = 'backup-schedule.json';
/** The settings beside the databases (the desktop's settings.json, the backup schedule); the logo lives in the database. */
const SETTINGS_FILES = ['settings.json', SCHEDULE_FILE];
/** engine.ts's databaseFile, which this folder may not import (tests/api/backup-restore.test.ts holds them together). */
const databaseName = (environment: string) => `${environment}.sqlite`;

/** The databases of both environments, their photos and the settings: what the shelter cannot make again. */
export function dataDirContent(dataDir: string): DataDirContent {
  const databases = ENVIRONMENTS.map(databaseName).filter((name) => isFile(path.join(dataDir, name)));
  const photos = ENVIRONMENTS.flatMap((environment) => filesUnder(dataDir, `photos/${environment}`));
  const settings = SETTINGS_FILES.filter((name) => isFile(path.join(dataDir, name)));
  return { databases, files: [...photos, ...settings] };
}

/** Regular files only: a link planted in the data dir is never followed into a backup. */
function filesUnder(root: string, relative: string): string[] {
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
