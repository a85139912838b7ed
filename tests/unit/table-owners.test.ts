/**
 * One owner per table: the rows of a table are written by the code of one folder of
 * src/main, which exposes the operations others need (the lab clock's reset asks quota/ to drop the
 * lab's future windows instead of deleting them itself). `meta` is a key-value table each area keys
 * its own rows in; db/ opens the database (migrations, fix-ups) and is left out.
 */
import fs from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';
import { PROJECT_ROOT } from '../helpers/processes';

const MAIN = path.join(PROJECT_ROOT, 'src', 'main');
const SHARED_TABLES = new Set(['meta']);

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return entry.name.endsWith('.ts') ? [full] : [];
  });
}

/** drizzle's table objects by their name in the schema files: `export const usageWindows = sqliteTable('usage_windows'`. */
function schemaTables(): Map<string, string> {
  const tables = new Map<string, string>();
  for (const file of sourceFiles(path.join(MAIN, 'db')).filter((name) => path.basename(name).startsWith('schema'))) {
    for (const match of fs.readFileSync(file, 'utf8').matchAll(/export const (\w+) = sqliteTable\(\s*'(\w+)'/g))
      tables.set(match[1]!, match[2]!);
  }
  return tables;
}

/** Every table each folder writes: raw SQL (INSERT, UPDATE, DELETE, REPLACE) and drizzle's insert/update/delete of a schema table. */
function writers(): Map<string, Set<string>> {
  const tables = schemaTables();
  const written = new Map<string, Set<string>>();
  const note = (table: string, folder: string) => written.set(table, new Set([...(written.get(table) ?? []), folder]));
  for (const file of sourceFiles(MAIN)) {
    const [folder, ...rest] = path.relative(MAIN, file).split(path.sep);
    if (rest.length === 0 || folder === 'db') continue;
    const text = fs.readFileSync(file, 'utf8');
    for (const match of text.matchAll(/\b(?:INSERT(?: OR \w+)? INTO|UPDATE|DELETE FROM|REPLACE INTO) ([a-z_]+)\b/g))
      note(match[1]!, folder!);
    for (const match of text.matchAll(/\.(?:insert|update|delete)\((\w+)\)/g)) {
      const table = tables.get(match[1]!);
      if (table) note(table, folder!);
    }
  }
  return written;
}

it('the scan finds the writers it should (quota/ writes its counters, pets/ its pets)', () => {
  const written = writers();
  expect([...(written.get('usage_windows') ?? [])]).toContain('quota');
  expect([...(written.get('pets') ?? [])]).toContain('pets');
  expect(schemaTables().get('usageWindows')).toBe('usage_windows');
});

it('every table but meta is written by one folder of src/main', () => {
  const shared = [...writers()]
    .filter(([table, folders]) => !SHARED_TABLES.has(table) && folders.size > 1)
    .map(([table, folders]) => `${table}: ${[...folders].sort().join(', ')}`);
  expect(shared).toEqual([]);
});
