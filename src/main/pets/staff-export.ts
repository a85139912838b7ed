import path from 'node:path';
import type { CsvSeparator } from '../../shared/csv-separator';
import { PET_PROFILE_FIELDS } from '../../shared/pet-profile';
import { writeFileAtomically } from '../files/atomic-write';
import { csvText, type CsvCell } from '../files/csv';
import type { PetExportRow } from './profiles';

/** The columns of the staff export, in order: what `pets import` reads back (it ignores id, createdAt and updatedAt). */
export const EXPORT_COLUMNS = [
  'id',
  'name',
  'categoryId',
  'status',
  'createdAt',
  'updatedAt',
  ...PET_PROFILE_FIELDS,
] as const;

/** One pet as a flat row: the record's fields, then every profile field (private ones included), absent ones left out. */
function flatRow({ pet, profile }: PetExportRow): Record<string, unknown> {
  return { ...pet, ...profile };
}

/** A value as its CSV cell: yes/no for a boolean, as `pets import` reads it back. */
function csvCell(value: unknown): CsvCell {
  if (value === undefined || value === null) return null;
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  return typeof value === 'number' ? value : String(value);
}

function* csvRows(rows: Iterable<PetExportRow>): Iterable<CsvCell[]> {
  for (const row of rows) {
    const flat = flatRow(row);
    yield EXPORT_COLUMNS.map((column) => csvCell(flat[column]));
  }
}

/** The export's text; a CSV's cells separated as `separator` says (`semicolon` for a spreadsheet set to French). */
export function exportText(
  rows: Iterable<PetExportRow>,
  format: 'csv' | 'json',
  separator: CsvSeparator = 'comma',
): string {
  if (format === 'json') return `${JSON.stringify([...rows].map(flatRow), null, 2)}\n`;
  return csvText(EXPORT_COLUMNS, csvRows(rows), { separator });
}

/**
 * Writes the export whole or not at all (a temporary file renamed into place), readable by its
 * owner only: it holds the private fields. Returns how many pets it holds.
 */
export function writePetExport(
  file: string,
  rows: Iterable<PetExportRow>,
  format?: 'csv' | 'json',
  separator?: CsvSeparator,
): number {
  let count = 0;
  const counted = (function* () {
    for (const row of rows) {
      count += 1;
      yield row;
    }
  })();
  writeFileAtomically(
    file,
    exportText(counted, format ?? (path.extname(file).toLowerCase() === '.json' ? 'json' : 'csv'), separator),
  );
  return count;
}
