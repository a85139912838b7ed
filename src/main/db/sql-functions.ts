import type Database from 'better-sqlite3';
import { withoutApiKeys } from '../../shared/audit';
import { firstFreeName, foldForSearch, foldName } from '../../shared/names';

/**
 * Which rows of a table get a new name so that folded names are unique: the first (lowest id) of
 * each keeps it, later ones get "<name> (2)", "(3)", … never taking a name another row has.
 */
export function deduplicatedNames(rows: readonly { id: number; name: string }[], max: number): Map<number, string> {
  const original = new Set(rows.map((row) => foldName(row.name)));
  const kept = new Set<string>();
  const renamed = new Map<number, string>();
  for (const row of [...rows].sort((a, b) => a.id - b.id)) {
    const folded = foldName(row.name);
    if (!kept.has(folded)) {
      kept.add(folded);
      continue;
    }
    const name = firstFreeName(row.name, (candidate) => kept.has(candidate) || original.has(candidate), max);
    kept.add(foldName(name));
    renamed.set(row.id, name);
  }
  return renamed;
}

/** The application's SQL functions, used by migrations; registered on every connection before they run. */
export function registerSqlFunctions(sqlite: Database.Database): void {
  sqlite.function('adk_fold_name', { deterministic: true }, (name) => foldName(String(name)));
  sqlite.function('adk_fold_search', { deterministic: true }, (name) => foldForSearch(String(name)));
  // Migration 0022 scrubs the API keys earlier releases wrote into the audit trail; NULL stays NULL.
  sqlite.function('adk_without_keys', { deterministic: true }, (text) =>
    text === null ? null : withoutApiKeys(String(text)),
  );
  // The whole table arrives as one JSON argument (the same for every row of an UPDATE): planned once.
  let planned: { rowsJson: string; renamed: Map<number, string> } | undefined;
  sqlite.function('adk_unique_name', { deterministic: true }, (id, name, rowsJson, max) => {
    if (planned === undefined || planned.rowsJson !== rowsJson) {
      const rows = (JSON.parse(String(rowsJson)) as [number, string][]).map(([rowId, rowName]) => ({
        id: rowId,
        name: rowName,
      }));
      planned = { rowsJson: String(rowsJson), renamed: deduplicatedNames(rows, Number(max)) };
    }
    return planned.renamed.get(Number(id)) ?? String(name);
  });
}

/** Which fold `pets.name_folded` holds: migration 0002 filled it with `foldName`, which keeps accents. */
const PET_SEARCH_FOLD = 'foldForSearch 1';

/**
 * Pets' folded names in the search form (`foldForSearch`), once per database and again whenever
 * that form changes: a search for "zoe" finds the "Zoë" an earlier version stored. After migrations.
 */
export function refoldPetNames(sqlite: Database.Database): void {
  const stored = sqlite.prepare<[], { value: string }>(`SELECT value FROM meta WHERE key = 'pet_search_fold'`).get();
  if (stored?.value === PET_SEARCH_FOLD) return;
  sqlite.transaction(() => {
    sqlite.prepare('UPDATE pets SET name_folded = adk_fold_search(name)').run();
    sqlite
      .prepare(
        `INSERT INTO meta (key, value) VALUES ('pet_search_fold', ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value`,
      )
      .run(PET_SEARCH_FOLD);
  })();
}

/** `text` as a LIKE pattern matches it literally: `%`, `_` and the escape itself escaped (use with `ESCAPE '\\'`). */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (character) => `\\${character}`);
}
