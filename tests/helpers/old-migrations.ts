import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { drizzle } from 'drizzle-orm/better-sqlite3';
import { migrate } from 'drizzle-orm/better-sqlite3/migrator';
import { findMigrationsFolder } from '../../src/main/db/connection';
import { registerSqlFunctions } from '../../src/main/db/sql-functions';

/** A copy, under `dir`, of the migrations an older release shipped: those whose tag sorts before `tag`. */
export function migrationsBefore(dir: string, tag: string): string {
  const source = findMigrationsFolder();
  const folder = path.join(dir, `migrations-before-${tag}`);
  fs.mkdirSync(path.join(folder, 'meta'), { recursive: true });
  const journal = JSON.parse(fs.readFileSync(path.join(source, 'meta', '_journal.json'), 'utf8')) as {
    entries: { tag: string }[];
  };
  journal.entries = journal.entries.filter((entry) => entry.tag < tag);
  fs.writeFileSync(path.join(folder, 'meta', '_journal.json'), JSON.stringify(journal));
  for (const entry of journal.entries)
    fs.copyFileSync(path.join(source, `${entry.tag}.sql`), path.join(folder, `${entry.tag}.sql`));
  return folder;
}

/** Creates `file` as the release before migration `tag` left it, then runs `sql` on it (the rows that release wrote). */
export function writeOldDatabase(file: string, tag: string, sql: string): void {
  const sqlite = new Database(file);
  try {
    // Some migrations call the functions the app registers (as openConnection does).
    registerSqlFunctions(sqlite);
    migrate(drizzle(sqlite), { migrationsFolder: migrationsBefore(path.dirname(file), tag) });
    sqlite.exec(sql);
  } finally {
    sqlite.close();
  }
}
