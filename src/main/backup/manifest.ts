import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';

export const MANIFEST_FILE = 'manifest.json';
/** A backup folder's name: its moment in UTC, so names sort by age. */
export const BACKUP_NAME = /^backup-\d{8}T\d{6}\.\d{3}Z(?:-\d+)?$/;

export interface ManifestFile {
  path: string;
  bytes: number;
  sha256: string;
  /** A SQLite database (checked with integrity_check), with the migrations it had applied. */
  database?: { migrations: number; lastMigrationAt: number | null };
}

export interface Manifest {
  format: 1;
  appVersion: string;
  createdAt: string;
  files: ManifestFile[];
}

export function describeFile(root: string, relative: string, isDatabase: boolean): ManifestFile {
  const file = path.join(root, relative);
  const bytes = fs.readFileSync(file);
  const described: ManifestFile = {
    path: relative,
    bytes: bytes.length,
    sha256: createHash('sha256').update(bytes).digest('hex'),
  };
  return isDatabase ? { ...described, database: migrationsOf(file) } : described;
}

function migrationsOf(file: string): ManifestFile['database'] {
  const sqlite = new Database(file, { readonly: true, fileMustExist: true });
  try {
    const row = sqlite.prepare('SELECT count(*) AS count, max(created_at) AS last FROM __drizzle_migrations').get() as {
      count: number;
      last: number | null;
    };
    return { migrations: row.count, lastMigrationAt: row.last };
  } finally {
    sqlite.close();
  }
}

/** The app's version, from the package.json above this file (from source and from the build alike). */
export function appVersion(from: string = __dirname): string {
  for (let dir = from; path.dirname(dir) !== dir; dir = path.dirname(dir)) {
    const candidate = path.join(dir, 'package.json');
    if (fs.existsSync(candidate))
      return (JSON.parse(fs.readFileSync(candidate, 'utf8')) as { version?: string }).version ?? 'unknown';
  }
  return 'unknown';
}
