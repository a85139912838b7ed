import path from 'node:path';
import { PET_PROFILE_FIELDS } from '../../shared/pet-profile';
import { writeFileAtomically } from '../files/atomic-write';
import type { PetExportRow } from '../pets/profiles';

/** The columns of the staff export, in order: what `pets import` reads back (it ignores id, createdAt and updatedAt). */
export const EXPORT_COLUMNS = ['id', 'name', 'categoryId', 'status', 'createdAt', 'updatedAt', ...PET_PROFILE_FIELDS] as const;

/** One pet as a flat row: the record's fields, then every profile field (private ones included), absent ones left out. */
function flatRow({ pet, profile }: PetExportRow): Record<string, unknown> {
  return { ...pet, ...profile };
}

/** RFC 4180: a field with a comma, quote or line break is quoted, its quotes doubled. */
function csvField(value: unknown): string {
  if (value === undefined || value === null) return '';
  const text = typeof value === 'boolean' ? (value ? 'yes' : 'no') : String(value);
  return /[",\r\n]/.test(text) || text !== text.trim() ? `"${text.replace(/"/g, '""')}"` : text;
}

export function exportText(rows: Iterable<PetExportRow>, format: 'csv' | 'json'): string {
  if (format === 'json') return `${JSON.stringify([...rows].map(flatRow), null, 2)}\n`;
  const lines = [EXPORT_COLUMNS.join(',')];
  for (const row of rows) {
    const flat = flatRow(row);
    lines.push(EXPORT_COLUMNS.map((column) => csvField(flat[column])).join(','));
  }
  return `${lines.join('\r\n')}\r\n`;
}

/**
 * Writes the export whole or not at all (a temporary file renamed into place), readable by its
 * owner only: it holds the private fields. Returns how many pets it holds.
 */
export function writePetExport(file: string, rows: Iterable<PetExportRow>, format?: 'csv' | 'json'): number {
  let count = 0;
  const counted = (function* () {
    for (const row of rows) {
      count += 1;
      yield row;
    }
  })();
  writeFileAtomically(file, exportText(counted, format ?? (path.extname(file).toLowerCase() === '.json' ? 'json' : 'csv')));
  return count;
}
